import { useEffect, useId, useState } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { STOCK_ADJUST_REASONS, type Product, type StockAdjustReason } from '@shop/shared/schemas/product';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useAdjustStock } from '../api/adjust-stock';
import { formatCount } from '@shop/shared/intl';

const t = orderFlowCopy;

/** Issue #8: a quick +/- on a product's stock with its reason; booked in the stock ledger by the server. */
export function AdjustStockDialog({ product, onClose }: { product: Product | null; onClose(): void }) {
  const id = useId();
  const adjust = useAdjustStock();
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<StockAdjustReason>('restock');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!product) return;
    setDirection('add');
    setAmount('');
    setReason('restock');
    setNote('');
    setError(null);
    setServerError(null);
  }, [product]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!product) return;
    const n = Number(amount);
    if (!/^\d+$/.test(amount.trim()) || n < 1) {
      setError(t.unitsRequired);
      return;
    }
    setError(null);
    setServerError(null);
    try {
      const saved = await adjust.mutateAsync({ id: product._id, delta: direction === 'add' ? n : -n, reason, note: note.trim() || undefined });
      toastSuccess(t.stockAdjusted(formatCount(saved.stock)));
      onClose();
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
    }
  };

  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  const noteId = `${id}-note`;
  const formId = `${id}-form`;
  return (
    <Modal
      open={product !== null}
      onClose={onClose}
      title={product ? t.adjustStockTitle(product.name) : t.adjustStockButton}
      size="md"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={adjust.isPending}>
            {t.close}
          </button>
          <button type="submit" form={formId} className="btn btn-primary min-w-32" disabled={adjust.isPending} aria-busy={adjust.isPending}>
            {adjust.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.adjustSave}
          </button>
        </>
      }
    >
      {product && (
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <p className="text-base-content/80">{t.adjustStockCurrent(formatCount(product.stock))}</p>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-semibold">{t.adjustDirection}</legend>
            {(['add', 'remove'] as const).map((d) => (
              <label key={d} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-direction`}
                  className="radio radio-sm"
                  checked={direction === d}
                  onChange={() => {
                    setDirection(d);
                    setReason(d === 'add' ? 'restock' : 'damaged');
                  }}
                />
                {d === 'add' ? t.adjustAdd : t.adjustRemove}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={amountId} label={t.adjustUnits} error={error ?? undefined}>
              <input
                id={amountId}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="input w-full tabular-nums aria-invalid:border-error"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                {...fieldAria(amountId, { error: error ?? undefined })}
              />
            </FormField>
            <FormField id={reasonId} label={t.adjustReason}>
              <select id={reasonId} className="select w-full" value={reason} onChange={(e) => setReason(e.target.value as StockAdjustReason)}>
                {STOCK_ADJUST_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t.reasons[r]}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <FormField id={noteId} label={t.adjustNote}>
            <input id={noteId} className="input w-full" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          {serverError && (
            <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
              {serverError}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
