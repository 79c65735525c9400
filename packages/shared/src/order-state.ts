/**
 * Order life cycle: unpaid → paid → delivered, or unpaid → expired when its
 * reservation runs out (issue #8). Cancel only while unpaid: the order is
 * kept as cancelled (issue #25 item 5).
 * Kept here so the server and the web app agree on what each state allows.
 */
export type OrderStatus = 'unpaid' | 'paid' | 'delivered' | 'expired' | 'cancelled';

export interface OrderFlags {
  paid: boolean;
  deleverd: boolean;
  /** The server's status; older answers without it are read from the flags. */
  status?: OrderStatus;
}

export function orderStatus(order: OrderFlags): OrderStatus {
  if (order.status) return order.status;
  if (order.paid && order.deleverd) return 'delivered';
  if (order.paid) return 'paid';
  return 'unpaid';
}

export const canCancel = (o: OrderFlags) => orderStatus(o) === 'unpaid';
export const canPay = (o: OrderFlags) => orderStatus(o) === 'unpaid';
export const canDeliver = (o: OrderFlags) => orderStatus(o) === 'paid';

/** Whole minutes left on a reservation, rounded up so "0 min" never shows while it still holds. */
export function minutesLeft(expiresAt: string | Date, now: Date = new Date()): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}
