import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminOrdersCopy } from '@shop/shared/copy/admin-orders';
import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Purchase } from '@shop/shared/schemas/cart';
import { ADMIN_ORDER_STATUSES, ADMIN_ORDERS_DEFAULT_LIMIT, type AdminOrderStatus as OrderStatusTab } from '@shop/shared/schemas/order-admin';
import { useAdminPurchases } from '../../../features/orders/api/get-purchases';
import { useExportOrdersCsv, type OrdersExportKind } from '../../../features/orders/api/export-orders-csv';
import { OrdersTableSkeleton } from '../../../features/orders/components/orders-table';
import { PurchasesTable } from '../../../features/orders/components/purchases-table';
import { purchaseLabel } from '../../../features/orders/purchase';
import { AdminOrderStatus, CancelOrderButton } from '../../../features/orders/components/order-status';
import { CancelOrderDialog } from '../../../features/orders/components/cancel-order-dialog';
import { DeliverOrderDialog } from '../../../features/orders/components/deliver-order-dialog';
import { ShipOrderButton, ShipOrderDialog } from '../../../features/orders/components/ship-order-dialog';
import { ShipmentSummary } from '../../../features/orders/components/shipments';
import { OrderStatusTabs } from '../../../features/orders/components/order-status-tabs';
import { OrderSearchForm } from '../../../features/orders/components/order-search-form';
import { WaitingSummary } from '../../../features/orders/components/waiting-summary';
import { OrdersPager } from '../../../features/orders/components/orders-pager';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { downloadText } from '../../../lib/download';
import { toastError, toastSuccess } from '../../../lib/toast';

const t = adminOrdersCopy;
const PANEL_ID = 'orders-panel';

/** The filter lives in the address (?status=&q=&page=), so reload, back and a shared link keep it. */
function useOrdersFilter() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: OrderStatusTab = ADMIN_ORDER_STATUSES.includes(rawStatus as OrderStatusTab) ? (rawStatus as OrderStatusTab) : 'all';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { status?: OrderStatusTab; q?: string; page?: number }) => {
    const merged = { status, q, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.status !== 'all') out.set('status', merged.status);
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  return { status, q, page, update };
}

export default function ManageOrdersPage() {
  const { status, q, page, update } = useOrdersFilter();
  const limit = ADMIN_ORDERS_DEFAULT_LIMIT;
  // Issue #24: one row per order (a checkout with its lines, or a lone order); issue #39 item 6: so is the orders export.
  const orders = useAdminPurchases({ page, limit, status, q });
  const exporter = useExportOrdersCsv();
  const [toCancel, setToCancel] = useState<Purchase | null>(null);
  const [toDeliver, setToDeliver] = useState<Purchase | null>(null);
  const [toShip, setToShip] = useState<Purchase | null>(null);

  const exportCsv = (kind: OrdersExportKind) =>
    exporter.mutate(
      { kind, status, q },
      {
        onSuccess: (csv) => {
          downloadText(`${kind}-${status}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
          // The same filter as the list on screen, so its total is the number of exported orders.
          if (data) toastSuccess(kind === 'orders' ? t.exported(data.total) : t.exportedLines(data.total));
        },
        onError: (err) => toastError(err.message),
      },
    );

  const data = orders.data;
  return (
    <section aria-labelledby="manage-orders-title">
      <DashboardPageHeader id="manage-orders-title" title={dashboardCopy.manageAllOrders} intro={orderFlowCopy.manageOrdersIntro}>
        <div className="flex flex-wrap gap-2">
          {(
            [
              ['orders', t.exportOrdersCsv],
              ['order-lines', t.exportLinesCsv],
            ] as const
          ).map(([kind, label]) => (
            <button key={kind} type="button" className="btn btn-outline" onClick={() => exportCsv(kind)} disabled={exporter.isPending}>
              {exporter.isPending && exporter.variables?.kind === kind ? t.exporting : label}
            </button>
          ))}
        </div>
      </DashboardPageHeader>
      <WaitingSummary />
      <div className="mb-4 flex flex-col gap-4">
        <OrderSearchForm value={q} onSearch={(next) => update({ q: next })} />
        <OrderStatusTabs value={status} counts={data?.counts} panelId={PANEL_ID} onChange={(next) => update({ status: next })} />
      </div>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`orders-tab-${status}`} aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <OrdersTableSkeleton rows={5} />
        ) : orders.isError ? (
          <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
        ) : data!.items.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
            {data!.counts.all === 0 && !q ? orderFlowCopy.emptyAll : t.noMatch}
          </p>
        ) : (
          <>
            <PurchasesTable
              purchases={data!.items}
              offset={(data!.page - 1) * data!.limit}
              caption={dashboardCopy.manageAllOrders}
              showCustomer
              renderStatus={(purchase, line) => (
                <>
                  <AdminOrderStatus order={line} label={purchaseLabel(purchase)} onDeliver={() => setToDeliver(purchase)} />
                  {/* Issue #25: its parcels, under the status. */}
                  <ShipmentSummary purchase={purchase} />
                </>
              )}
              renderActions={(purchase, line) => (
                <div className="flex flex-col items-end gap-2">
                  <CancelOrderButton order={line} label={purchaseLabel(purchase)} onCancel={() => setToCancel(purchase)} />
                  <ShipOrderButton order={purchase} onShip={setToShip} />
                </div>
              )}
            />
            <OrdersPager page={data!.page} pages={data!.pages} total={data!.total} limit={data!.limit} onPageChange={(next) => update({ page: next })} />
          </>
        )}
      </div>
      <CancelOrderDialog order={toCancel} onClose={() => setToCancel(null)} />
      <DeliverOrderDialog order={toDeliver} onClose={() => setToDeliver(null)} />
      <ShipOrderDialog order={toShip} onClose={() => setToShip(null)} />
    </section>
  );
}
