import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { paymentCopy } from '@shop/shared/copy/payment';
import type { PaymentStatus } from './payment-status';

/**
 * Spec §4: a spinner replaces the Pay button while processing; after success
 * the button stays, disabled. Both take the same space so nothing moves.
 */
export function PayButton({ status, amountLabel }: { status: PaymentStatus; amountLabel: string }) {
  if (status === 'processing') {
    return (
      <div className="flex h-12 w-full items-center justify-center" role="status">
        <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
        <span className="sr-only">{orderFlowCopy.processing}</span>
      </div>
    );
  }
  return (
    <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={status === 'success'}>
      {paymentCopy.pay} <span className="tabular-nums">{amountLabel}</span>
    </button>
  );
}
