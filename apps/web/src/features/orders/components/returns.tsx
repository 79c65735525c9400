import { useId, useState, type FormEvent } from 'react';
import { returnsCopy as t } from '@shop/shared/copy/returns';
import { refundFigures } from '@shop/shared/refunds';
import type { Purchase } from '@shop/shared/schemas/cart';
import { readLineQuantity } from '@shop/shared/schemas/order-lines';
import { RETURN_REASONS, RETURN_REASON_LABELS, type Return, type ReturnReason } from '@shop/shared/schemas/return';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { toastSuccess } from '../../../lib/toast';
import { FormError } from '../../identity/components/form-error';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';
import { useCreateReturn, useRefundReturn, useStepReturn } from '../api/returns';
import { refundableOrder } from './refund-order-dialog';
import { LineQuantities } from './line-quantities';
import { useDateFormat } from '../../../lib/date-format';
import { useNow } from '../../../lib/render-clock';
import { formatCount } from '@shop/shared/intl';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const badge: Record<Return['status'], string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-ghost',
  received: 'badge-accent',
  refunded: 'badge-neutral',
};

/** Units of each line the customer may still ask to return: shipped, less refunded, less in returns under way. */
export function returnableUnits(p: Purchase): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const s of p.shipments ?? []) for (const l of s.lines) shipped.set(l.orderId, (shipped.get(l.orderId) ?? 0) + l.quantity);
  const open = new Map<string, number>();
  for (const r of p.returns ?? []) {
    if (r.status === 'rejected' || r.status === 'refunded') continue;
    for (const l of r.lines) open.set(l.orderId, (open.get(l.orderId) ?? 0) + l.quantity);
  }
  const refunded = new Map(p.lines.map((l) => [l.orderId, l.refundedQuantity ?? 0]));
  return new Map(
    p.orders.map((o) => [o._id, Math.max(0, Math.min(shipped.get(o._id) ?? 0, o.quantity - (refunded.get(o._id) ?? 0)) - (open.get(o._id) ?? 0))]),
  );
}

/** Issue #25 item 4: the customer may ask for a return within the window, while some shipped units are left. */
export function canAskReturn(p: Purchase, now = new Date()): boolean {
  if (!p.returnableUntil || now.getTime() > new Date(p.returnableUntil).getTime()) return false;
  return [...returnableUnits(p).values()].some((n) => n > 0);
}

