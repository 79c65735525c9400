import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import type { PriceListDetail, PriceListPrice } from '@shop/shared/schemas/price-list';
import { centPriceSchema, type Product } from '@shop/shared/schemas/product';
import { FormField, fieldAria, fieldErrorId, fieldHintId } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { toastSuccess } from '../../../lib/toast';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { PriceTiersField, priceTierRowsProblem, priceTierRowsSchema, tierRowsOf, type PriceTierRow } from '../../dashboard/components/price-tiers-field';
import { adminProductsQueryOptions } from '../../dashboard/api/get-admin-products';
import { useRemoveListPrice, useSetListPrice } from '../api/price-lists';

const t = priceListsCopy;
/** How many parts a search offers to choose from. */
const FOUND_LIMIT = 10;
const lotPriceSchema = centPriceSchema(t.lotPriceLabel);

/** The part a price is set for: one found by the search, or a row of the table (Change). */
interface ChosenPart {
  productId: string;
  sku: string;
  name: string;
  minOrder: number;
  publicPrice: number;
}
interface Draft {
  part: ChosenPart;
  lotPrice: string;
  tiers: PriceTierRow[];
}

const partOfProduct = (p: Product): ChosenPart => ({ productId: p._id, sku: p.sku, name: p.name, minOrder: p.minOrder, publicPrice: p.unitPrice });
const draftOfRow = (row: PriceListPrice): Draft => ({
  part: { productId: row.productId, sku: row.sku, name: row.name, minOrder: row.minOrder, publicPrice: row.publicPrice },
  lotPrice: row.unitPrice.toFixed(2),
  tiers: tierRowsOf(row),
});
/** Part numbers compared as the search reads them: case, spaces, dots, dashes and slashes aside. */
const skuKey = (s: string) => s.toLowerCase().replace(/[\s./-]+/g, '');

