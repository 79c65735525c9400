import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { minutesLeft } from '@shop/shared/order-state';
import { deliveryEstimate } from '@shop/shared/order-totals';
import type { OnAccount, Purchase } from '@shop/shared/schemas/cart';
import { checkoutCopy } from '@shop/shared/copy/checkout';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../features/identity/auth-context';
import { usePurchase } from '../../../features/orders/api/get-purchases';
import { lineKitParts, lineSku, shipToLines } from '../../../features/orders/purchase';
import { KitLineParts } from '../../../features/orders/components/kit-line-parts';
import { TransactionId } from '../../../features/orders/components/orders-table';
import { TestPaymentBadge } from '../../../features/orders/components/order-status';
import { OrderFigures } from '../../../features/checkout/components/order-figures';
import { InvoiceLink } from '../../../features/orders/components/invoice-link';
import { ShipmentsSection } from '../../../features/orders/components/shipments';
import { ShipOrderButton, ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog';
import { RefundedFigures, RefundsSection } from '../../../features/orders/components/refunds';
import { OrderTimeline } from '../../../features/orders/components/order-timeline';
import { ReturnRequestAction, ReturnsSection } from '../../../features/orders/components/returns';
import { RefundOrderDialog, canRefund } from '../../../features/orders/components/refund-order-dialog';
import { statusBadgeClass, usePurchaseState } from '../../../features/orders/components/purchase-state';
import { CancelPaidOrderAction, cancelledHintOf } from '../../../features/orders/components/cancel-paid-order';
import { refundsCopy } from '@shop/shared/copy/refunds';
import { useDateFormat } from '../../../lib/date-format';
import { useNow } from '../../../lib/render-clock';
import { formatCount } from '@shop/shared/intl';
import { OrderAgainAll } from '../../../features/cart/components/order-again-all';
import { SaveReorderList } from '../../../features/reorder-lists/components/save-reorder-list';

const t = orderViewCopy;
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Issue #24: one order by its number (/dashboard/myorders/TT-10042, the
 * receipt's link) or id — its customer's, or any for an admin: status,
 * dates, where and how it ships, its lines, goods, shipping, tax and total,
 * and the one payment while it is open.
 */
export default function OrderDetailPage() {
  const { ref = '' } = useParams();
  const order = usePurchase(ref);
  const { admin, user } = useAuth();
  // Decision 204: a company's admin reading a colleague's order came from the company page, and goes back there.
  const colleague = !admin && user !== null && order.isSuccess && order.data.email.toLowerCase() !== user.email.toLowerCase();
  const back = admin
    ? { to: paths.manageOrders, label: t.backToAllOrders }
    : colleague
      ? { to: paths.company, label: t.backToCompany }
      : { to: paths.myOrders, label: t.backToOrders };

  return (
    <section aria-labelledby="order-title" aria-busy={order.isPending}>
      <Link to={back.to} className="link link-hover mb-4 inline-flex items-center gap-1 text-sm font-semibold">
        <ArrowLeftIcon size={16} />
        {back.label}
      </Link>
      {order.isPending ? (
        <OrderSkeleton />
      ) : order.isError ? (
        order.error instanceof ApiError && order.error.status === 404 ? (
          <>
            <h2 id="order-title" className="font-display text-3xl font-bold uppercase leading-tight">
              {t.title(ref.toUpperCase())}
            </h2>
            <p className="mt-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.notFound}</p>
          </>
        ) : (
          <LoadError message={order.error.message} onRetry={() => void order.refetch()} />
        )
      ) : (
        <OrderView
          purchase={order.data}
          showCustomer={admin}
          // Decision 204: a company's admin reads a colleague's order; paying, cancelling, returning and reordering stay the buyer's.
          buyer={admin || !user || order.data.email.toLowerCase() === user.email.toLowerCase()}
        />
      )}
    </section>
  );
}

function OrderView({ purchase: p, showCustomer, buyer }: { purchase: Purchase; showCustomer: boolean; buyer: boolean }) {
  const refundDue = p.status === 'paid' && p.orders.some((o) => o.refundDue);
  // Issue #34 item 7: the same state in words as My Orders (packages/shared purchaseState).
  const state = usePurchaseState(p);
  const when = useDateFormat(WHEN);
  const now = useNow();
  const open = p.status === 'unpaid' && (!p.expiresAt || minutesLeft(p.expiresAt, now) > 0);
  const expired = state.status === 'expired' || (p.status === 'unpaid' && !open);
  const payPath = p.kind === 'checkout' ? paths.checkoutPayment(p._id) : paths.payment(p._id);
  const shipTo = shipToLines(p, { name: true });
  const testPayment = p.orders.find((o) => o.paymentMode === 'test');

  return (
    <>
      <header className="mb-6 flex flex-col gap-3 border-b border-base-300 pb-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="order-title" className="font-display text-3xl font-bold uppercase leading-tight whitespace-nowrap tabular-nums">
            {t.title(p.number)}
          </h2>
          <span className={`badge badge-lg font-semibold ${statusBadgeClass[state.status]}`}>{state.statusLabel}</span>
          {refundDue && <span className="badge badge-lg badge-error font-semibold">{t.refundDue}</span>}
          {state.refundLabel && <span className="badge badge-lg badge-neutral font-semibold">{state.refundLabel}</span>}
          {showCustomer && testPayment && <TestPaymentBadge order={testPayment} />}
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-base-content/75">{t.placed}</dt>
            <dd className="font-medium">{when(p.createdAt)}</dd>
          </div>
          {p.poNumber && (
            <div className="flex min-w-0 gap-1">
              <dt className="text-base-content/75">{t.poNumber}</dt>
              <dd className="min-w-0 font-medium break-all">{p.poNumber}</dd>
            </div>
          )}
          {p.paidAt && (
            <div className="flex gap-1">
              <dt className="text-base-content/75">{t.paidOn}</dt>
              <dd className="font-medium">{when(p.paidAt)}</dd>
            </div>
          )}
          {(showCustomer || !buyer) && (
            <div className="flex min-w-0 gap-1">
              <dt className="text-base-content/75">{t.customer}</dt>
              <dd className="min-w-0 font-medium break-words">
                {p.userName} · {p.email}
              </dd>
            </div>
          )}
        </dl>
        {/* Issue #25 (decision 156): the invoice of a paid order. */}
        <InvoiceLink purchase={p} className="self-start" />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="order-lines-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
            <h3 id="order-lines-title" className="mb-3 font-display text-xl font-bold uppercase">
              {t.linesTitle}
            </h3>
            <table className="table table-sm [&_td]:wrap-anywhere">
              <thead className="text-xs uppercase tracking-wider text-base-content/80">
                <tr>
                  <th scope="col" className="pl-0">
                    {t.colPart}
                  </th>
                  <th scope="col" className="hidden sm:table-cell">
                    {t.colPartNo}
                  </th>
                  <th scope="col" className="text-right">
                    {t.colQuantity}
                  </th>
                  <th scope="col" className="pr-0 text-right">
                    {t.colAmount}
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
                            {t.colPartNo} {sku}
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
            {/* Issue #37 item 3 (decision 202): the customer's own order back into the cart, in one step. */}
            {!showCustomer && buyer && <OrderAgainAll orderRef={p._id} />}
            {/* Decision 207: the same order kept as a named list, to re-add from Quick order. */}
            {!showCustomer && buyer && <SaveReorderList orderRef={p._id} orderNumber={p.number} />}
          </section>

          <section aria-labelledby="order-summary-title" className="rounded-box border border-base-300 bg-base-200 p-4 sm:p-6">
            <h3 id="order-summary-title" className="mb-3 font-display text-xl font-bold uppercase">
              {t.summaryTitle}
            </h3>
            <OrderFigures figures={p} taxExemptId={p.taxExempt ? p.taxId : undefined} vat={p} />
            <RefundedFigures purchase={p} />
            {p.transactionId && (
              <div className="mt-3 border-t border-base-300 pt-2">
                <TransactionId id={p.transactionId} />
              </div>
            )}
          </section>
        </div>

        <div className="flex min-w-0 flex-col gap-6 self-start">
          {p.onAccount && p.status === 'unpaid' && <OnAccountBox purchase={p} onAccount={p.onAccount} buyer={buyer} />}
          {open && buyer && !p.onAccount && (
            <div className="flex flex-col items-start gap-2 rounded-box border border-primary/40 bg-primary/5 p-4 sm:p-6">
              <Link to={payPath} className="btn btn-primary">
                {t.payNow(formatPrice(p.total))}
              </Link>
              <p className="text-sm text-base-content/80">{t.payHint}</p>
            </div>
          )}
          {(expired || p.status === 'cancelled') && (
            <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-sm">
              {p.status === 'cancelled' ? cancelledHintOf(p, t.cancelledHint) : t.expiredHint}
            </p>
          )}
          {/* Issue #25: the admin ships a paid order's parts; everyone sees its parcels. */}
          {showCustomer && <ShipAction purchase={p} />}
          {/* Issue #25 item 3: the admin refunds a paid order (a "refund due" one too); everyone sees its refunds. */}
          {showCustomer && <RefundAction purchase={p} refundDue={refundDue} />}
          {/* Issue #25 item 4: the customer asks to return shipped parts; the admin takes each return through its steps. */}
          {!showCustomer && buyer && <ReturnRequestAction purchase={p} />}
          {/* Issue #39 item 9: the customer cancels their paid order while nothing has shipped, refunded in full. */}
          {!showCustomer && buyer && <CancelPaidOrderAction purchase={p} />}
          <ShipmentsSection purchase={p} />
          <ReturnsSection purchase={p} admin={showCustomer} />
          <RefundsSection purchase={p} />
          <OrderTimeline purchase={p} />
          <section aria-labelledby="order-ship-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
            <h3 id="order-ship-title" className="mb-2 font-display text-xl font-bold uppercase">
              {t.shipTo}
            </h3>
            {shipTo.length ? (
              <address className="not-italic leading-relaxed">
                {shipTo.map((line, i) => (
                  <span key={i} className={`block ${i === 0 && p.shipTo ? 'font-semibold' : ''}`}>
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p className="text-base-content/75">{t.noAddress}</p>
            )}
            {p.shippingMethod && (
              <div className="mt-4 border-t border-base-300 pt-4">
                <h4 className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{t.shippingMethod}</h4>
                <p className="mt-1 font-medium">{t.methodLine(p.shippingMethod.name, p.shippingMethod.carrier)}</p>
                <p className="text-sm text-base-content/80">{t.estimate(deliveryEstimate(p.shippingMethod.minDays, p.shippingMethod.maxDays))}</p>
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Decision 208: an order on the company's account: its invoice's due date, and (for its buyer) where it is paid. */
function OnAccountBox({ purchase, onAccount, buyer }: { purchase: Purchase; onAccount: OnAccount; buyer: boolean }) {
  const day = useDateFormat(DAY);
  const due = day(onAccount.dueAt);
  return (
    <div
      className={`flex flex-col items-start gap-2 rounded-box border p-4 sm:p-6 ${onAccount.overdue ? 'border-warning/60 bg-warning/10' : 'border-info/40 bg-info/5'}`}
    >
      <p className="font-semibold">{onAccount.overdue ? checkoutCopy.onAccountOverdue(due) : checkoutCopy.onAccountDue(due)}</p>
      <p className="text-sm text-base-content/80">{checkoutCopy.onAccountPlaced(formatPrice(purchase.total), due)}</p>
      {buyer &&
        (onAccount.invoiceUrl ? (
          <a href={onAccount.invoiceUrl} className="btn btn-primary">
            {checkoutCopy.payInvoice}
          </a>
        ) : (
          <p className="text-sm text-base-content/80">{checkoutCopy.invoiceComing}</p>
        ))}
    </div>
  );
}

function ShipAction({ purchase }: { purchase: Purchase }) {
  const [shipping, setShipping] = useState<Purchase | null>(null);
  return (
    <>
      <ShipOrderButton order={purchase} onShip={setShipping} className="btn btn-primary self-start" />
      <ShipOrderDialog order={shipping} onClose={() => setShipping(null)} />
    </>
  );
}

function RefundAction({ purchase, refundDue }: { purchase: Purchase; refundDue: boolean }) {
  const [refunding, setRefunding] = useState<Purchase | null>(null);
  if (!canRefund(purchase)) return null;
  return (
    <>
      <button type="button" className={`btn self-start ${refundDue ? 'btn-error' : 'btn-outline'}`} onClick={() => setRefunding(purchase)}>
        {refundDue ? refundsCopy.refundDueButton : refundsCopy.refundButton}
        <span className="sr-only"> {purchase.number}</span>
      </button>
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}

function OrderSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true">
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}
