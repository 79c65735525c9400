import { useId, useMemo, useState, type FormEvent } from 'react';
import { refundsCopy as t } from '@shop/shared/copy/refunds';
import { refundFigures } from '@shop/shared/refunds';
import type { Purchase } from '@shop/shared/schemas/cart';
import { readLineQuantity } from '@shop/shared/schemas/order-lines';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { toastSuccess } from '../../../lib/toast';
import { TextInput } from '../../identity/components/text-input';
import { FormError } from '../../identity/components/form-error';
import { useCreateRefund } from '../api/create-refund';
import { LineQuantities } from './line-quantities';

const cents = (dollars: number) => Math.round(dollars * 100);

/** A version 4 UUID; crypto.randomUUID exists only on secure pages (https, localhost), getRandomValues everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** What is left to refund on a paid order, in dollars (0 for an order not paid). */
export function leftToRefund(p: Purchase): number {
  const paid = p.orders.length > 0 && p.orders.every((o) => o.paid);
  return paid ? Math.max(0, (cents(p.total) - cents(p.refunded ?? 0)) / 100) : 0;
}

/** Issue #25 item 3: a paid order can be refunded while something of it is left. */
export const canRefund = (p: Purchase) => leftToRefund(p) > 0;

/** The order as refundFigures reads it: the lines' cents, units refunded, shipping and what the payment took. */
export function refundableOrder(p: Purchase) {
  const refunded = new Map(p.lines.map((l) => [l.orderId, l.refundedQuantity ?? 0]));
  const tax = new Map(p.lines.map((l) => [l.orderId, cents(l.tax)]));
  const lineTax = p.lines.reduce((s, l) => s + cents(l.tax), 0);
  return {
    lines: p.orders.map((o) => ({
      orderId: o._id,
      quantity: o.quantity,
      priceCents: cents(o.price),
      taxCents: tax.get(o._id) ?? 0,
      refundedQuantity: refunded.get(o._id) ?? 0,
    })),
    shippingCents: cents(p.shipping),
    shippingTaxCents: Math.max(0, cents(p.tax) - lineTax),
    shippingRefunded: (p.refunds ?? []).some((r) => r.shipping > 0),
    taxIncluded: p.taxIncluded,
    paidCents: cents(p.total),
    refundedCents: cents(p.refunded ?? 0),
  };
}

function RefundOrderForm({ order: p, onClose }: { order: Purchase; onClose(): void }) {
  const id = useId();
  const refund = useCreateRefund();
  const order = useMemo(() => refundableOrder(p), [p]);
  // One key per opening of the dialog: a double click or a retry after a lost answer is the same refund.
  const [idempotencyKey] = useState(newKey);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [shipping, setShipping] = useState(false);
  const [extra, setExtra] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [errors, setErrors] = useState<{ reason?: string; extra?: string; line?: Record<string, string> }>({});

  const left = new Map(order.lines.map((l) => [l.orderId, l.quantity - l.refundedQuantity]));
  const extraText = extra.trim();
  const extraOk = extraText === '' || /^\d+(\.\d{1,2})?$/.test(extraText);
  const wantedLines = order.lines.flatMap((l) => {
    const n = Number((quantities[l.orderId] ?? '').trim() || '0');
    return Number.isInteger(n) && n > 0 ? [{ orderId: l.orderId, quantity: n }] : [];
  });
  const preview = refundFigures(order, { lines: wantedLines, shipping, extraCents: extraOk && extraText ? cents(Number(extraText)) : 0 });
  const shippingDone = order.shippingRefunded;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const line: Record<string, string> = {};
    for (const l of order.lines) {
      const read = readLineQuantity(quantities[l.orderId] ?? '', left.get(l.orderId) ?? 0);
      if ('problem' in read) line[l.orderId] = read.problem;
    }
    const next = { line, reason: reason.trim() ? undefined : 'Say why it is refunded.', extra: extraOk ? undefined : t.extraInvalid };
    setErrors(next);
    if (Object.keys(line).length > 0 || next.reason || next.extra || !preview.ok) return;
    refund.mutate(
      {
        ref: p.number,
        input: { lines: wantedLines, shipping, amount: extraText ? Number(extraText) : 0, reason: reason.trim(), restock, idempotencyKey },
      },
      {
        onSuccess: () => {
          toastSuccess(t.refunded(formatPrice(preview.figures.totalCents / 100), p.number));
          onClose();
        },
      },
    );
  }

  const soFar = preview.ok ? preview.figures.totalCents / 100 : 0;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={refund.isPending}>
      <p className="text-sm text-base-content/80">{t.dialogIntro}</p>
      <p className="text-sm font-medium">{t.leftToRefund(formatPrice(leftToRefund(p)))}</p>
      <LineQuantities
        idPrefix={id}
        legend={t.linesLegend}
        lines={p.orders.map((o) => {
          const max = left.get(o._id) ?? 0;
          return { id: o._id, name: o.productName, max, hint: t.lineLeft(max, o.quantity) };
        })}
        values={quantities}
        onChange={(orderId, value) => setQuantities((q) => ({ ...q, [orderId]: value }))}
        label={t.quantityLabel}
        errors={errors.line}
      />
      {order.shippingCents > 0 && (
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5"
            checked={shipping}
            disabled={shippingDone}
            onChange={(e) => setShipping(e.currentTarget.checked)}
          />
          <span className="text-sm">
            {shippingDone ? t.shippingDone : t.shippingLabel(formatPrice((order.shippingCents + (p.taxIncluded ? 0 : order.shippingTaxCents)) / 100))}
          </span>
        </label>
      )}
      <TextInput
        id={`${id}-extra`}
        label={t.extraLabel}
        hint={t.extraHint}
        inputMode="decimal"
        value={extra}
        onChange={(e) => setExtra(e.currentTarget.value)}
        error={errors.extra}
        autoComplete="off"
        className="tabular-nums"
      />
      <FormField id={`${id}-reason`} label={t.reasonLabel} hint={t.reasonHint} error={errors.reason}>
        <textarea
          id={`${id}-reason`}
          className={`textarea textarea-bordered w-full ${errors.reason ? 'textarea-error' : ''}`}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          {...fieldAria(`${id}-reason`, { error: errors.reason, hint: true })}
        />
      </FormField>
      {wantedLines.length > 0 && (
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
          <span className="text-sm">{t.restockLabel}</span>
        </label>
      )}
      {!preview.ok && (wantedLines.length > 0 || shipping || extraText !== '') && (
        <p role="alert" className="text-sm font-medium text-error">
          {preview.message}
        </p>
      )}
      <FormError message={refund.error ? refund.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-error min-w-40" disabled={refund.isPending || !preview.ok} aria-busy={refund.isPending}>
          {refund.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.submit(formatPrice(soFar))}
        </button>
      </div>
    </form>
  );
}

/**
 * Issue #25 item 3 (decision 162): the admin refunds a paid order — units of
 * its lines, the shipping, or another amount, with a reason and, for units,
 * whether they go back in stock — then POST /purchases/{number}/refunds. The
 * figures are the server's rule (@shop/shared refundFigures), shown before.
 */
export function RefundOrderDialog({ order, onClose }: { order: Purchase | null; onClose(): void }) {
  return (
    <Modal open={order !== null} onClose={onClose} title={order ? t.dialogTitle(order.number) : ''} size="md" closeLabel={t.cancel}>
      {order && <RefundOrderForm key={order._id} order={order} onClose={onClose} />}
    </Modal>
  );
}
