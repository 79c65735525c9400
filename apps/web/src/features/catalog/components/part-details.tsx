import { Link } from 'react-router';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { productsCopy } from '@shop/shared/copy/products';
import { CATEGORY_LABELS } from '@shop/shared/catalog';
import type { Product } from '@shop/shared/schemas/product';
import { paths } from '../../../config/paths';
import { PiecePrice } from '../../../components/ui/price';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { AddToCartForm } from '../../cart/components/add-to-cart-form';
import { PriceTiersTable } from './price-tiers';
import { useMyPrices } from '../../price-lists/api/my-prices';
import { TradePriceBox } from '../../price-lists/components/trade-price';
import { PartFitment } from './part-fitment';
import { PartNumbers } from './part-numbers';
import { PartKit } from './part-kit';
import { StaticPart } from '../../../lib/static-part';
import { formatCount } from '@shop/shared/intl';

const t = partPageCopy;

/**
 * What a buyer needs to decide: name, part number, brand, category, the bikes it
 * fits (with a fit check), what one piece costs and the spec's lot price, stock, minimum order, description, and Order Now.
 */
export function PartDetails({ product: p }: { product: Product }) {
  const soldOut = p.stock < p.minOrder;
  const mine = useMyPrices([p._id]);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {/* The name, price and description stay the server's HTML until the part's data changes (decision 169). */}
      <StaticPart id="part-title" version={`${p.name}|${p.sku}|${p.brand}|${p.category}`}>
        <div>
          <h1 id="part-name" className="font-display text-3xl font-bold uppercase leading-tight wrap-anywhere sm:text-4xl">
            {p.name}
          </h1>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-base-content/80">
            <div className="flex gap-1">
              <dt>{productsCopy.partNumber}</dt>
              <dd className="font-mono font-semibold text-base-content">{p.sku}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{productsCopy.brand}:</dt>
              <dd className="font-semibold text-base-content">{p.brand}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{productsCopy.category}:</dt>
              <dd className="font-semibold text-base-content">{CATEGORY_LABELS[p.category]}</dd>
            </div>
          </dl>
          <span className="mt-4 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
        </div>
      </StaticPart>

      {/* Issue #26 item 5: the bikes it fits and whether it fits the rider's, before the price. */}
      <PartFitment product={p} />

      {/* Issue #26 item 4: the OEM and other makers' numbers it answers to. */}
      <PartNumbers product={p} />

      {/* Issue #36 item 2: a kit's parts, and that its stock is theirs. */}
      <PartKit product={p} />

      <StaticPart id="part-price" version={`${p.unitPrice}|${p.minOrder}|${p.stock}`}>
        <div className="rounded-box border border-base-300 bg-base-200 p-4 sm:p-5">
          {/* Issue #39: one piece's price first, the lot (the spec's unit price) beside it; no formula. */}
          <PiecePrice lotPrice={p.unitPrice} minOrder={p.minOrder} specLabel={productsCopy.unitPrice} size="lg" />
          <p className="mt-1 text-sm text-base-content/80">{t.anyQuantity(formatCount(p.minOrder))}</p>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-field bg-base-100 px-3 py-2">
              <dt className="text-base-content/75">{productsCopy.stock}</dt>
              <dd className="font-semibold tabular-nums">{t.units(formatCount(p.stock))}</dd>
            </div>
            <div className="rounded-field bg-base-100 px-3 py-2">
              <dt className="text-base-content/75">{productsCopy.minOrder}</dt>
              <dd className="font-semibold tabular-nums">{t.units(formatCount(p.minOrder))}</dd>
            </div>
          </dl>
        </div>
      </StaticPart>

      {/* Issue #37 item 2: a signed-in trade buyer's own price, asked privately (the server's HTML is the public page). */}
      <TradePriceBox mine={mine.get(p._id)} publicLotPrice={p.unitPrice} minOrder={p.minOrder} />

      <PriceTiersTable product={p} />

      {soldOut && p.discontinuedAt ? (
        // Decision 217: a discontinued part with no stock left is gone for good: say so, and name what replaces it.
        <div role="status" className="rounded-field border border-warning/50 bg-warning/10 px-4 py-2">
          <p className="font-semibold">{t.discontinuedGone}</p>
          {p.replacement ? (
            <p className="mt-1">
              {t.replacedBy}{' '}
              <Link to={paths.part(p.replacement._id)} className="link font-semibold">
                {p.replacement.brand} {p.replacement.name} ({p.replacement.sku})
              </Link>
            </p>
          ) : null}
        </div>
      ) : soldOut ? (
        <p role="status" className="rounded-field border border-warning/50 bg-warning/10 px-4 py-2 font-medium">
          {t.soldOut}
        </p>
      ) : p.discontinuedAt ? (
        <p className="w-fit rounded-field border border-base-content/30 bg-base-200 px-3 py-1.5 text-sm font-semibold">{t.discontinued}</p>
      ) : null}

      <div className="flex flex-col gap-2">
        <Link to={paths.purchase(p._id)} className="btn btn-primary btn-lg w-full sm:w-auto sm:self-start">
          {productsCopy.orderNow}
          <ArrowRightIcon size={18} />
        </Link>
        <p className="text-sm text-base-content/75">{t.orderHint}</p>
      </div>

      {soldOut ? null : <AddToCartForm product={p} />}

      <StaticPart id="part-description" version={p.description}>
        <section aria-labelledby="part-description">
          <h2 id="part-description" className="font-display text-xl font-bold uppercase">
            {t.description}
          </h2>
          <p className="mt-2 whitespace-pre-line leading-7 wrap-anywhere text-base-content/85">{p.description}</p>
        </section>
      </StaticPart>
    </div>
  );
}
