import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { guestCheckoutCopy } from '@shop/shared/copy/guest-checkout';
import { invoicesCopy } from '@shop/shared/copy/invoices';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { deliveryEstimate } from '@shop/shared/order-totals';
import { dateTimeFormat, formatCount } from '@shop/shared/intl';
import type { Purchase } from '@shop/shared/schemas/cart';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { PageHead } from '../../components/ui/page-head';
import { formatPrice } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { useGuestOrder } from '../../features/checkout/api/guest';
import { CheckoutPaymentView } from '../../features/checkout/components/checkout-payment-view';
import { OrderFigures } from '../../features/checkout/components/order-figures';
import { downloadGuestInvoice } from '../../features/orders/api/download-invoice';
import { DocumentDownloadButton } from '../../features/orders/components/invoice-link';
import { ShipmentsSection } from '../../features/orders/components/shipments';
import { OrderTimeline } from '../../features/orders/components/order-timeline';
import { TransactionId } from '../../features/orders/components/orders-table';
import { statusBadgeClass, usePurchaseState } from '../../features/orders/components/purchase-state';
import { lineKitParts, lineSku, shipToLines } from '../../features/orders/purchase';
import { KitLineParts } from '../../features/orders/components/kit-line-parts';

const g = guestCheckoutCopy;
const v = orderViewCopy;
const dateFormat = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The token of the order's link: the address's fragment (#…), which the browser never sends to a server. */
function useLinkToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setToken(decodeURIComponent(window.location.hash.replace(/^#/, '')));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return token;
}

/**
 * Issue #39 item 9 (decision 188): a guest's order through the link of its e-mail: paid here while it is open,
 * then its status, parcels, invoice and timeline. Returns and cancellations need an account (the page says how).
 */
export default function GuestOrderPage() {
  const token = useLinkToken();
  const order = useGuestOrder(token ?? '');

  const data = order.data;
  let body: ReactNode;
  if (token === null || (token !== '' && order.isPending)) {
    body = (
      <div className="flex flex-col gap-6" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  } else if (token === '' || !data) {
    const failed = token !== '' && order.error && !(order.error instanceof ApiError && order.error.status === 404);
    body = (
      <>
        <h1 className="font-display text-4xl font-bold uppercase leading-tight">{g.pageTitle}</h1>
        <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
        {failed && order.error ? (
          <div className="mt-8">
            <LoadError message={order.error.message} onRetry={() => void order.refetch()} />
          </div>
        ) : (
          <p role="alert" className="mt-8 rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
            {token === '' ? g.noLink : g.notFound}
          </p>
        )}
      </>
    );
  } else if (data.status === 'unpaid') {
    body = (
      <CheckoutPaymentView
        checkout={{ ...data, status: 'unpaid' }}
        guestToken={token}
        intro={g.payIntro}
        header={(title, intro) => (
          <div className="mb-8">
            <p className="badge badge-outline mb-2 font-semibold">{g.guestBadge}</p>
            <h1 id="payment-title" className="font-display text-4xl font-bold uppercase leading-tight">
              {title}
            </h1>
            <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
            {intro && <p className="mt-3 text-base-content/80">{intro}</p>}
          </div>
        )}
      />
    );
  } else {
    body = <GuestOrderView purchase={data} token={token} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={g.pageTitle} description={pageMetaCopy.cart} path={paths.guestOrder} noindex />
      {body}
    </div>
  );
}

function GuestOrderView({ purchase: p, token }: { purchase: Purchase; token: string }) {
  const state = usePurchaseState(p);
  const shipTo = shipToLines(p, { name: true });
  const invoice = p.invoiceNumber;
  return (
    <section aria-labelledby="order-title">
      <header className="mb-6 flex flex-col gap-3 border-b border-base-300 pb-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="order-title" className="font-display text-4xl font-bold uppercase leading-tight tabular-nums">
            {g.orderTitle(p.number)}
          </h1>
          <span className={`badge badge-lg font-semibold ${statusBadgeClass[state.status]}`}>{state.statusLabel}</span>
          {state.refundLabel && <span className="badge badge-lg badge-neutral font-semibold">{state.refundLabel}</span>}
          <span className="badge badge-lg badge-outline font-semibold">{g.guestBadge}</span>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-base-content/75">{v.placed}</dt>
            <dd className="font-medium">{dateFormat.format(new Date(p.createdAt))}</dd>
          </div>
          {p.paidAt && (
            <div className="flex gap-1">
              <dt className="text-base-content/75">{v.paidOn}</dt>
              <dd className="font-medium">{dateFormat.format(new Date(p.paidAt))}</dd>
            </div>
          )}
        </dl>
        <p className="text-sm text-base-content/80">{g.placedAs(p.email)}</p>
        {invoice && (
          <DocumentDownloadButton
            download={() => downloadGuestInvoice(token, invoice)}
            label={invoicesCopy.download}
            busyLabel={invoicesCopy.downloading}
            ariaLabel={invoicesCopy.downloadLabel(invoice)}
            className="self-start"
            testId="download-invoice"
          />
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="order-lines-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
            <h2 id="order-lines-title" className="mb-3 font-display text-xl font-bold uppercase">
              {v.linesTitle}
            </h2>
            <table className="table table-sm">
              <thead className="text-xs uppercase tracking-wider text-base-content/80">
                <tr>
                  <th scope="col" className="pl-0">
                    {v.colPart}
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    {v.colPartNo}
                  </th>
                  <th scope="col" className="text-right">
                    {v.colQuantity}
                  </th>
                  <th scope="col" className="pr-0 text-right">
                    {v.colAmount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.orders.map((o) => {
                  const sku = lineSku(p, o._id);
                  return (
                    <tr key={o._id} className="align-top">
                      <td className="pl-0">
                        {o.productId ? (
                          <Link to={paths.part(o.productId)} className="link link-hover font-semibold">
                            {o.productName}
                          </Link>
                        ) : (
                          <span className="font-semibold">{o.productName}</span>
                        )}
                        {sku && (
                          <span className="block text-xs text-base-content/75 sm:hidden">
                            {v.colPartNo} {sku}
                          </span>
                        )}
                        <KitLineParts parts={lineKitParts(p, o._id)} className="mt-1" />
                      </td>
                      <td className="hidden font-mono text-sm sm:table-cell">{sku || '—'}</td>
                      <td className="text-right tabular-nums">{formatCount(o.quantity)}</td>
                      <td className="pr-0 text-right font-medium tabular-nums">{formatPrice(o.price)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="order-summary-title" className="rounded-box border border-base-300 bg-base-200 p-4 sm:p-6">
            <h2 id="order-summary-title" className="mb-3 font-display text-xl font-bold uppercase">
              {v.summaryTitle}
            </h2>
            <OrderFigures figures={p} taxExemptId={p.taxExempt ? p.taxId : undefined} />
            {p.transactionId && (
              <div className="mt-3 border-t border-base-300 pt-2">
                <TransactionId id={p.transactionId} />
              </div>
            )}
          </section>
          <section aria-labelledby="guest-account-title" className="rounded-box border border-primary/40 bg-primary/5 p-4 sm:p-6">
            <h2 id="guest-account-title" className="mb-2 font-display text-xl font-bold uppercase">
              {g.accountTitle}
            </h2>
            <p className="text-sm">{g.accountText(p.email)}</p>
            <Link to={paths.register} className="btn btn-primary btn-sm mt-3">
              {g.createAccount}
            </Link>
          </section>
        </div>

        <div className="flex min-w-0 flex-col gap-6 self-start">
          {(p.status === 'expired' || p.status === 'cancelled') && (
            <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-sm">
              {p.status === 'cancelled' ? v.cancelledHint : v.expiredHint}
            </p>
          )}
          <ShipmentsSection purchase={p} />
          <OrderTimeline purchase={p} />
          <section aria-labelledby="order-ship-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
            <h2 id="order-ship-title" className="mb-2 font-display text-xl font-bold uppercase">
              {v.shipTo}
            </h2>
            <address className="not-italic leading-relaxed">
              {shipTo.map((line, i) => (
                <span key={i} className={`block ${i === 0 ? 'font-semibold' : ''}`}>
                  {line}
                </span>
              ))}
            </address>
            {p.shippingMethod && (
              <div className="mt-4 border-t border-base-300 pt-4">
                <h3 className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{v.shippingMethod}</h3>
                <p className="mt-1 font-medium">{v.methodLine(p.shippingMethod.name, p.shippingMethod.carrier)}</p>
                <p className="text-sm text-base-content/80">{v.estimate(deliveryEstimate(p.shippingMethod.minDays, p.shippingMethod.maxDays))}</p>
              </div>
            )}
          </section>
          <p className="text-xs text-base-content/75">{g.linkPrivate}</p>
        </div>
      </div>
    </section>
  );
}
