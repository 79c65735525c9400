import { orderViewCopy } from './copy/order-view';
import { refundsCopy } from './copy/refunds';
import { minutesLeft } from './order-state';
import type { PurchaseStatus } from './schemas/cart';

/**
 * Issue #34 item 7: an order's real state in words, the same in My Orders and on the order's page — its status
 * ("Shipped") and, once money went back, how much ("Refunded" in full, "Partly refunded"), joined as
 * "Shipped · Refunded". The spec's own texts ('pay', 'Pending...', 'Paid', 'Dleverd') stay where the spec puts them;
 * this says what they leave out.
 */

/** What the state is read from: a Purchase has all of it. */
export interface PurchaseStateInput {
  status: PurchaseStatus;
  /** Until when an unpaid order holds its parts; past it the order is expired, though the server may not have said so yet. */
  expiresAt: string | null;
  total: number;
  /** What refunds gave back in all. */
  refunded?: number;
}

export type RefundState = 'full' | 'partial' | null;

export interface PurchaseState {
  /** The status to show: `unpaid` past its reservation reads `expired`. */
  status: PurchaseStatus;
  /** "Shipped" */
  statusLabel: string;
  refund: RefundState;
  /** "Refunded", "Partly refunded", or null */
  refundLabel: string | null;
  /** Both in one: "Shipped · Refunded", or "Paid". */
  label: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Refunded in full once the refunds reach the total, in part while something went back. */
export function refundState(p: Pick<PurchaseStateInput, 'total' | 'refunded'>): RefundState {
  const refunded = cents(p.refunded ?? 0);
  if (refunded <= 0) return null;
  return refunded >= cents(p.total) ? 'full' : 'partial';
}

export function purchaseState(p: PurchaseStateInput, now: Date = new Date()): PurchaseState {
  const status: PurchaseStatus = p.status === 'unpaid' && p.expiresAt && minutesLeft(p.expiresAt, now) === 0 ? 'expired' : p.status;
  const refund = refundState(p);
  const statusLabel = orderViewCopy.status[status];
  const refundLabel = refund ? refundsCopy.refundedBadge(refund === 'full') : null;
  return { status, statusLabel, refund, refundLabel, label: refundLabel ? `${statusLabel} · ${refundLabel}` : statusLabel };
}