/** The list's part prices (a table; Change fills the form below, Remove asks first) and the form that sets one. */
export function PriceListPrices({ list }: { list: PriceListDetail }) {
  const remove = useRemoveListPrice();
  const [toRemove, setToRemove] = useState<PriceListPrice | null>(null);
  // Change: the form below starts again from the row (a new key), with its lot price box focused.
  const [draft, setDraft] = useState<{ key: number; value: Draft | null }>({ key: 0, value: null });

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="text-sm text-base-content/80">{t.pricesIntro}</p>
      {list.prices.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.pricesEmpty}</p>
      ) : (
        // A phone scrolls the table sideways inside its box, which the keyboard can reach (axe: scrollable-region-focusable).
        <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label={t.pricesCaption(list.name)}>
          <table className="table table-sm">
            <caption className="sr-only">{t.pricesCaption(list.name)}</caption>
            {/* Headers wrap, and the two actions stack, so the table fits the dashboard at 1280 px without scrolling. */}
            <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80 [&_th]:whitespace-normal">
              <tr>
                <th scope="col">{t.colPartNumber}</th>
                <th scope="col">{t.colPartName}</th>
                <th scope="col" className="text-right">
                  {t.colMinOrder}
                </th>
                <th scope="col" className="text-right">
                  {t.colPublicPrice}
                </th>
                <th scope="col" className="text-right">
                  {t.colLotPrice}
                </th>
                <th scope="col">{t.colTiers}</th>
                <th scope="col">
                  <span className="sr-only">{t.colActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.prices.map((p) => (
                <tr key={p.productId} className="hover:bg-base-200/60">
                  <th scope="row" className="min-w-28 font-mono text-sm wrap-anywhere">
                    {p.sku}
                  </th>
                  <td className="min-w-32 wrap-anywhere">{p.name}</td>
                  <td className="text-right tabular-nums">{p.minOrder}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{formatPrice(p.publicPrice)}</td>
                  <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatPrice(p.unitPrice)}</td>
                  <td className="min-w-28">
                    {p.priceTiers.length === 0 ? (
                      t.noTiers
                    ) : (
                      <ul className="text-sm">
                        {p.priceTiers.map((tier) => (
                          <li key={tier.minQuantity} className="whitespace-nowrap tabular-nums">
                            {t.tier(tier.minQuantity, formatPrice(tier.unitPrice))}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <div className="flex flex-col items-end gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        aria-label={t.changeNamed(p.sku)}
                        onClick={() => setDraft((d) => ({ key: d.key + 1, value: draftOfRow(p) }))}
                      >
                        {t.change}
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={t.removeNamed(p.sku)} onClick={() => setToRemove(p)}>
                        {t.remove}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="price-list-set-price" className="min-w-0">
        <h4 id="price-list-set-price" className="mb-3 font-bold">
          {t.setPriceTitle}
        </h4>
        <SetPriceForm key={draft.key} listId={list._id} initial={draft.value} />
      </section>
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove ? t.removeConfirm(toRemove.sku) : ''}
        confirmLabel={t.remove}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && mutateThenClose(remove, { id: list._id, productId: toRemove.productId }, t.removed(toRemove.sku), () => setToRemove(null))}
      >
        <p>{t.removeHint}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * "Set a part's price": find the part by its number or name (the admin's product search), choose it, then give its
 * price of one minimum-order lot on this list and, optionally, lower lot prices from a larger quantity.
 */
function SetPriceForm({ listId, initial }: { listId: string; initial: Draft | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const setPrice = useSetListPrice();
  const [query, setQuery] = useState('');
  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<{ q: string; parts: ChosenPart[] } | null>(null);
  const [part, setPart] = useState<ChosenPart | null>(initial?.part ?? null);
  const [lotPrice, setLotPrice] = useState(initial?.lotPrice ?? '');
  const [tiers, setTiers] = useState<PriceTierRow[]>(initial?.tiers ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lotPriceInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (initial) lotPriceInput.current?.focus();
  }, [initial]);

  const find = async () => {
    const q = query.trim();
    setErrors({});
    if (!q) return setErrors({ query: t.partRequired });
    setFinding(true);
    try {
      const page = await queryClient.fetchQuery(adminProductsQueryOptions(1, false, q, FOUND_LIMIT));
      const parts = page.items.map(partOfProduct);
      setFound({ q, parts });
      // A part number typed in full picks its part at once.
      const exact = parts.filter((p) => skuKey(p.sku) === skuKey(q));
      setPart(exact.length === 1 ? exact[0]! : null);
    } catch (err) {
      setErrors({ query: (err as Error).message });
    } finally {
      setFinding(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!part) return setErrors({ query: t.partRequired });
    const next: Record<string, string> = {};
    const price = lotPriceSchema.safeParse(lotPrice);
    if (!price.success) next.lotPrice = lotPrice.trim() === '' ? t.lotPriceRequired : price.error.issues[0]!.message;
    const rows = priceTierRowsSchema.safeParse(tiers);
    if (!rows.success) {
      for (const issue of rows.error.issues) next[`tiers.${issue.path.slice(0, 2).join('.')}`] ??= issue.message;
    } else {
      const problem = priceTierRowsProblem(rows.data, part.minOrder);
      if (problem) next.tiers = problem;
    }
    if (Object.keys(next).length > 0 || !price.success || !rows.success) return setErrors(next);
    setPrice.mutate(
      { id: listId, productId: part.productId, input: { unitPrice: price.data, priceTiers: rows.data } },
      {
        onSuccess: () => {
          toastSuccess(t.priceSet(part.sku));
          setPart(null);
          setFound(null);
          setQuery('');
          setLotPrice('');
          setTiers([]);
          setErrors({});
        },
        onError: (err) => setErrors({ root: err.message }),
      },
    );
  };

  const fid = (f: string) => `${id}-${f}`;
  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={fid('query')} className="text-sm font-semibold">
          {t.findLabel}
        </label>
        <div className="flex min-w-0 flex-wrap gap-2">
          <input
            id={fid('query')}
            type="search"
            className="input min-w-0 flex-1 basis-48 aria-invalid:border-error"
            maxLength={200}
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Enter finds the part (it does not set a price that is not filled in yet).
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
            {...fieldAria(fid('query'), { error: errors.query, hint: true })}
          />
          <button type="button" className="btn btn-outline" onClick={() => void find()} disabled={finding} aria-busy={finding}>
            {finding && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {finding ? t.finding : t.find}
          </button>
        </div>
        <p id={fieldHintId(fid('query'))} className="text-xs text-base-content/75">
          {t.findHint}
        </p>
        {errors.query && (
          <p id={fieldErrorId(fid('query'))} role="alert" className="text-sm font-medium text-error wrap-anywhere">
            {errors.query}
          </p>
        )}
      </div>

      <div aria-live="polite" className="min-w-0">
        {found && found.parts.length === 0 && <p className="text-sm">{t.foundNone(found.q)}</p>}
        {found && found.parts.length > 0 && (
          <fieldset className="flex min-w-0 flex-col gap-1 rounded-box border border-base-300 p-3">
            <legend className="px-1 text-sm font-semibold">{t.foundTitle}</legend>
            {found.parts.map((p) => (
              <label key={p.productId} className="flex min-h-10 cursor-pointer items-start gap-3 py-1">
                <input
                  type="radio"
                  name={fid('part')}
                  className="radio radio-sm mt-1"
                  checked={part?.productId === p.productId}
                  onChange={() => {
                    setPart(p);
                    setErrors({});
                  }}
                />
                <span className="min-w-0">
                  <span className="block font-semibold wrap-anywhere">{t.foundOption(p.sku, p.name)}</span>
                  <span className="block text-xs text-base-content/75">{t.foundDetails(p.minOrder, formatPrice(p.publicPrice))}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </div>

      {part && (
        <div className="grid min-w-0 items-start gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <p className="text-sm font-semibold">{t.chosenPart}</p>
            <p className="wrap-anywhere">
              <span className="font-mono">{part.sku}</span> — {part.name}
            </p>
            <p className="text-xs text-base-content/75">{t.foundDetails(part.minOrder, formatPrice(part.publicPrice))}</p>
          </div>
          <FormField id={fid('lotPrice')} label={t.lotPrice} hint={t.lotPriceHint(part.minOrder)} error={errors.lotPrice}>
            <input
              ref={lotPriceInput}
              id={fid('lotPrice')}
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              className="input w-full tabular-nums aria-invalid:border-error"
              value={lotPrice}
              onChange={(e) => {
                setLotPrice(e.target.value);
                setErrors((er) => ({ ...er, lotPrice: '', root: '' }));
              }}
              {...fieldAria(fid('lotPrice'), { error: errors.lotPrice, hint: true })}
            />
          </FormField>
          <PriceTiersField
            value={tiers}
            onChange={(next) => {
              setTiers(next);
              setErrors((er) => Object.fromEntries(Object.entries(er).filter(([k]) => !k.startsWith('tiers'))));
            }}
            rowError={(i, box) => errors[`tiers.${i}.${box}`] || undefined}
            error={errors.tiers}
          />
        </div>
      )}

      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error wrap-anywhere">
          {errors.root}
        </p>
      )}
      {part && (
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary min-w-40" disabled={setPrice.isPending} aria-busy={setPrice.isPending}>
            {setPrice.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {setPrice.isPending ? t.settingPrice : t.setPrice}
          </button>
        </div>
      )}
    </form>
  );
}
