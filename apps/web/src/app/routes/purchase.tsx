import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { productsCopy } from '@shop/shared/copy/products';
import { purchaseCopy } from '@shop/shared/copy/purchase';
import { lotPrice, orderPrice } from '@shop/shared/pricing';
import { uploadSrcSet } from '@shop/shared/images';
import { CATEGORY_LABELS } from '@shop/shared/catalog';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../components/ui/page-title';
import { formatPrice, PiecePrice } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { QuantityForm } from '../../features/orders/components/quantity-form';
import { OrderModal } from '../../features/orders/components/order-modal';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { PriceTiersTable } from '../../features/catalog/components/price-tiers';
import { FitBadge } from '../../features/garage/components/fit-badge';
import { FitWarning } from '../../features/garage/components/fit-warning';
import { pricedForBuyer, useMyPrices } from '../../features/price-lists/api/my-prices';
import { TradePriceLine } from '../../features/price-lists/components/trade-price';
import { formatCount } from '@shop/shared/intl';

const t = orderFlowCopy;

export default function PurchasePage() {
  const { id = '' } = useParams();
  // Stock changes with every order: always re-check it when the page opens.
  const product = useQuery({ ...productQueryOptions(id), staleTime: 0 });
  // Issue #37 item 2: a signed-in trade buyer pays their price list's price; the page shows what will be charged.
  const mine = useMyPrices(id ? [id] : []);
  // Issue #39: null until the buyer sets a quantity; the page then starts at the minimum order.
  const [chosen, setChosen] = useState<number | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  usePageTitle(product.data?.name ?? purchaseCopy.placeOrder);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <Link to={paths.products} className="link link-hover mb-6 inline-flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true">←</span> {t.back}
      </Link>
      {product.isPending ? (
        <PurchaseSkeleton />
      ) : product.isError ? (
        <div role="alert" className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-200 p-8">
          <h1 className="font-display text-3xl font-bold uppercase">{t.productNotFound}</h1>
          <p className="text-base-content/80">{product.error.message}</p>
          <Link to={paths.products} className="btn btn-primary">
            {t.browseParts}
          </Link>
        </div>
      ) : (
        (() => {
          const p = product.data;
          const soldOut = p.stock < p.minOrder;
          const quantity = soldOut ? 0 : (chosen ?? p.minOrder);
          const priced = pricedForBuyer(p, mine.get(p._id), quantity);
          const total = quantity > 0 ? orderPrice(priced.unitPrice, p.minOrder, quantity, priced.priceTiers) : 0;
          return (
            <div className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:gap-12">
              <div className="self-start overflow-hidden rounded-box border border-base-300 bg-gradient-to-b from-[#f3f5f7] to-[#e6eaee]">
                {/* Same framing as the product cards: the art's own rounded backdrop is cropped by a slight zoom. */}
                <img
                  src={p.img}
                  srcSet={uploadSrcSet(p.img)}
                  sizes="(min-width: 1024px) 50vw, 100vw"
                  alt={p.name}
                  width={640}
                  height={480}
                  className="aspect-[4/3] h-auto w-full scale-[1.08] object-contain"
                />
              </div>
              <div className="flex min-w-0 flex-col gap-6">
                <div>
                  <h1 className="font-display text-3xl font-bold uppercase leading-tight wrap-anywhere sm:text-4xl">{p.name}</h1>
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-base-content/80">
                    <span>
                      {productsCopy.brand}: <span className="font-semibold">{p.brand}</span>
                    </span>
                    <span>
                      {productsCopy.partNumber} <span className="font-mono font-semibold">{p.sku}</span>
                    </span>
                    <span>
                      {productsCopy.category}: <span className="font-semibold">{CATEGORY_LABELS[p.category]}</span>
                    </span>
                  </p>
                  <span className="mt-3 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
                  <FitBadge product={p} className="mt-4" />
                  <p className="mt-4 wrap-anywhere text-base-content/80">{p.description}</p>
                </div>
                <FitWarning product={p} />
                <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4">
                  {/* Issue #39: one piece's price (at the quantity set, its tier's if one applies) first, the lot beside it. */}
                  <PiecePrice
                    lotPrice={lotPrice(priced.unitPrice, priced.priceTiers, quantity)}
                    minOrder={p.minOrder}
                    specLabel={productsCopy.unitPrice}
                    size="lg"
                  />
                  <TradePriceLine mine={mine.get(p._id)} minOrder={p.minOrder} />
                  <ul className="flex flex-wrap gap-x-6 gap-y-1">
                    <Fact label={productsCopy.stock} value={` ${formatCount(p.stock)}`} />
                    <Fact label={productsCopy.minOrder} value={` ${formatCount(p.minOrder)}`} />
                  </ul>
                </div>
                <PriceTiersTable product={priced} quantity={quantity} />
                {soldOut && (
                  <p role="status" className="rounded-field border border-warning/50 bg-warning/10 px-4 py-2 font-medium">
                    {t.outOfStock}
                  </p>
                )}
                <QuantityForm minOrder={p.minOrder} stock={p.stock} disabled={soldOut} onConfirm={setChosen} />
                <div className="rounded-box border border-base-300 p-4" aria-live="polite">
                  <dl className="flex flex-col gap-2">
                    <div className="flex items-baseline justify-between gap-4">
                      <dt className="text-base-content/80">{t.quantity}</dt>
                      <dd className="font-semibold tabular-nums">{formatCount(quantity)}</dd>
                    </div>
                    <div className="flex items-baseline justify-between gap-4">
                      <dt className="text-base-content/80">{t.total}</dt>
                      <dd className={quantity > 0 ? 'font-display text-3xl font-bold tabular-nums text-primary' : 'text-sm text-base-content/75'}>
                        {quantity > 0 ? formatPrice(total) : t.totalPending}
                      </dd>
                    </div>
                  </dl>
                  <p className="mt-2 text-xs text-base-content/70">{t.priceRule}</p>
                </div>
                <button type="button" className="btn btn-primary btn-lg w-full" disabled={quantity === 0} onClick={() => setModalOpen(true)}>
                  {purchaseCopy.placeOrder}
                </button>
                <AddToCartButton product={p} quantity={quantity} />
              </div>
              <OrderModal open={modalOpen} onClose={() => setModalOpen(false)} product={p} quantity={quantity} total={total} />
            </div>
          );
        })()
      )}
    </div>
  );
}

/** Reads as the spec's sentence ('Stock: 120'), with the figure set large. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <li className="flex items-baseline gap-0 whitespace-pre">
      <span className="text-sm text-base-content/80">{label}</span>
      <span className="text-lg font-bold tabular-nums">{value}</span>
    </li>
  );
}

function PurchaseSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-2 lg:gap-12" aria-busy="true">
      <Skeleton className="aspect-[4/3] w-full" />
      <div className="flex flex-col gap-6">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}
