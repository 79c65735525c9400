import { useNow } from '../../../lib/render-clock';
import { Link } from 'react-router';
import { ordersCopy } from '@shop/shared/copy/orders';
import { paymentCopy } from '@shop/shared/copy/payment';
import { minutesLeft, orderStatus } from '@shop/shared/order-state';
import type { Order } from '@shop/shared/schemas/order';
import { paths } from '../../../config/paths';
import { TransactionId } from './orders-table';

/**
 * What the customer sees (spec §4): 'pay' while unpaid, 'Pending...' once paid, 'Paid' with the transaction id once delivered.
 * `label` ends the buttons' accessible names (the part name by default; an order of many lines gives its number).
 * `refundedInFull` (decision 190): nothing shipped and the order's money all went back, so it is not 'Pending...'.
 */
export function CustomerOrderStatus({ order, label = order.productName, refundedInFull = false }: { order: Order; label?: string; refundedInFull?: boolean }) {
  const status = orderStatus(order);
  const left = useMinutesLeft(order.expiresAt);
  if (status === 'cancelled') return <CancelledBadge />;
  if (status === 'expired' || (status === 'unpaid' && left === 0)) return <ExpiredBadge hint />;
  if (status === 'unpaid') {
    return (
      <div className="flex flex-col items-start gap-1">
        {/* The orders of one checkout are paid together, on the checkout's page (decision 121). */}
        <Link to={order.checkoutId ? paths.checkoutPayment(order.checkoutId) : paths.payment(order._id)} className="btn btn-primary btn-sm min-w-20">
          {ordersCopy.pay}
          <span className="sr-only"> {label}</span>
        </Link>
        {left !== null && <ReservedFor minutes={left} />}
      </div>
    );
  }
  if (status === 'paid' && order.refundDue) {
    // A payment that arrived after the reservation expired, for parts no longer in stock (decision 092).
    return (
      <div className="flex max-w-56 flex-col items-start gap-1">
        <span className="badge badge-error h-auto font-semibold">{ordersCopy.refundDueCustomer}</span>
        <span className="text-xs text-base-content/80">{ordersCopy.refundDueCustomerHint}</span>
        <TransactionId id={order.transactionId} />
      </div>
    );
  }
  // Decision 190: an order whose money all went back before anything shipped waits for nothing: no 'Pending...' (its state
  // line above says "Paid · Refunded"), only the payment's id.
  if (status === 'paid' && refundedInFull) return <TransactionId id={order.transactionId} />;
  return (
    <div>
      {status === 'paid' ? (
        <span className="badge badge-warning font-semibold">{ordersCopy.pending}</span>
      ) : (
        <span className="badge badge-success font-semibold">{ordersCopy.paid}</span>
      )}
      <TransactionId id={order.transactionId} />
    </div>
  );
}

/** What the admin sees: 'Not paid', the 'Dleverd' button for paid orders, 'Paid' with the transaction id once delivered. */
export function AdminOrderStatus({ order, onDeliver, label = order.productName }: { order: Order; onDeliver(order: Order): void; label?: string }) {
  const status = orderStatus(order);
  const left = useMinutesLeft(order.expiresAt);
  if (status === 'cancelled') return <CancelledBadge />;
  if (status === 'expired' || (status === 'unpaid' && left === 0)) return <ExpiredBadge />;
  if (status === 'unpaid') {
    return (
      <div className="flex flex-col items-start gap-1">
        <span className="badge badge-ghost border-base-300 font-semibold">{ordersCopy.notPaid}</span>
        {left !== null && <ReservedFor minutes={left} />}
      </div>
    );
  }
  if (status === 'paid' && order.refundDue) {
    return (
      <div>
        <span className="badge badge-error h-auto font-semibold">{ordersCopy.refundDue}</span>
        <TransactionId id={order.transactionId} />
      </div>
    );
  }
  if (status === 'paid') {
    return (
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => onDeliver(order)}>
            {ordersCopy.deliverButton}
            <span className="sr-only"> {label}</span>
          </button>
          <TestPaymentBadge order={order} />
        </div>
        <TransactionId id={order.transactionId} />
      </div>
    );
  }
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="badge badge-success font-semibold">{ordersCopy.paid}</span>
        <TestPaymentBadge order={order} />
      </div>
      <TransactionId id={order.transactionId} />
    </div>
  );
}

/** Marks an order paid without real money (test processor or Stripe test keys) for the admin. */
export function TestPaymentBadge({ order }: { order: Order }) {
  if (order.paymentMode !== 'test') return null;
  return (
    <>
      <span className="badge badge-outline badge-warning font-bold" title={paymentCopy.testBadgeLabel} aria-hidden="true">
        {paymentCopy.testBadge}
      </span>
      <span className="sr-only">{paymentCopy.testBadgeLabel}</span>
    </>
  );
}

/** Minutes left on a reservation, refreshed every 30 s; null without one. */
function useMinutesLeft(expiresAt: string | null): number | null {
  // The render's moment on the server and while hydrating (decision 187), then this browser's clock.
  const now = useNow();
  return expiresAt ? minutesLeft(expiresAt, now) : null;
}

function ReservedFor({ minutes }: { minutes: number }) {
  return <span className="text-xs font-medium text-base-content/75">{ordersCopy.reservedFor(minutes)}</span>;
}

function ExpiredBadge({ hint = false }: { hint?: boolean }) {
  return (
    <div className="flex max-w-56 flex-col items-start gap-1">
      <span className="badge badge-neutral font-semibold">{ordersCopy.expired}</span>
      {hint && <span className="text-xs text-base-content/75">{ordersCopy.expiredHint}</span>}
    </div>
  );
}

/** Issue #25 item 5: a cancelled order stays in the lists, marked so. */
function CancelledBadge() {
  return <span className="badge badge-neutral font-semibold">{ordersCopy.cancelled}</span>;
}

/** Cancel is offered only while unpaid (customer and admin). */
export function CancelOrderButton({ order, onCancel, label = order.productName }: { order: Order; onCancel(order: Order): void; label?: string }) {
  const now = useNow();
  if (orderStatus(order) !== 'unpaid') return null;
  if (order.expiresAt && minutesLeft(order.expiresAt, now) === 0) return null;
  return (
    <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => onCancel(order)}>
      {ordersCopy.cancel}
      <span className="sr-only"> {label}</span>
    </button>
  );
}
