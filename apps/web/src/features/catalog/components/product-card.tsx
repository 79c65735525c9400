import { Link } from 'react-router';
import { CardAddToCart } from '../../cart/components/card-add-to-cart';
import { FitBadge } from '../../garage/components/fit-badge';
import { TradePriceLine } from '../../price-lists/components/trade-price';
import { productsCopy } from '@shop/shared/copy/products';
import type { Product } from '@shop/shared/schemas/product';
import type { MyPrice } from '@shop/shared/schemas/price-list';
import { uploadSrcSet } from '@shop/shared/images';
import { partNumberLabel } from '@shop/shared/part-numbers';
import { paths } from '../../../config/paths';
import { PiecePrice } from '../../../components/ui/price';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { StaticPart } from '../../../lib/static-part';
import { formatCount } from '@shop/shared/intl';

const t = productsCopy;

interface ProductCardProps {
  product: Product;
  /** Cards in the first row load their image at once (they are the page's main content). */
  eager?: boolean;
  /** The page's largest picture: fetched before the others. */
  lead?: boolean;
  headingLevel?: 2 | 3;
  /** Issue #37 item 2: the signed-in trade buyer's price of this part, when their price list makes it lower. */
  tradePrice?: MyPrice;
}

/** Spec §2 product card: name, image, the price of one piece and 'Unit Price: $' for the lot (issue #39), 'Stock:', 'Minimum Order:', description, 'Order Now'. The name and picture open /parts/{id}. */
export function ProductCard({ product, eager = false, lead = false, headingLevel = 3, tradePrice }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nameId = `product-${product._id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="card group h-full min-w-0 overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-lg max-sm:grid max-sm:grid-cols-[5.5rem_minmax(0,1fr)] max-sm:content-start max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:p-3"
    >
      {/* What only changes with the product's data stays the server's HTML until it does (decision 169). */}
      <StaticPart id={`card-${product._id}-picture`} version={`${product.img}|${product.name}`}>
        {/* The product art has its own light, rounded backdrop: the figure repeats its gradient and the slight zoom crops its edges, so the picture fills the card without an inner frame in either theme. */}
        <figure className="aspect-[4/3] overflow-hidden bg-gradient-to-b from-[#f3f5f7] to-[#e6eaee] max-sm:col-start-1 max-sm:row-span-3 max-sm:row-start-1 max-sm:aspect-square max-sm:self-start max-sm:rounded-field">
          {/* The picture opens the part page too; keyboard users reach it once, through the name. */}
          <Link to={paths.part(product._id)} tabIndex={-1} className="block h-full w-full">
            <img
              src={product.img}
              srcSet={uploadSrcSet(product.img)}
              sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
              alt={product.name}
              width={400}
              height={300}
              loading={eager || lead ? 'eager' : 'lazy'}
              fetchPriority={lead ? 'high' : undefined}
              decoding="async"
              className="h-full w-full scale-[1.08] object-contain transition-transform duration-300 group-hover:scale-[1.12]"
            />
          </Link>
        </figure>
      </StaticPart>
      {/* Issue #39 item 7: on a phone the card is a compact row (picture beside the name and price), so the first screen shows a whole part. */}
      <div className="card-body gap-3 p-5 max-sm:contents sm:p-6">
        <StaticPart id={`card-${product._id}-name`} version={`${product.name}|${product.brand}|${product.sku}|${product.matchedPartNumber?.number ?? ''}`}>
          <Heading
            id={nameId}
            className="card-title line-clamp-2 wrap-anywhere font-display text-xl uppercase leading-7 max-sm:col-start-2 max-sm:text-lg max-sm:leading-6 sm:min-h-[3.5rem]"
          >
            <Link to={paths.part(product._id)} className="link-hover focus-visible:underline">
              {product.name}
            </Link>
          </Heading>
          {/* Issue #26 item 4: a search by another part number says which one it matched. */}
          {product.matchedPartNumber ? (
            <p className="-mt-1 w-fit rounded-field bg-primary/10 px-2 py-0.5 text-sm font-semibold max-sm:col-start-2 max-sm:mt-0">
              {partNumberLabel(product.matchedPartNumber)}
            </p>
          ) : null}
          <p className="-mt-1 flex flex-wrap items-baseline gap-x-2 text-sm text-base-content/80 max-sm:col-start-2 max-sm:mt-0 max-sm:text-xs">
            <span className="font-semibold">{product.brand}</span>
            <span>
              {t.partNumber} <span className="font-mono tabular-nums">{product.sku}</span>
            </span>
          </p>
        </StaticPart>
        <FitBadge product={product} className="-mt-1 max-sm:col-span-2 max-sm:mt-0" />
        {/* Issue #37 item 2: a signed-in trade buyer's own price, over the public one (never in the server's HTML). */}
        <TradePriceLine mine={tradePrice} minOrder={product.minOrder} className="max-sm:col-span-2" />
        <StaticPart id={`card-${product._id}-figures`} version={`${product.unitPrice}|${product.stock}|${product.minOrder}|${product.description}`}>
          {/* Issue #39: the price of one piece first; the spec's 'Unit Price: $' stays, on the lot it names. */}
          <PiecePrice lotPrice={product.unitPrice} minOrder={product.minOrder} specLabel={t.unitPrice} className="max-sm:col-start-2" />
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm max-sm:col-span-2">
            <div className="flex gap-1">
              <dt className="text-base-content/75">{t.stock}</dt>
              <dd className="font-semibold tabular-nums">{formatCount(product.stock)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-base-content/75">{t.minOrder}</dt>
              <dd className="font-semibold tabular-nums">{formatCount(product.minOrder)}</dd>
            </div>
          </dl>
          <p className="line-clamp-3 wrap-anywhere text-sm leading-6 text-base-content/80 max-sm:col-span-2 max-sm:line-clamp-2 max-sm:leading-5 sm:min-h-[4.5rem]">
            {product.description}
          </p>
        </StaticPart>
        <div className="card-actions mt-auto pt-2 max-sm:col-span-2 max-sm:gap-2 max-sm:pt-1">
          <Link to={paths.purchase(product._id)} className="btn btn-primary w-full" aria-describedby={nameId}>
            {t.orderNow}
            <ArrowRightIcon size={18} />
          </Link>
          <CardAddToCart product={product} describedBy={nameId} />
        </div>
      </div>
    </article>
  );
}
