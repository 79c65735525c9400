import { countryName, formatPhone } from '@shop/shared/address';
import { formatAddressLines } from '@shop/shared/address-format';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Order } from '@shop/shared/schemas/order';

/**
 * Issue #24 (decision 153): an order as people see it is a Purchase — a
 * checkout of many lines or a lone spec order. These helpers let the spec's
 * one-line components (status, pay, cancel, deliver) act for the whole order.
 */

/**
 * The line that stands for the whole order in the status components: a lone
 * order's own line, unchanged (so it looks and behaves exactly as the spec's
 * order); for a checkout, its first line carrying the order's status, total,
 * reservation and transaction (its pay link goes to the checkout's payment).
 */
export function purchaseAsOrder(p: Purchase): Order {
  const first = p.orders[0];
  if (p.kind === 'single') return first;
  return {
    ...first,
    quantity: p.orders.reduce((sum, o) => sum + o.quantity, 0),
    price: p.total,
    // Issue #25: a shipped order is still paid, not delivered, for the spec's one-line status (its Dleverd stays).
    status: p.status === 'partially_shipped' || p.status === 'shipped' ? 'paid' : p.status,
    paid: p.status === 'paid' || p.status === 'partially_shipped' || p.status === 'shipped' || p.status === 'delivered',
    deleverd: p.status === 'delivered',
    expiresAt: p.expiresAt,
    transactionId: p.transactionId,
    refundDue: p.orders.some((o) => o.refundDue),
    paymentMode: p.orders.find((o) => o.paymentMode)?.paymentMode ?? first.paymentMode,
    checkoutId: first.checkoutId ?? p._id,
  };
}

/** What a button's accessible name adds after its word: the part of a lone order, the number of a checkout. */
export const purchaseLabel = (p: Purchase) => (p.kind === 'single' ? p.orders[0].productName : p.number);

/** Every line's id: cancelling or delivering the order acts on each. */
export const purchaseLineIds = (p: Purchase) => p.orders.map((o) => o._id);

/** The part number of a line (orders keep it at the time of ordering), or ''. */
export const lineSku = (p: Purchase, orderId: string) => p.lines.find((l) => l.orderId === orderId)?.sku ?? '';

/** Decision 220: what a kit line was made of when bought ([] for a plain part). */
export const lineKitParts = (p: Purchase, orderId: string) => p.lines.find((l) => l.orderId === orderId)?.kitParts ?? [];

/**
 * Where the order ships, as lines: the checked address (street, city line,
 * country, phone), or for an order placed before addresses were checked the
 * spec's free-text fields of its first line (address, country, phone).
 */
export function shipToLines(p: Purchase, opts: { name?: boolean } = {}): string[] {
  if (p.shipTo) {
    const a = p.shipTo;
    const street = formatAddressLines(a);
    return [opts.name ? a.name : '', opts.name ? a.company : '', ...street, countryName(a.country) ?? a.country, a.phone ? formatPhone(a.phone) : ''].filter(
      (line) => line && line.trim() !== '',
    );
  }
  const first = p.orders[0];
  return [first.address, first.country, first.phone].filter((line) => line && line.trim() !== '');
}
