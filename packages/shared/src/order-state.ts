/**
 * Order life cycle: unpaid → paid → delivered. Cancel (delete) only while unpaid.
 * Kept here so the server and the web app agree on what each state allows.
 */
export type OrderStatus = 'unpaid' | 'paid' | 'delivered';

export interface OrderFlags {
  paid: boolean;
  deleverd: boolean;
}

export function orderStatus(order: OrderFlags): OrderStatus {
  if (order.paid && order.deleverd) return 'delivered';
  if (order.paid) return 'paid';
  return 'unpaid';
}

export const canCancel = (o: OrderFlags) => orderStatus(o) === 'unpaid';
export const canPay = (o: OrderFlags) => orderStatus(o) === 'unpaid';
export const canDeliver = (o: OrderFlags) => orderStatus(o) === 'paid';
