import { Link } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { guestCheckoutCopy } from '@shop/shared/copy/guest-checkout';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { quickOrderCopy } from '@shop/shared/quick-order';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { formatPrice } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { useCart } from '../../features/cart/use-cart';
import { CartLineRow } from '../../features/cart/components/cart-line-row';
import type { LoginRedirectState } from '../../features/identity/components/protected-route';

const t = cartCopy;

/** Issue #9 part 4: the cart. Public: a visitor sees the browser's cart and signs in to check out. */
export default function CartPage() {
  const cart = useCart();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.title} description={pageMetaCopy.cart} path={paths.cart} noindex />
      <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.title}</h1>
      <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      <p className="mt-3 text-base-content/80">{t.intro}</p>
      {/* Issue #37 item 3 (decision 202): a workshop's list in one step. */}
      <p className="mt-2">
        <Link to={paths.quickOrder} className="link link-primary font-semibold">
          {quickOrderCopy.fromCart}
        </Link>
      </p>

      <div className="mt-8">
        {cart.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : cart.error ? (
          <LoadError message={cart.error.message} onRetry={cart.refetch} />
        ) : cart.lines.length === 0 ? (
          <div className="flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8">
            <p className="font-display text-2xl font-bold uppercase">{t.empty}</p>
            <p className="text-base-content/80">{t.emptyHint}</p>
            <Link to={paths.products} className="btn btn-primary">
              {t.browseParts}
            </Link>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
            <ul className="rounded-box border border-base-300 bg-base-100 px-4 sm:px-6" aria-label={t.title}>
              {cart.lines.map((line) => (
                <CartLineRow key={`${line.productId}:${line.quantity}`} line={line} cart={cart} />
              ))}
            </ul>
            <aside className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200 p-6">
              <dl className="flex items-baseline justify-between gap-4">
                <dt className="font-semibold uppercase tracking-wider">{t.total}</dt>
                <dd className="font-display text-3xl font-bold tabular-nums text-primary">{formatPrice(cart.total)}</dd>
              </dl>
              <p className="text-xs text-base-content/75">{orderFlowCopy.priceRule}</p>
              {cart.kind === 'account' ? (
                <Link to={paths.checkout} className="btn btn-primary btn-lg w-full">
                  {t.checkOut}
                </Link>
              ) : (
                <>
                  <p className="text-sm text-base-content/80">{t.guestHint}</p>
                  <Link to={paths.login} state={{ from: { pathname: paths.cart } } satisfies LoginRedirectState} className="btn btn-primary btn-lg w-full">
                    {t.signInToCheckOut}
                  </Link>
                  {/* Decision 188: or without an account, with an e-mail address. */}
                  <p className="text-sm text-base-content/80">{guestCheckoutCopy.orGuest}</p>
                  <Link to={paths.guestCheckout} className="btn btn-outline btn-lg w-full">
                    {guestCheckoutCopy.checkOutAsGuest}
                  </Link>
                </>
              )}
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
