import { useState } from 'react';
import { copy } from '@shop/shared/copy';
import type { Order } from '@shop/shared/schemas/order';
import { useAllOrders } from '../../../features/orders/api/get-all-orders';
import { OrdersTable, OrdersTableSkeleton } from '../../../features/orders/components/orders-table';
import { AdminOrderStatus, CancelOrderButton } from '../../../features/orders/components/order-status';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog';
import { DeliverOrderDialog } from '../../../features/orders/components/deliver-order-dialog';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';

export default function ManageOrdersPage() {
  const orders = useAllOrders();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [toDeliver, setToDeliver] = useState<Order | null>(null);

  return (
    <section aria-labelledby="manage-orders-title">
      <DashboardPageHeader id="manage-orders-title" title={copy.dashboard.manageAllOrders} intro={copy.orderFlow.manageOrdersIntro} />
      {orders.isPending ? (
        <OrdersTableSkeleton rows={5} />
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{copy.orderFlow.emptyAll}</p>
      ) : (
        <OrdersTable
          orders={orders.data}
          caption={copy.dashboard.manageAllOrders}
          showCustomer
          renderStatus={(order) => <AdminOrderStatus order={order} onDeliver={setToDeliver} />}
          renderActions={(order) => <CancelOrderButton order={order} onCancel={setToCancel} />}
        />
      )}
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
      <DeliverOrderDialog order={toDeliver} onClose={() => setToDeliver(null)} />
    </section>
  );
}
