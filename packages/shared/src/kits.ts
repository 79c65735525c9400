/**
 * Issue #36 item 2 (decision 220): kits, a product made of other products.
 *
 * - A kit can be bought as often as its scarcest component allows: the minimum over its components of
 *   ⌊stock / quantity per kit⌋ (0 for a kit without components). The database keeps `products.stock` of a kit at
 *   this figure; this function is the same rule for the cart, which adds up a kit and loose units of its parts.
 * - A kit has its own price. What one component is worth inside it (its share, refunded when that component alone
 *   comes back) is the kit line's amount split in proportion to what the components cost on their own, the cents
 *   left over going to the largest remainders, so the shares always add up to the line's amount to the cent.
 */

export interface KitPart {
  stock: number;
  /** Pieces in one kit. */
  quantity: number;
}

/** How many kits the components make: min ⌊stock / quantity⌋, and 0 for none. */
export function kitAvailability(parts: readonly KitPart[]): number {
  if (parts.length === 0) return 0;
  return Math.max(0, Math.min(...parts.map((p) => Math.floor(Math.max(0, p.stock) / p.quantity))));
}

/**
 * `totalCents` split over `weights` (non-negative integers) in proportion, whole cents, summing to `totalCents`
 * exactly. Equal weights when all are 0. The largest-remainder method: floors first, then one cent each to the
 * largest remainders, ties to the earlier entry.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`total must be whole non-negative cents, got ${totalCents}`);
  if (weights.length === 0) {
    if (totalCents !== 0) throw new RangeError('cannot allocate cents over no weights');
    return [];
  }
  if (weights.some((w) => !Number.isInteger(w) || w < 0)) throw new RangeError('weights must be whole and non-negative');
  const w = weights.every((x) => x === 0) ? weights.map(() => 1) : weights;
  const sum = w.reduce((a, b) => a + b, 0);
  // BigInt keeps total × weight exact past 2^53 (a $100,000 line against a weight of millions of cents).
  const big = w.map((x) => BigInt(totalCents) * BigInt(x));
  const floors = big.map((x) => Number(x / BigInt(sum)));
  const rest = big.map((x, i) => ({ i, r: Number(x % BigInt(sum)) }));
  let left = totalCents - floors.reduce((a, b) => a + b, 0);
  rest.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of rest) {
    if (left === 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

export interface KitComponentPrice {
  /** The component's own lot price, in cents. */
  lotPriceCents: number;
  /** Its minimum order (the lot's pieces). */
  minOrder: number;
  /** Pieces in one kit. */
  quantity: number;
}

/**
 * Each component's share of a kit line's amount: weighted by what the component's pieces in the kit cost on their
 * own (lot price ÷ minimum order × pieces, in hundredths of a cent so a cheap piece still weighs).
 */
export function kitShares(lineAmountCents: number, components: readonly KitComponentPrice[]): number[] {
  return allocateCents(
    lineAmountCents,
    components.map((c) => Math.round((c.lotPriceCents * 100 * c.quantity) / Math.max(1, c.minOrder))),
  );
}

/**
 * The refund for one component's pieces coming back: its share × returned ÷ bought, counted over everything
 * returned so far so the partial refunds add up to the share exactly (`before` pieces were refunded already).
 */
export function componentRefundCents(shareCents: number, piecesBought: number, before: number, returning: number): number {
  if (piecesBought <= 0) return 0;
  const upTo = (n: number) => Math.round((shareCents * Math.min(n, piecesBought)) / piecesBought);
  return upTo(before + returning) - upTo(before);
}
