import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Checkout } from '@shop/shared/schemas/cart';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useAuth } from '../../../features/identity/auth-context';
import { TransactionId } from '../../../features/orders/components/orders-table';
import { useCheckout, useCheckoutPaymentIntent, usePayCheckout } from '../../../features/cart/api/cart';
import { PaymentForm } from '../../../features/payments/components/payment-checkout';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';

const t = orderFlowCopy;

/** One payment for every line of a checkout (decision 120/121): the lines, one Pay button for the total. */
export default function CheckoutPaymentPage() {
  const { checkoutId = '' } = useParams();
  const checkout = useCheckout(checkoutId);

  if (checkout.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      </div>
    );
  }
  if (checkout.isError) {
    return (
      <section>
        <DashboardPageHeader title={t.paymentTitle} />
        <LoadError message={checkout.error.message} onRetry={() => void checkout.refetch()} />
      </section>
    );
  }
  return <CheckoutPaymentView key={checkout.data._id} checkout={checkout.data} />;
}

function CheckoutPaymentView({ checkout }: { checkout: Checkout }) {
  const { user } = useAuth();
  // Decided once: the success screen must stay after this visit's own payment.
  const [statusOnArrival] = useState(checkout.status);
  const payable = statusOnArrival === 'unpaid';
  const intent = useCheckoutPaymentIntent(checkout._id, payable);
  const payCheckout = usePayCheckout();
  const payAsync = payCheckout.mutateAsync;
  const first = checkout.orders[0];
  const billingDetails = { name: user?.displayName || first?.userName || '', email: user?.email ?? first?.email ?? '' };

  return (
    <section aria-labelledby="payment-title">
      <DashboardPageHeader id="payment-title" title={cartCopy.payTitle} intro={cartCopy.payIntro} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-4 self-start rounded-box border border-base-300 bg-base-200 p-6">
          <h3 className="font-display text-2xl font-bold uppercase leading-tight">{t.pleasePay(formatPrice(checkout.total))}</h3>
          <table className="table table-sm">
            <caption className="sr-only">{cartCopy.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colProduct}</th>
                <th scope="col" className="text-right">
                  {t.colQuantity}
                </th>
                <th scope="col" className="text-right">
                  {t.colPrice}
                </th>
              </tr>
            </thead>
            <tbody>
              {checkout.orders.map((o) => (
                <tr key={o._id}>
                  <td className="font-semibold">{o.productName}</td>
                  <td className="text-right tabular-nums">{o.quantity.toLocaleString('en-US')}</td>
                  <td className="text-right tabular-nums">{formatPrice(o.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {cartCopy.total}
                </th>
                <td className="text-right font-bold tabular-nums">{formatPrice(checkout.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          {!payable ? (
            <div role="status" className="flex flex-col items-start gap-3">
              <p className="text-lg font-semibold">{statusOnArrival === 'paid' ? cartCopy.alreadyPaid : cartCopy.notPayable}</p>
              {checkout.transactionId && <TransactionId id={checkout.transactionId} />}
              <Link to={paths.myOrders} className="btn btn-outline btn-sm mt-2">
                {t.backToOrders}
              </Link>
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
                record={(transactionId) => payAsync({ checkoutId: checkout._id, transactionId })}
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
