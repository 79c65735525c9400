import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { ordersCopy } from '@shop/shared/copy/orders';
import { orderStatus } from '@shop/shared/order-state';
import type { Order } from '@shop/shared/schemas/order';
import type { Purchase } from '@shop/shared/schemas/cart';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../features/identity/auth-context';
import { useOrder } from '../../../features/orders/api/get-order';
import { usePurchase } from '../../../features/orders/api/get-purchases';
import { OrderFigures } from '../../../features/checkout/components/order-figures';
import { TransactionId } from '../../../features/orders/components/orders-table';
import { usePaymentIntent } from '../../../features/payments/api/create-payment-intent';
import { PaymentCheckout } from '../../../features/payments/components/payment-checkout';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { formatCount } from '@shop/shared/intl';

const t = orderFlowCopy;

export default function PaymentPage() {
  const { paymentId = '' } = useParams();
  const order = useOrder(paymentId);

  if (order.isPending) return <PaymentSkeleton />;
  if (order.isError) {
    return (
      <section>
        <DashboardPageHeader title={t.paymentTitle} />
        <LoadError message={order.error.message} onRetry={() => void order.refetch()} />
      </section>
    );
  }
  return <PaymentView key={order.data._id} order={order.data} />;
}

function PaymentView({ order }: { order: Order }) {
  const { user } = useAuth();
  // Decided once: the success screen must stay after this visit's own payment marks the order paid.
  const [paidOnArrival] = useState(order.paid);
  const intent = usePaymentIntent(order._id, !paidOnArrival);
  // Decision 160: the order ships and is taxed, so the customer sees goods, shipping, tax and the total paid.
  const purchase = usePurchase(order._id);
  const billingDetails = { name: user?.displayName || order.userName, email: user?.email ?? order.email };

  return (
    <section aria-labelledby="payment-title">
      <DashboardPageHeader id="payment-title" title={t.payFor(order.productName)} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <OrderSummary order={order} purchase={purchase.data} due={purchase.data?.total ?? intent.data?.amount} />
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          {paidOnArrival ? (
            <AlreadyPaid order={order} />
          ) : intent.isPending ? (
            <div className="flex flex-col gap-4" aria-busy="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : intent.isError ? (
            <LoadError message={intent.error.message} onRetry={() => void intent.refetch()} />
          ) : (
            <>
              <p className="mb-4 text-sm text-base-content/80">{t.payingAs(billingDetails.name, billingDetails.email)}</p>
              <PaymentCheckout order={order} intent={intent.data} billingDetails={billingDetails} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function OrderSummary({ order, purchase, due }: { order: Order; purchase: Purchase | undefined; due: number | undefined }) {
  return (
    <div className="flex flex-col gap-4 self-start rounded-box border border-base-300 bg-base-200 p-6">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{t.hello(order.userName)}</p>
      {due === undefined ? (
        <Skeleton className="h-8 w-3/4" />
      ) : (
        <h3 className="font-display text-2xl font-bold uppercase leading-tight">{t.pleasePay(formatPrice(due))}</h3>
      )}
      <dl className="flex flex-col gap-2 border-t border-base-300 pt-4">
        <div className="flex justify-between gap-4">
          <dt className="text-base-content/80">{t.colProduct}</dt>
          <dd className="text-right font-semibold">{order.productName}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-base-content/80">{t.colQuantity}</dt>
          <dd className="font-semibold tabular-nums">{formatCount(order.quantity)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-base-content/80">{t.colPrice}</dt>
          <dd className="font-semibold tabular-nums">{formatPrice(order.price)}</dd>
        </div>
      </dl>
      {purchase && (
        <div className="border-t border-base-300 pt-4">
          <OrderFigures figures={purchase} taxExemptId={purchase.taxExempt ? purchase.taxId : undefined} vat={purchase} />
        </div>
      )}
    </div>
  );
}

function AlreadyPaid({ order }: { order: Order }) {
  const delivered = orderStatus(order) === 'delivered';
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <span className={`badge font-semibold ${delivered ? 'badge-success' : 'badge-warning'}`}>{delivered ? ordersCopy.paid : ordersCopy.pending}</span>
      <p className="text-lg font-semibold">{t.alreadyPaid}</p>
      <TransactionId id={order.transactionId} />
      <Link to={paths.myOrders} className="btn btn-outline btn-sm mt-2">
        {t.backToOrders}
      </Link>
    </div>
  );
}

function PaymentSkeleton() {
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
