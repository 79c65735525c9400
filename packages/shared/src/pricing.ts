/**
 * Money rules shared by the purchase page and the server. The server is the
 * authority; the web app uses the same functions only to show the total.
 * Money is handled in integer cents to avoid floating-point drift.
 */

/** Dollars (as sent in payloads, e.g. 12.5) to integer cents, rounded half-up. */
export function toCents(dollars: number): number {
  // dollars * 100 lands just below .5 for inputs such as 2.135 (213.49999999999997);
  // 15 significant digits drop that binary noise before rounding.
  return Math.round(Number((dollars * 100).toPrecision(15)));
}

/** Integer cents to dollars for payloads (1250 -> 12.5). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Order price = unitPrice / minOrder × quantity, computed in cents and rounded
 * half-up to the cent. Integer arithmetic only: floor((2·u·q + m) / (2·m)).
 */
export function orderPriceCents(unitPriceCents: number, minOrder: number, quantity: number): number {
  if (!Number.isInteger(unitPriceCents) || unitPriceCents < 0) throw new RangeError('unitPriceCents must be a non-negative integer');
  if (!Number.isInteger(minOrder) || minOrder < 1) throw new RangeError('minOrder must be a positive integer');
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError('quantity must be a non-negative integer');
  return Math.floor((2 * unitPriceCents * quantity + minOrder) / (2 * minOrder));
}

/** Same rule for dollar amounts as the API exposes them. */
export function orderPrice(unitPrice: number, minOrder: number, quantity: number): number {
  return fromCents(orderPriceCents(toCents(unitPrice), minOrder, quantity));
}

/** A quantity is valid when it is a whole number with minOrder ≤ quantity ≤ stock. */
export function isValidQuantity(quantity: number, minOrder: number, stock: number): boolean {
  return Number.isInteger(quantity) && quantity >= minOrder && quantity <= stock;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
