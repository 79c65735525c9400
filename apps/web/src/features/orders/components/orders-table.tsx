import type { ReactNode } from 'react';
import { copy } from '@shop/shared/copy';
import type { Order } from '@shop/shared/schemas/order';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';

const t = copy.orderFlow;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface OrdersTableProps {
  orders: Order[];
  caption: string;
  /** Admins see who ordered. */
  showCustomer?: boolean;
  renderStatus(order: Order): ReactNode;
  renderActions(order: Order): ReactNode;
}

/** Rows numbered from 1 (spec); on phones the table scrolls sideways inside its card. */
export function OrdersTable({ orders, caption, showCustomer = false, renderStatus, renderActions }: OrdersTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
          <tr>
            <th scope="col" className="w-12">
              {t.colNumber}
            </th>
            <th scope="col">{t.colProduct}</th>
            {showCustomer && <th scope="col">{t.colCustomer}</th>}
            <th scope="col" className="text-right">
              {t.colQuantity}
            </th>
            <th scope="col" className="text-right">
              {t.colPrice}
            </th>
            <th scope="col">{t.colShipping}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">
              <span className="sr-only">{t.colActions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, i) => (
            <tr key={order._id} className="align-top hover:bg-base-200/60">
              <th scope="row" className="font-display text-lg tabular-nums text-base-content/70">
                {i + 1}
              </th>
              <td className="min-w-44">
                <p className="font-semibold">{order.productName}</p>
                <p className="text-xs text-base-content/75">{t.orderedOn(dateFormat.format(new Date(order.createdAt)))}</p>
              </td>
              {showCustomer && (
                <td className="min-w-48">
                  <p className="font-medium">{order.userName}</p>
                  <p className="break-all text-sm text-base-content/80">{order.email}</p>
                </td>
              )}
              <td className="text-right tabular-nums">{order.quantity.toLocaleString('en-US')}</td>
              <td className="text-right font-semibold">
                <Price value={order.price} />
              </td>
              <td className="min-w-44 text-sm">
                <ShippingCell order={order} />
              </td>
              <td className="min-w-40">{renderStatus(order)}</td>
              <td className="text-right">{renderActions(order)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ShippingCell({ order }: { order: Order }) {
  const lines = [order.country, order.address, order.phone].filter((v) => v && v.trim() !== '');
  if (lines.length === 0) return <span className="text-base-content/60">—</span>;
  return (
    <address className="not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** A transaction id, small and selectable (customers quote it to the shop). */
export function TransactionId({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <p className="mt-1 text-xs text-base-content/80">
      <span className="font-medium">{t.transactionId}:</span> <code className="break-all select-all">{id}</code>
    </p>
  );
}

/** Rows of grey bars the size of real rows, so the page does not jump when orders arrive. */
export function OrdersTableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" aria-hidden="true">
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
