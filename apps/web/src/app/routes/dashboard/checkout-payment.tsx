import { useParams } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useCheckout } from '../../../features/cart/api/cart';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { CheckoutPaymentView } from '../../../features/checkout/components/checkout-payment-view';

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
  return (
    <CheckoutPaymentView
      key={checkout.data._id}
      checkout={checkout.data}
      header={(title, intro) => <DashboardPageHeader id="payment-title" title={title} intro={intro} />}
    />
  );
}
