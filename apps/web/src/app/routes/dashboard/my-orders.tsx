import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Order } from '@shop/shared/schemas/order';
import { paths } from '../../../config/paths';
import { ACCESS_TOKEN_KEY, ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useAuth, useAuthActions } from '../../../features/identity/auth-context';
import { useMyOrders } from '../../../features/orders/api/get-my-orders';
import { OrdersTable, OrdersTableSkeleton } from '../../../features/orders/components/orders-table';
import { CancelOrderButton, CustomerOrderStatus } from '../../../features/orders/components/order-status';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog';
import { OrderAgainButton } from '../../../features/cart/components/order-again-button';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';

export default function MyOrdersPage() {
  const { user } = useAuth();
  const { forceSignOut } = useAuthActions();
  const navigate = useNavigate();
  const orders = useMyOrders(user?.email);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const error = orders.error;

  useEffect(() => {
    if (!error) return;
    // Spec §7: a refused token means the session is over: sign out, drop the token, go home.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      try {
        localStorage.removeItem(ACCESS_TOKEN_KEY);
      } catch {
        /* storage blocked: nothing stored */
      }
      // Not the Logout button: no 'Logout Success' toast for a session that was refused.
      void forceSignOut();
      navigate(paths.root, { replace: true });
      return;
    }
    toastError(error.message);
  }, [error, forceSignOut, navigate]);

  return (
    <section aria-labelledby="my-orders-title">
      <DashboardPageHeader id="my-orders-title" title={dashboardCopy.myOrders} intro={orderFlowCopy.myOrdersIntro} />
      {orders.isPending ? (
        <OrdersTableSkeleton />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8">
          <p className="text-lg">{orderFlowCopy.emptyMine}</p>
          <Link to={paths.products} className="btn btn-primary">
            {orderFlowCopy.browseParts}
          </Link>
        </div>
      ) : (
        <OrdersTable
          orders={orders.data}
          caption={dashboardCopy.myOrders}
          renderStatus={(order) => <CustomerOrderStatus order={order} />}
          renderActions={(order) => (
            <div className="flex flex-wrap gap-2">
              <CancelOrderButton order={order} onCancel={setToCancel} />
              <OrderAgainButton order={order} />
            </div>
          )}
        />
      )}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
