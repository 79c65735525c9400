import { useId, useState, type FormEvent } from 'react';
import { CARRIERS, type CarrierId } from '@shop/shared/carriers';
import { shipmentsCopy as t } from '@shop/shared/copy/shipments';
import type { Purchase } from '@shop/shared/schemas/cart';
import { readLineQuantity } from '@shop/shared/schemas/order-lines';
import { createShipmentSchema } from '@shop/shared/schemas/shipment';
import { Modal } from '../../../components/ui/modal';
import { FormField } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { TextInput } from '../../identity/components/text-input';
import { FormError } from '../../identity/components/form-error';
import { useCreateShipment } from '../api/create-shipment';
import { LineQuantities } from './line-quantities';

/** Issue #25: an order can be shipped while it is paid and some of its units have not left yet. */
export const canShip = (p: Purchase) =>
  // Decision 208: an order on the company's account ships before it is paid.
  (p.status === 'paid' || p.status === 'partially_shipped' || (p.status === 'unpaid' && p.onAccount !== undefined)) &&
  [...unitsLeft(p).values()].some((n) => n > 0);

/** Units of each line still to ship: ordered minus shipped; none for a line delivered, unpaid or to be refunded. */
export function unitsLeft(p: Purchase): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const s of p.shipments ?? []) for (const l of s.lines) shipped.set(l.orderId, (shipped.get(l.orderId) ?? 0) + l.quantity);
  const held = (o: Purchase['orders'][number]) => o.paid || (p.onAccount !== undefined && o.status === 'unpaid');
  return new Map(p.orders.map((o) => [o._id, held(o) && !o.deleverd && !o.refundDue ? Math.max(0, o.quantity - (shipped.get(o._id) ?? 0)) : 0]));
}

/** The carrier the order's shipping method names ("USPS Ground Advantage" → USPS), or UPS. */
function carrierOf(p: Purchase): CarrierId {
  const named = `${p.shippingMethod?.carrier ?? ''} ${p.shippingMethod?.name ?? ''}`.toLowerCase();
  const found = CARRIERS.find((c) => c.id !== 'other' && new RegExp(`\\b${c.name.toLowerCase().replace(/[+]/g, '\\+')}\\b`).test(named));
  return found?.id ?? 'ups';
}

/** Today in the admin's own time zone, as the date input wants it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function ShipOrderForm({ order: p, onClose }: { order: Purchase; onClose(): void }) {
  const id = useId();
  const ship = useCreateShipment();
  const left = unitsLeft(p);
  const [carrier, setCarrier] = useState<CarrierId>(() => carrierOf(p));
  const [trackingNumber, setTrackingNumber] = useState('');
  const [date, setDate] = useState(today);
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(p.orders.map((o) => [o._id, String(left.get(o._id) ?? 0)])));
  const [errors, setErrors] = useState<{ tracking?: string; lines?: string; line?: Record<string, string> }>({});

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const lineErrors: Record<string, string> = {};
    const lines: { orderId: string; quantity: number }[] = [];
    for (const o of p.orders) {
      const max = left.get(o._id) ?? 0;
      if (max === 0) continue;
      const read = readLineQuantity(quantities[o._id] ?? '', max);
      if ('problem' in read) lineErrors[o._id] = read.problem;
      else if (read.quantity > 0) lines.push({ orderId: o._id, quantity: read.quantity });
    }
    // Issue #39 item 7 (decision 184): shipped today is shipped now, to the minute; an earlier day has no time (the API
    // puts it at noon UTC, not before the payment). Sending only the day put a parcel sent at 22:45 at noon.
    const shippedAt = !date ? undefined : date === today() ? new Date().toISOString() : date;
    const checked = createShipmentSchema.safeParse({ carrier, trackingNumber, shippedAt, lines });
    const trackingIssue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'trackingNumber')?.message;
    const next = {
      tracking: trackingIssue,
      line: lineErrors,
      lines: Object.keys(lineErrors).length === 0 && lines.length === 0 ? t.nothingToShip : undefined,
    };
    setErrors(next);
    if (!checked.success || Object.keys(lineErrors).length > 0) return;
    ship.mutate(
      { ref: p.number, input: checked.data },
      {
        onSuccess: (after) => {
          toastSuccess(t.shipped(p.number, after.status === 'shipped'));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={ship.isPending}>
      <p className="text-sm text-base-content/80">{t.dialogIntro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-carrier`} label={t.carrierLabel}>
          <select
            id={`${id}-carrier`}
            className="select select-bordered h-12 w-full"
            value={carrier}
            onChange={(e) => setCarrier(e.currentTarget.value as CarrierId)}
          >
            {CARRIERS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <TextInput id={`${id}-date`} label={t.dateLabel} type="date" value={date} max={today()} onChange={(e) => setDate(e.currentTarget.value)} required />
      </div>
      <TextInput
        id={`${id}-tracking`}
        label={t.trackingLabel}
        hint={t.trackingHint}
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.currentTarget.value)}
        error={errors.tracking}
        maxLength={80}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        required
      />
      <LineQuantities
        idPrefix={id}
        legend={t.linesLegend}
        lines={p.orders.map((o) => {
          const max = left.get(o._id) ?? 0;
          return { id: o._id, name: o.productName, max, hint: max === 0 ? t.lineDone : t.lineLeft(max, o.quantity) };
        })}
        values={quantities}
        onChange={(orderId, value) => setQuantities((q) => ({ ...q, [orderId]: value }))}
        label={t.quantityLabel}
        errors={errors.line}
        error={errors.lines}
      />
      <FormError message={ship.error ? ship.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-primary min-w-40" disabled={ship.isPending} aria-busy={ship.isPending}>
          {ship.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.submit}
        </button>
      </div>
    </form>
  );
}

/**
 * Issue #25 (decision 157): the admin records a parcel of a paid order —
 * carrier, tracking number, date (today by default) and per line the units in
 * it (what is left to ship by default) — then POST /purchases/{number}/shipments.
 */
export function ShipOrderDialog({ order, onClose }: { order: Purchase | null; onClose(): void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? t.dialogTitle(order.number) : ''} size="md" closeLabel={t.cancel}>
      {order && <ShipOrderForm key={order._id} order={order} onClose={onClose} />}
    </Modal>
  );
}

/** The button that opens it, for an order that can ship. */
export function ShipOrderButton({
  order,
  onShip,
  className = 'btn btn-outline btn-primary btn-sm',
}: {
  order: Purchase;
  onShip(order: Purchase): void;
  className?: string;
}) {
  if (!canShip(order)) return null;
  return (
    <button type="button" className={className} onClick={() => onShip(order)}>
      {t.shipButton}
      <span className="sr-only"> {order.number}</span>
    </button>
  );
}
