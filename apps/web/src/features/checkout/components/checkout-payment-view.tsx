import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { checkoutCopy } from '@shop/shared/copy/checkout';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { formatPhone } from '@shop/shared/address';
import { formatAddressLines } from '@shop/shared/address-format';
import { deliveryEstimate } from '@shop/shared/order-totals';
import type { Checkout, OnAccount } from '@shop/shared/schemas/cart';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useAuth } from '../../identity/auth-context';
import { TransactionId } from '../../orders/components/orders-table';
import { useCheckoutPaymentIntent, usePayCheckout } from '../../cart/api/cart';
import { useGuestPaymentIntent, usePayGuestOrder } from '../api/guest';
import { PaymentForm } from '../../payments/components/payment-checkout';
import { OrderFigures } from './order-figures';
import { formatCount } from '@shop/shared/intl';

const t = orderFlowCopy;
const v = orderViewCopy;

/**
 * The payment of one order (decisions 120, 121 and 153): its lines, figures
 * and address beside the card form for its total; "Paid" with its number once
 * paid. `header` renders the page's heading (the dashboard's or the checkout
 * page's own), given the title and intro.
 */
export function CheckoutPaymentView({
  checkout,
  header,
  guestToken,
  intro,
}: {
  checkout: Checkout;
  header(title: string, intro?: string): ReactNode;
  /** Decision 188: a guest pays through the token of their order's link instead of an account. */
  guestToken?: string;
  intro?: string;
}) {
  const { user } = useAuth();
  // Decided once: the success screen must stay after this visit's own payment.
  const [statusOnArrival] = useState(checkout.status);
  // Decision 208: an order on account is paid through its invoice, not here.
  const onAccount = checkout.onAccount && checkout.status === 'unpaid' ? checkout.onAccount : null;
  const payable = statusOnArrival === 'unpaid' && !checkout.onAccount;
  const guest = guestToken !== undefined;
  const accountIntent = useCheckoutPaymentIntent(checkout._id, payable && !guest);
  const guestIntent = useGuestPaymentIntent(guestToken ?? '', payable && guest);
  const intent = guest ? guestIntent : accountIntent;
  const payCheckout = usePayCheckout();
  const payAsync = payCheckout.mutateAsync;
  const payGuest = usePayGuestOrder(guestToken ?? '');
  const payGuestAsync = payGuest.mutateAsync;
  const first = checkout.orders[0];
  const billingDetails = guest
    ? { name: first?.userName ?? '', email: first?.email ?? '' }
    : { name: user?.displayName || first?.userName || '', email: user?.email ?? first?.email ?? '' };
  // Issue #24: once paid (before this visit or by it) the page says so, with the order's number.
  const paid = checkout.status === 'paid';
  const viewOrder = guest ? null : (
    <Link to={paths.orderDetail(checkout.number)} className="link link-primary text-sm font-semibold">
      {v.viewOrder(checkout.number)}
    </Link>
  );

  return (
    <section aria-labelledby="payment-title">
      {header(
        paid ? v.title(checkout.number) : onAccount ? checkoutCopy.onAccountTitle(checkout.number) : checkoutCopy.payTitle(checkout.number),
        paid || onAccount ? undefined : (intro ?? cartCopy.payIntro),
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-4 self-start rounded-box border border-base-300 bg-base-200 p-4 sm:p-6">
          {paid ? (
            <h3 className="flex flex-wrap items-center gap-3 font-display text-2xl font-bold uppercase leading-tight">
              {v.paid}
              <span className="badge badge-success font-sans text-sm font-semibold normal-case tabular-nums">{formatPrice(checkout.total)}</span>
            </h3>
          ) : onAccount ? (
            <h3 className="font-display text-2xl font-bold uppercase leading-tight">{formatPrice(checkout.total)}</h3>
          ) : (
            <h3 className="font-display text-2xl font-bold uppercase leading-tight">{t.pleasePay(formatPrice(checkout.total))}</h3>
          )}
          <table className="table table-sm">
            <caption className="sr-only">{cartCopy.title}</caption>
            <thead className="text-base-content/80">
              <tr>
                <th scope="col" className="pl-0">
                  {t.colProduct}
                </th>
                <th scope="col" className="text-right">
                  {t.colQuantity}
                </th>
                <th scope="col" className="pr-0 text-right">
                  {t.colPrice}
                </th>
              </tr>
            </thead>
            <tbody>
              {checkout.orders.map((o) => (
                <tr key={o._id}>
                  <td className="pl-0 font-semibold">{o.productName}</td>
                  <td className="text-right tabular-nums">{formatCount(o.quantity)}</td>
                  <td className="pr-0 text-right tabular-nums">{formatPrice(o.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderFigures figures={checkout} taxExemptId={checkout.taxExempt ? checkout.taxId : undefined} vat={checkout} />
          {(checkout.shipTo || checkout.shippingMethod) && <ShipsTo checkout={checkout} />}
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          {onAccount ? (
            <OnAccountPanel checkout={checkout} onAccount={onAccount} viewOrder={viewOrder} />
          ) : !payable ? (
            <div role="status" className="flex flex-col items-start gap-3">
              {statusOnArrival === 'paid' && <span className="badge badge-success font-semibold">{v.paid}</span>}
              <p className="text-lg font-semibold">{statusOnArrival === 'paid' ? v.paidOrder(checkout.number) : cartCopy.notPayable}</p>
              {checkout.transactionId && <TransactionId id={checkout.transactionId} />}
              {viewOrder}
              {!guest && (
                <Link to={paths.myOrders} className="btn btn-outline btn-sm mt-2">
                  {t.backToOrders}
                </Link>
              )}
            </div>
          ) : intent.isPending ? (
            <div className="flex flex-col gap-4" aria-busy="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : intent.isError ? (
            <LoadError message={intent.error.message} onRetry={() => void intent.refetch()} />
          ) : (
            <>
              <p className="mb-4 text-sm text-base-content/80">{t.payingAs(billingDetails.name, billingDetails.email)}</p>
              <PaymentForm
                amount={checkout.total}
                intent={intent.data}
                billingDetails={billingDetails}
                record={(transactionId) => (guest ? payGuestAsync(transactionId) : payAsync({ checkoutId: checkout._id, transactionId }))}
                showMyOrders={!guest}
                successDetails={
                  <>
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="badge badge-success font-semibold">{v.paid}</span>
                      <span className="font-semibold">{v.paidOrder(checkout.number)}</span>
                    </p>
                    {viewOrder}
                  </>
                }
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Decision 208: an order placed on the company's account: its invoice, when it is due, and where it is paid. */
function OnAccountPanel({ checkout, onAccount, viewOrder }: { checkout: Checkout; onAccount: OnAccount; viewOrder: ReactNode }) {
  const date = useDateFormat(DAY);
  const due = date(onAccount.dueAt);
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <span className={`badge font-semibold ${onAccount.overdue ? 'badge-warning' : 'badge-info'}`}>
        {onAccount.overdue ? checkoutCopy.onAccountOverdue(due) : checkoutCopy.onAccountDue(due)}
      </span>
      <p className="text-lg font-semibold">{checkoutCopy.onAccountPlaced(formatPrice(checkout.total), due)}</p>
      {onAccount.invoiceUrl ? (
        <a href={onAccount.invoiceUrl} className="btn btn-primary">
          {checkoutCopy.payInvoice}
        </a>
      ) : (
        <p className="text-sm text-base-content/80">{checkoutCopy.invoiceComing}</p>
      )}
      {viewOrder}
    </div>
  );
}

/** Where the order goes and how (issue #24). */
function ShipsTo({ checkout }: { checkout: Checkout }) {
  const address = checkout.shipTo ? formatAddressLines(checkout.shipTo, true) : [];
  const method = checkout.shippingMethod;
  return (
    <dl className="flex flex-col gap-3 border-t border-base-300 pt-4 text-sm">
      {checkout.shipTo && (
        <div>
          <dt className="font-semibold uppercase tracking-wider text-base-content/80">{checkoutCopy.shipTo}</dt>
          <dd className="mt-1">
            <address className="not-italic">
              {address.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
              {checkout.shipTo.phone && <span className="block">{formatPhone(checkout.shipTo.phone)}</span>}
            </address>
          </dd>
        </div>
      )}
      {method && (
        <div>
          <dt className="font-semibold uppercase tracking-wider text-base-content/80">{v.shippingMethod}</dt>
          <dd className="mt-1">
            <span className="block font-medium">{v.methodLine(method.name, method.carrier)}</span>
            <span className="block text-base-content/80">{v.estimate(deliveryEstimate(method.minDays, method.maxDays))}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}
