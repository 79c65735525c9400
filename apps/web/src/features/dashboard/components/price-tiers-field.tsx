import { useId } from 'react';
import { z } from 'zod';
import { priceTiersCopy } from '@shop/shared/copy/price-tiers';
import { MAX_PRICE_TIERS, priceTiersProblem } from '@shop/shared/pricing';
import { priceTierSchema, type Product } from '@shop/shared/schemas/product';
import { fieldAria, fieldErrorId } from '../../../components/ui/form-field';

const t = priceTiersCopy;

/** A tier as the form holds it: the text of its two boxes. */
export interface PriceTierRow {
  minQuantity: string;
  unitPrice: string;
}

const requiredNumber = (schema: z.ZodType<number, unknown>, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((value, ctx) => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });

/** The form's tier list: each box checked with the shared tier rules; the list rules (order, count) are checked with the minimum order. */
export const priceTierRowsSchema = z.array(
  z.object({
    minQuantity: requiredNumber(priceTierSchema.shape.minQuantity, t.quantityRequired),
    unitPrice: requiredNumber(priceTierSchema.shape.unitPrice, t.priceRequired),
  }),
);

/** What is wrong with the list as a whole (order, count, a tier at or below the minimum order), or null; shared with the server. */
export function priceTierRowsProblem(rows: { minQuantity: number; unitPrice: number }[], minOrder: unknown): string | null {
  const m = Number(minOrder);
  if (!Number.isInteger(m) || m < 1) return null; // the minimum order box has its own message
  return priceTiersProblem(rows, m);
}

export const tierRowsOf = (p?: Pick<Product, 'priceTiers'>): PriceTierRow[] =>
  (p?.priceTiers ?? []).map((tier) => ({ minQuantity: String(tier.minQuantity), unitPrice: tier.unitPrice.toFixed(2) }));

interface PriceTiersFieldProps {
  value: PriceTierRow[];
  onChange(next: PriceTierRow[]): void;
  /** The message of one box (row i), if any. */
  rowError(i: number, box: keyof PriceTierRow): string | undefined;
  /** A message about the whole list. */
  error?: string;
}

/**
 * Issue #11 part 5 (decision 131): the product form's quantity prices. Each
 * row is "from this quantity, this price per lot"; rows can be added (up to
 * MAX_PRICE_TIERS) and removed. An empty list means one price for every quantity.
 */
export function PriceTiersField({ value, onChange, rowError, error }: PriceTiersFieldProps) {
  const id = useId();
  const set = (i: number, box: keyof PriceTierRow, text: string) => onChange(value.map((row, j) => (j === i ? { ...row, [box]: text } : row)));
  return (
    <fieldset className="rounded-box border border-base-300 p-4" aria-describedby={`${id}-hint${error ? ` ${fieldErrorId(id)}` : ''}`}>
      <legend className="px-1 text-sm font-semibold">{t.formTitle}</legend>
      <p id={`${id}-hint`} className="text-xs text-base-content/75">
        {t.formHint}
      </p>
      {value.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/80">{t.none}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3">
          {value.map((row, i) => {
            const n = i + 1;
            const qId = `${id}-q-${i}`;
            const pId = `${id}-p-${i}`;
            const qError = rowError(i, 'minQuantity');
            const pError = rowError(i, 'unitPrice');
            return (
              <li key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2">
                <div className="flex flex-col gap-1">
                  <label htmlFor={qId} className="text-xs font-semibold">
                    <span aria-hidden="true">{t.fromQuantity}</span>
                    <span className="sr-only">{t.tierQuantityLabel(n)}</span>
                  </label>
                  <input
                    id={qId}
                    type="number"
                    inputMode="numeric"
                    min={2}
                    step={1}
                    className="input input-sm w-full tabular-nums aria-invalid:border-error"
                    value={row.minQuantity}
                    onChange={(e) => set(i, 'minQuantity', e.target.value)}
                    {...fieldAria(qId, { error: qError })}
                  />
                  {qError && (
                    <p id={fieldErrorId(qId)} role="alert" className="text-xs font-medium text-error">
                      {qError}
                    </p>
                  )}
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor={pId} className="text-xs font-semibold">
                    <span aria-hidden="true">{t.tierPrice}</span>
                    <span className="sr-only">{t.tierPriceLabel(n)}</span>
                  </label>
                  <input
                    id={pId}
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    step={0.01}
                    className="input input-sm w-full tabular-nums aria-invalid:border-error"
                    value={row.unitPrice}
                    onChange={(e) => set(i, 'unitPrice', e.target.value)}
                    {...fieldAria(pId, { error: pError })}
                  />
                  {pError && (
                    <p id={fieldErrorId(pId)} role="alert" className="text-xs font-medium text-error">
                      {pError}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost mt-5 text-error"
                  aria-label={t.removeTier(n)}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="mt-2 text-sm font-medium text-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline mt-3"
        disabled={value.length >= MAX_PRICE_TIERS}
        onClick={() => onChange([...value, { minQuantity: '', unitPrice: '' }])}
      >
        {t.addTier}
      </button>
    </fieldset>
  );
}
