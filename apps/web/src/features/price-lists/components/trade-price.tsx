import { tradePricesCopy as t } from '@shop/shared/copy/trade-prices';
import { piecePrice } from '@shop/shared/piece-price';
import { formatCount } from '@shop/shared/intl';
import type { MyPrice } from '@shop/shared/schemas/price-list';
import { PiecePrice, formatPrice } from '../../../components/ui/price';

/**
 * Issue #37 item 2 (decision 206): a trade buyer's own price over the public one. Rendered in the browser only,
 * from GET /prices/mine: the server's HTML of a page is the public one for everybody.
 */

/** A product card's line: "Your price: $20.00 each · $40.00 per lot". */
export function TradePriceLine({ mine, minOrder, className = '' }: { mine: MyPrice | undefined; minOrder: number; className?: string }) {
  if (!mine) return null;
  const p = piecePrice(mine.unitPrice, minOrder);
  return (
    <p className={`w-fit rounded-field bg-success/15 px-2 py-0.5 text-sm text-base-content ${className}`} data-trade-price="">
      <span className="font-semibold">{t.cardLabel}:</span> <span className="tabular-nums font-semibold">{p.eachText}</span> ·{' '}
      <span className="whitespace-nowrap tabular-nums">{p.lot} per lot</span>
    </p>
  );
}

/** The part page's box: the buyer's price, their bulk prices, and the public lot price for comparison. */
export function TradePriceBox({ mine, publicLotPrice, minOrder }: { mine: MyPrice | undefined; publicLotPrice: number; minOrder: number }) {
  if (!mine) return null;
  return (
    <section aria-labelledby="trade-price-title" className="rounded-box border-2 border-success/60 bg-success/10 p-4 sm:p-5" data-trade-price="">
      <h2 id="trade-price-title" className="font-display text-lg font-bold uppercase">
        {t.title}
      </h2>
      <PiecePrice lotPrice={mine.unitPrice} minOrder={minOrder} size="lg" className="mt-1" />
      <p className="mt-1 text-sm text-base-content/80">{t.publicPrice(formatPrice(publicLotPrice))}</p>
      {mine.priceTiers.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold">{t.tiers}</h3>
          <ul className="mt-1 text-sm tabular-nums">
            {mine.priceTiers.map((tier) => {
              const p = piecePrice(tier.unitPrice, minOrder);
              return (
                <li key={tier.minQuantity}>
                  from {formatCount(tier.minQuantity)} units: {p.each} each ({p.lot} per lot)
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <p className="mt-2 text-sm text-base-content/80">{t.note}</p>
    </section>
  );
}
