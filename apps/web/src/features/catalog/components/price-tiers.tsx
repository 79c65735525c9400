import { Fragment, useId } from 'react';
import { priceTiersCopy } from '@shop/shared/copy/price-tiers';
import { applicableTier } from '@shop/shared/pricing';
import type { Product } from '@shop/shared/schemas/product';
import { piecePrice } from '@shop/shared/piece-price';
import { formatCount } from '@shop/shared/intl';

const t = priceTiersCopy;

type Priced = Pick<Product, 'unitPrice' | 'minOrder' | 'stock'> & { priceTiers?: Product['priceTiers'] };

interface Row {
  minQuantity: number;
  unitPrice: number;
  base: boolean;
}

/** The base price (from the minimum order) and each tier, in quantity order; the one for `quantity` is marked. */
function rowsOf(p: Priced, quantity: number): { rows: Row[]; current: Row | null } {
  const rows: Row[] = [{ minQuantity: p.minOrder, unitPrice: p.unitPrice, base: true }, ...(p.priceTiers ?? []).map((tier) => ({ ...tier, base: false }))];
  const current = quantity > 0 ? applicableTier(rows, quantity) : null;
  return { rows, current };
}

/**
 * Issue #11 part 5 (decision 131): the quantity prices of a part, with the one
 * that prices `quantity` marked (0: no quantity chosen yet). Nothing for a part without tiers.
 */
export function PriceTiersTable({ product: p, quantity = 0 }: { product: Priced; quantity?: number }) {
  const id = useId();
  if (!p.priceTiers?.length) return null;
  const { rows, current } = rowsOf(p, quantity);
  const next = quantity > 0 ? rows.find((r) => r.minQuantity > quantity && r.minQuantity <= p.stock) : undefined;
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 p-4">
      <h2 id={id} className="font-display text-lg font-bold uppercase">
        {t.title}
      </h2>
      <table className="table table-sm mt-2">
        <thead>
          <tr>
            <th scope="col">{t.quantityHeader}</th>
            <th scope="col" className="text-right">
              {t.priceHeader}
            </th>
            <th scope="col" className="text-right">
              {t.lotHeader}
            </th>
            <th scope="col" className="w-20">
              <span className="sr-only">{t.applies}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const applies = r === current;
            const price = piecePrice(r.unitPrice, p.minOrder);
            return (
              <tr key={r.minQuantity} aria-current={applies ? 'true' : undefined} className={applies ? 'bg-primary/10 font-semibold' : undefined}>
                <th scope="row" className="font-normal">
                  {r.base ? t.base(formatCount(r.minQuantity)) : t.from(formatCount(r.minQuantity))}
                </th>
                <td className="text-right font-semibold tabular-nums">{price.eachText}</td>
                <td className="text-right tabular-nums text-base-content/80">{t.perLot(price.lot)}</td>
                <td className="text-right">{applies && <span className="badge badge-primary badge-sm">{t.applies}</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-base-content/75">{next ? nextTierText(next, quantity, p.minOrder) : t.note}</p>
    </section>
  );
}

function nextTierText(next: Row, quantity: number, minOrder: number): string {
  const price = piecePrice(next.unitPrice, minOrder);
  return t.nextTier(formatCount(next.minQuantity - quantity), formatCount(next.minQuantity), price.eachText, price.lot);
}

function tierLine(tier: { minQuantity: number; unitPrice: number }, minOrder: number): string {
  const price = piecePrice(tier.unitPrice, minOrder);
  return t.line(formatCount(tier.minQuantity), price.eachText, price.lot);
}

/** One line for the cart: every tier, the one that prices this line in bold. Nothing without tiers. */
export function PriceTiersLine({ product: p, quantity }: { product: Priced; quantity: number }) {
  if (!p.priceTiers?.length) return null;
  const current = applicableTier(p.priceTiers, quantity);
  return (
    <p className="mt-1 text-sm text-base-content/80">
      <span className="font-semibold">{t.title}:</span>{' '}
      {p.priceTiers.map((tier, i) => (
        <Fragment key={tier.minQuantity}>
          {i > 0 && ' · '}
          {tier === current ? (
            <strong className="text-base-content">
              {tierLine(tier, p.minOrder)} ({t.applies.toLowerCase()})
            </strong>
          ) : (
            <span>{tierLine(tier, p.minOrder)}</span>
          )}
        </Fragment>
      ))}
    </p>
  );
}
