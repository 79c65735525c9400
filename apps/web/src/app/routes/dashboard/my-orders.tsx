import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { refundState } from '@shop/shared/purchase-state';
import type { Purchase } from '@shop/shared/schemas/cart';
import { paths } from '../../../config/paths';
import { ACCESS_TOKEN_KEY, ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useAuth, useAuthActions } from '../../../features/identity/auth-context';
import { usePurchases } from '../../../features/orders/api/get-purchases';
import { OrdersTableSkeleton } from '../../../features/orders/components/orders-table';
import { PurchasesTable } from '../../../features/orders/components/purchases-table';
import { OrdersPager } from '../../../features/orders/components/orders-pager';
import { purchaseLabel } from '../../../features/orders/purchase';
import { CancelOrderButton, CustomerOrderStatus } from '../../../features/orders/components/order-status';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog';
import { PurchaseStateLine } from '../../../features/orders/components/purchase-state';
import { ShipmentSummary } from '../../../features/orders/components/shipments';
import { OrderAgainButton } from '../../../features/cart/components/order-again-button';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';

/** Orders a page; the page lives in the address (?page=), so reload and back keep it. */
const PAGE_SIZE = 20;
/** States the spec's status component already names in these words (its Expired and Cancelled badges). */
const SPEC_NAMES = ['expired', 'cancelled'] as const;

/** Issue #24: one row per order (a checkout with its lines, or a lone order as the spec shows it), newest first. */
export default function MyOrdersPage() {
  const { user } = useAuth();
  const { forceSignOut } = useAuthActions();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = usePurchases({ page, limit: PAGE_SIZE, status: 'all', q: '' }, Boolean(user?.email));
  const [toCancel, setToCancel] = useState<Purchase | null>(null);
  const error = orders.error;
  const data = orders.data;

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

  // Past the last page (the last order of a page was cancelled): show the last page there is.
  const beyondLast = Boolean(data && data.items.length === 0 && data.total > 0 && page > 1);
  useEffect(() => {
    if (beyondLast && data) setParams(data.pages > 1 ? { page: String(data.pages) } : {}, { replace: true });
  }, [beyondLast, data, setParams]);

  return (
    <section aria-labelledby="my-orders-title">
      <DashboardPageHeader id="my-orders-title" title={dashboardCopy.myOrders} intro={orderFlowCopy.myOrdersIntro} />
      {orders.isPending ? (
        <OrdersTableSkeleton />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8">
          <p className="text-lg">{orderFlowCopy.emptyMine}</p>
          <Link to={paths.products} className="btn btn-primary">
            {orderFlowCopy.browseParts}
          </Link>
        </div>
      ) : (
        <>
          <PurchasesTable
            purchases={data.items}
            offset={(data.page - 1) * data.limit}
            caption={dashboardCopy.myOrders}
            renderStatus={(purchase, line) => (
              <>
                {/* Issue #34 item 7: the real state ("Shipped · Refunded") above the spec's 'pay' / 'Pending...' / 'Paid'. */}
                <PurchaseStateLine purchase={purchase} skip={SPEC_NAMES} />
                <CustomerOrderStatus
                  order={line}
                  label={purchaseLabel(purchase)}
                  refundedInFull={purchase.status === 'paid' && refundState(purchase) === 'full'}
                />
                {/* Issue #25: "Shipped via UPS · 1Z… (track)" per parcel. */}
                <ShipmentSummary purchase={purchase} />
              </>
            )}
            renderActions={(purchase, line) => (
              <div className="flex flex-col items-end gap-2">
                <CancelOrderButton order={line} label={purchaseLabel(purchase)} onCancel={() => setToCancel(purchase)} />
                {/* A checkout's lines each have their own Order again, under the line. */}
                {purchase.kind === 'single' && <OrderAgainButton order={line} />}
              </div>
            )}
            renderLineAction={(line) => <OrderAgainButton order={line} className="btn btn-ghost btn-xs -ml-2 text-primary" />}
          />
          {data.pages > 1 && (
            <OrdersPager
              page={data.page}
              pages={data.pages}
              total={data.total}
              limit={data.limit}
              onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          )}
        </>
      )}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
    </section>
  );
}
