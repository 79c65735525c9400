import type { ReactNode } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Order } from '@shop/shared/schemas/order';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';

const t = orderFlowCopy;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface OrdersTableProps {
  orders: Order[];
  caption: string;
  /** Admins see who ordered. */
  showCustomer?: boolean;
  /** Number of the first row minus one (rows keep counting across pages). */
  offset?: number;
  renderStatus(order: Order): ReactNode;
  renderActions(order: Order): ReactNode;
}

/**
 * Rows numbered from 1 (spec). Phones get the same orders as a numbered list
 * of cards, so the status and its actions are never off-screen; from 768 px a
 * real table (it scrolls sideways if a tablet is still too narrow).
 */
export function OrdersTable(props: OrdersTableProps) {
  return (
    <>
      <OrderCards {...props} />
      <OrdersGrid {...props} />
    </>
  );
}

function OrderCards({ orders, caption, showCustomer = false, offset = 0, renderStatus, renderActions }: OrdersTableProps) {
  return (
    <ol aria-label={caption} start={offset + 1} className="flex flex-col gap-4 md:hidden">
      {orders.map((order, i) => (
        <li key={order._id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <span className="font-display text-2xl font-bold leading-none text-base-content/75 tabular-nums" aria-hidden="true">
              {offset + i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{order.productName}</p>
              <p className="text-xs text-base-content/75">{t.orderedOn(dateFormat.format(new Date(order.createdAt)))}</p>
            </div>
            <Price value={order.price} className="font-display text-xl font-bold" />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {showCustomer && (
              <>
                <dt className="text-base-content/75">{t.colCustomer}</dt>
                <dd className="min-w-0 break-words">
                  {order.userName} · {order.email}
                </dd>
              </>
            )}
            <dt className="text-base-content/75">{t.colQuantity}</dt>
            <dd className="tabular-nums">{order.quantity.toLocaleString('en-US')}</dd>
            <dt className="text-base-content/75">{t.colShipping}</dt>
            <dd className="min-w-0 break-words">
              <ShippingCell order={order} />
            </dd>
          </dl>
          <div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-base-300 pt-3">
            <div className="min-w-0 flex-1">{renderStatus(order)}</div>
            {renderActions(order)}
          </div>
        </li>
      ))}
    </ol>
  );
}

function OrdersGrid({ orders, caption, showCustomer = false, offset = 0, renderStatus, renderActions }: OrdersTableProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
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
            {!showCustomer && <th scope="col">{t.colShipping}</th>}
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
                {offset + i + 1}
              </th>
              <td className="min-w-44">
                <p className="font-semibold">{order.productName}</p>
                <p className="text-xs text-base-content/75">{t.orderedOn(dateFormat.format(new Date(order.createdAt)))}</p>
              </td>
              {showCustomer && (
                // Admins see who ordered and where it ships in one column, so the table fits a laptop screen.
                <td className="min-w-56">
                  <p className="font-medium">{order.userName}</p>
                  <p className="text-sm text-base-content/80">{order.email}</p>
                  <div className="mt-1 text-xs text-base-content/75">
                    <ShippingCell order={order} />
                  </div>
                </td>
              )}
              <td className="text-right tabular-nums">{order.quantity.toLocaleString('en-US')}</td>
              <td className="text-right font-semibold">
                <Price value={order.price} />
              </td>
              {!showCustomer && (
                <td className="min-w-44 text-sm">
                  <ShippingCell order={order} />
                </td>
              )}
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
  const lines = [order.address, order.country, order.phone].filter((v) => v && v.trim() !== '');
  if (lines.length === 0) return <span className="text-base-content/75">—</span>;
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