function ReturnRequestForm({ order: p, onClose }: { order: Purchase; onClose(): void }) {
  const id = useId();
  const ask = useCreateReturn();
  const left = returnableUnits(p);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; lines?: string; line?: Record<string, string> }>({});

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const line: Record<string, string> = {};
    const lines: { orderId: string; quantity: number }[] = [];
    for (const o of p.orders) {
      const max = left.get(o._id) ?? 0;
      const read = readLineQuantity(quantities[o._id] ?? '', max);
      if ('problem' in read) line[o._id] = read.problem;
      else if (read.quantity > 0) lines.push({ orderId: o._id, quantity: read.quantity });
    }
    const next = {
      line,
      reason: reason ? undefined : t.reasonMissing,
      lines: Object.keys(line).length === 0 && lines.length === 0 ? t.nothingChosen : undefined,
    };
    setErrors(next);
    if (Object.keys(line).length > 0 || next.reason || next.lines || !reason) return;
    ask.mutate(
      { ref: p.number, input: { lines, reason, note: note.trim() } },
      {
        onSuccess: () => {
          toastSuccess(t.requested(p.number));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={ask.isPending}>
      <p className="text-sm text-base-content/80">{t.dialogIntro}</p>
      <LineQuantities
        idPrefix={id}
        legend={t.linesLegend}
        lines={p.orders.map((o) => {
          const max = left.get(o._id) ?? 0;
          return { id: o._id, name: o.productName, max, hint: t.lineLeft(max) };
        })}
        values={quantities}
        onChange={(orderId, value) => setQuantities((q) => ({ ...q, [orderId]: value }))}
        label={t.quantityLabel}
        errors={errors.line}
        error={errors.lines}
      />
      <FormField id={`${id}-reason`} label={t.reasonLabel} error={errors.reason}>
        <select
          id={`${id}-reason`}
          className={`select select-bordered w-full ${errors.reason ? 'select-error' : ''}`}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as ReturnReason)}
          required
          {...fieldAria(`${id}-reason`, { error: errors.reason })}
        >
          <option value="" disabled>
            {t.reasonPlaceholder}
          </option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-note`} label={t.noteLabel}>
        <textarea
          id={`${id}-note`}
          className="textarea textarea-bordered w-full"
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </FormField>
      <FormError message={ask.error ? ask.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-primary min-w-40" disabled={ask.isPending} aria-busy={ask.isPending}>
          {ask.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.submit}
        </button>
      </div>
    </form>
  );
}

/** The customer's "Return parts…" button and dialog, while a return can be asked for. */
export function ReturnRequestAction({ purchase: p }: { purchase: Purchase }) {
  const [open, setOpen] = useState(false);
  const day = useDateFormat(DAY);
  const now = useNow();
  if (!canAskReturn(p, now)) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        {t.returnButton}
      </button>
      <p className="text-xs text-base-content/75">{t.windowOpen(day(p.returnableUntil!))}</p>
      <Modal open={open} onClose={() => setOpen(false)} title={t.dialogTitle(p.number)} size="md" closeLabel={t.cancel}>
        {open && <ReturnRequestForm order={p} onClose={() => setOpen(false)} />}
      </Modal>
    </div>
  );
}

function StepForm({ id, step, onClose }: { id: string; step: 'approve' | 'reject'; onClose(): void }) {
  const fieldId = useId();
  const run = useStepReturn();
  const [note, setNote] = useState('');
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    run.mutate({ id, step, note: note.trim() }, { onSuccess: () => (toastSuccess(t.done[step]), onClose()) });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={run.isPending}>
      <FormField id={fieldId} label={t.stepNoteLabel} hint={t.stepNoteHint}>
        <textarea
          id={fieldId}
          className="textarea textarea-bordered w-full"
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          {...fieldAria(fieldId, { hint: true })}
        />
      </FormField>
      <FormError message={run.error ? run.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className={`btn min-w-32 ${step === 'reject' ? 'btn-error' : 'btn-primary'}`} disabled={run.isPending}>
          {t[step]}
        </button>
      </div>
    </form>
  );
}

function RefundReturnForm({ purchase: p, ret, onClose }: { purchase: Purchase; ret: Return; onClose(): void }) {
  const run = useRefundReturn();
  const [restock, setRestock] = useState(true);
  const [shipping, setShipping] = useState(false);
  const order = refundableOrder(p);
  const preview = refundFigures(order, { lines: ret.lines, shipping, extraCents: 0 });
  const amount = preview.ok ? formatPrice(preview.figures.totalCents / 100) : '';
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    run.mutate({ id: ret._id, restock, shipping }, { onSuccess: () => (toastSuccess(t.done.refund(amount)), onClose()) });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={run.isPending}>
      {preview.ok ? (
        <p className="text-sm">{t.refundIntro(amount)}</p>
      ) : (
        <p role="alert" className="text-sm font-medium text-error">
          {preview.message}
        </p>
      )}
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
        <span className="text-sm">{t.restockLabel}</span>
      </label>
      {order.shippingCents > 0 && !order.shippingRefunded && (
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={shipping} onChange={(e) => setShipping(e.currentTarget.checked)} />
          <span className="text-sm">{t.shippingLabel}</span>
        </label>
      )}
      <FormError message={run.error ? run.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-error min-w-40" disabled={run.isPending || !preview.ok} aria-busy={run.isPending}>
          {t.refundSubmit(amount)}
        </button>
      </div>
    </form>
  );
}

function AdminSteps({ purchase: p, ret }: { purchase: Purchase; ret: Return }) {
  const [open, setOpen] = useState<'approve' | 'reject' | 'receive' | 'refund' | null>(null);
  const receive = useStepReturn();
  const close = () => setOpen(null);
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {ret.status === 'requested' && (
        <>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen('approve')}>
            {t.approve}
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen('reject')}>
            {t.reject}
          </button>
        </>
      )}
      {ret.status === 'approved' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={receive.isPending}
          onClick={() => {
            receive.reset();
            setOpen('receive');
          }}
        >
          {t.receive}
        </button>
      )}
      {/* Issue #39 item 2 (decision 180): marking received asks first (the customer is e-mailed). */}
      <ConfirmDialog
        open={open === 'receive'}
        title={t.receiveTitle}
        confirmLabel={t.receive}
        cancelLabel={t.cancel}
        tone="primary"
        pending={receive.isPending}
        onCancel={close}
        onConfirm={() =>
          receive.mutate(
            { id: ret._id, step: 'receive' },
            {
              onSuccess: () => {
                toastSuccess(t.done.receive);
                close();
              },
              onError: close,
            },
          )
        }
      >
        <p>{t.receiveAsk(p.number)}</p>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {ret.lines.map((l) => (
            <li key={l.orderId}>
              {l.productName} × {formatCount(l.quantity)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm">{t.receiveHint}</p>
      </ConfirmDialog>
      {ret.status === 'received' && (
        <button type="button" className="btn btn-error btn-sm" onClick={() => setOpen('refund')}>
          {t.refund}
        </button>
      )}
      {receive.error && <FormError message={receive.error.message} />}
      <Modal
        open={open === 'approve' || open === 'reject'}
        onClose={close}
        title={open === 'reject' ? t.stepTitle.reject : t.stepTitle.approve}
        size="md"
        closeLabel={t.cancel}
      >
        {(open === 'approve' || open === 'reject') && <StepForm id={ret._id} step={open} onClose={close} />}
      </Modal>
      <Modal open={open === 'refund'} onClose={close} title={t.refundTitle} size="md" closeLabel={t.cancel}>
        {open === 'refund' && <RefundReturnForm purchase={p} ret={ret} onClose={close} />}
      </Modal>
    </div>
  );
}

/**
 * Issue #25 item 4 (decision 163): the order page's Returns — each return's
 * status, parts, reason and notes; for an admin, the next step's buttons.
 */
export function ReturnsSection({ purchase: p, admin }: { purchase: Purchase; admin: boolean }) {
  const day = useDateFormat(DAY);
  const list = p.returns ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="order-returns-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 id="order-returns-title" className="mb-3 font-display text-xl font-bold uppercase">
        {t.title}
      </h3>
      <ol className="flex flex-col gap-4">
        {list.map((r, i) => (
          <li key={r._id} className={i > 0 ? 'border-t border-base-300 pt-4' : ''}>
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className={`badge font-semibold ${badge[r.status]}`}>{t.status[r.status]}</span>
              <span className="text-sm text-base-content/75">{t.requestedOn(day(r.requestedAt))}</span>
            </p>
            <ul className="mt-2 flex flex-col gap-0.5 text-sm">
              {r.lines.map((l) => (
                <li key={l.orderId}>
                  {l.productName} <span className="whitespace-nowrap text-base-content/75 tabular-nums">× {formatCount(l.quantity)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm">
              <span className="text-base-content/75">{t.reason}: </span>
              {RETURN_REASON_LABELS[r.reason]}
            </p>
            {r.note && (
              <p className="text-sm break-words">
                <span className="text-base-content/75">{t.yourNote}: </span>
                {r.note}
              </p>
            )}
            {r.decisionNote && (
              <p className="text-sm break-words">
                <span className="text-base-content/75">{t.shopNote}: </span>
                {r.decisionNote}
              </p>
            )}
            {admin && <AdminSteps purchase={p} ret={r} />}
          </li>
        ))}
      </ol>
    </section>
  );
}
