import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { orderStatus } from '@shop/shared/order-state';
import type { Order } from '@shop/shared/schemas/order';
import { paths } from '../../../config/paths';
import { TransactionId } from './orders-table';

/** What the customer sees (spec §4): 'pay' while unpaid, 'Pending...' once paid, 'Paid' with the transaction id once delivered. */
export function CustomerOrderStatus({ order }: { order: Order }) {
  const status = orderStatus(order);
  if (status === 'unpaid') {
    return (
      <Link to={paths.payment(order._id)} className="btn btn-primary btn-sm min-w-20">
        {copy.orders.pay}
        <span className="sr-only"> {order.productName}</span>
      </Link>
    );
  }
  return (
    <div>
      {status === 'paid' ? (
        <span className="badge badge-warning font-semibold">{copy.orders.pending}</span>
      ) : (
        <span className="badge badge-success font-semibold">{copy.orders.paid}</span>
      )}
      <TransactionId id={order.transactionId} />
    </div>
  );
}

/** What the admin sees: 'Not paid', the 'Dleverd' button for paid orders, 'Paid' with the transaction id once delivered. */
export function AdminOrderStatus({ order, onDeliver }: { order: Order; onDeliver(order: Order): void }) {
  const status = orderStatus(order);
  if (status === 'unpaid') return <span className="badge badge-ghost border-base-300 font-semibold">{copy.orders.notPaid}</span>;
  if (status === 'paid') {
    return (
      <div>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => onDeliver(order)}>
          {copy.orders.deliverButton}
          <span className="sr-only"> {order.productName}</span>
        </button>
        <TransactionId id={order.transactionId} />
      </div>
    );
  }
  return (
    <div>
      <span className="badge badge-success font-semibold">{copy.orders.paid}</span>
      <TransactionId id={order.transactionId} />
    </div>
  );
}

/** Cancel is offered only while unpaid (customer and admin). */
export function CancelOrderButton({ order, onCancel }: { order: Order; onCancel(order: Order): void }) {
  if (orderStatus(order) !== 'unpaid') return null;
  return (
    <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onCancel(order)}>
      {copy.orders.cancel}
      <span className="sr-only"> {order.productName}</span>
    </button>
  );
}
