import type { Purchase } from './schemas/cart';

/**
 * Issue #39 item 9 (decision 189): may the customer cancel this paid order themselves? Paid, nothing shipped or
 * delivered, no refund and no return yet. The server checks the same again under the order's row locks.
 */
export const customerMayCancelPaid = (p: Pick<Purchase, 'status' | 'shipments' | 'refunds' | 'returns'>): boolean =>
  p.status === 'paid' && p.shipments.length === 0 && p.refunds.length === 0 && p.returns.length === 0;

/** A paid order cancelled by its customer: cancelled, with its payment taken (and refunded, or being refunded). */
export const cancelledAfterPayment = (p: Pick<Purchase, 'status' | 'paidAt'>): boolean => p.status === 'cancelled' && p.paidAt !== null;
