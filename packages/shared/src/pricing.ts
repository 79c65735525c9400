/**
 * Money rules shared by the purchase page and the server. The server is the
 * authority; the web app uses the same functions only to show the total.
 * Money is handled in integer cents to avoid floating-point drift.
 */
import { numberFormat } from './intl';

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
 * Issue #11 part 5 (decision 131): a quantity price tier. From `minQuantity`
 * units on, `unitPrice` replaces the product's price of one minimum-order lot.
 */
export interface PriceTier {
  minQuantity: number;
  unitPrice: number;
}
/** The same tier in integer cents, as the server stores it. */
export interface PriceTierCents {
  minQuantity: number;
  unitPriceCents: number;
}

/** At most this many tiers per product. */
export const MAX_PRICE_TIERS = 10;

/**
 * The tier that prices `quantity`: the one with the largest `minQuantity` not
 * above it, or null (the base price) when the quantity is below every tier.
 * The list need not be sorted.
 */
export function applicableTier<T extends { minQuantity: number }>(tiers: readonly T[] | undefined, quantity: number): T | null {
  let best: T | null = null;
  for (const t of tiers ?? []) if (t.minQuantity <= quantity && (best === null || t.minQuantity > best.minQuantity)) best = t;
  return best;
}

/**
 * Order price = unitPrice / minOrder × quantity, computed in cents and rounded
 * half-up to the cent. Integer arithmetic only: floor((2·u·q + m) / (2·m)).
 * With tiers, `unitPrice` is the applicable tier's price of a lot (decision 131).
 */
export function orderPriceCents(unitPriceCents: number, minOrder: number, quantity: number, tiers?: readonly PriceTierCents[]): number {
  const lotCents = applicableTier(tiers, quantity)?.unitPriceCents ?? unitPriceCents;
  if (!Number.isInteger(lotCents) || lotCents < 0) throw new RangeError('unitPriceCents must be a non-negative integer');
  if (!Number.isInteger(minOrder) || minOrder < 1) throw new RangeError('minOrder must be a positive integer');
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError('quantity must be a non-negative integer');
  return Math.floor((2 * lotCents * quantity + minOrder) / (2 * minOrder));
}

/** Same rule for dollar amounts as the API exposes them (a product's `unitPrice`, `minOrder` and `priceTiers`). */
export function orderPrice(unitPrice: number, minOrder: number, quantity: number, tiers?: readonly PriceTier[]): number {
  const tierCents = tiers?.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: toCents(t.unitPrice) }));
  return fromCents(orderPriceCents(toCents(unitPrice), minOrder, quantity, tierCents));
}

/** The price of one lot for this quantity: the applicable tier's, else the base price (dollars). */
export function lotPrice(unitPrice: number, tiers: readonly PriceTier[] | undefined, quantity: number): number {
  return applicableTier(tiers, quantity)?.unitPrice ?? unitPrice;
}

/**
 * What is wrong with these tiers for a product with this minimum order, or
 * null. Tiers start above the minimum order (a tier at it would replace the
 * base price: change the unit price instead), are whole numbers, strictly
 * increasing, priced at least 1 cent, and at most MAX_PRICE_TIERS (decision 131).
 */
export function priceTiersProblem(tiers: readonly PriceTier[], minOrder: number): string | null {
  if (tiers.length > MAX_PRICE_TIERS) return `At most ${MAX_PRICE_TIERS} price tiers`;
  for (let i = 0; i < tiers.length; i++) {
    const { minQuantity, unitPrice } = tiers[i];
    const n = i + 1;
    if (!Number.isInteger(minQuantity)) return `Price tier ${n}: the quantity must be a whole number`;
    if (minQuantity <= minOrder) {
      return `Price tier ${n}: the quantity must be above the minimum order (${minOrder}); the price at the minimum order is the unit price`;
    }
    if (i > 0 && minQuantity <= tiers[i - 1].minQuantity)
      return `Price tier ${n}: quantities must increase from tier to tier (${minQuantity} follows ${tiers[i - 1].minQuantity})`;
    if (!(toCents(unitPrice) >= 1)) return `Price tier ${n}: the price must be at least $0.01 (1 cent)`;
  }
  return null;
}

/** A quantity is valid when it is a whole number with minOrder ≤ quantity ≤ stock. */
export function isValidQuantity(quantity: number, minOrder: number, stock: number): boolean {
  return Number.isInteger(quantity) && quantity >= minOrder && quantity <= stock;
}

const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/**
 * Issue #37 item 2 (decision 206): one way a part can be priced for a buyer: a lot price and its quantity tiers.
 * The public price is one offer; a trade buyer's price lists add theirs.
 */
export interface PriceOffer {
  unitPriceCents: number;
  priceTiers: readonly PriceTierCents[];
}

/** What a company's price lists valid now say of one part: their own prices, and percentages off (basis points). */
export interface TradeTerms {
  prices: PriceOffer[];
  percentsOff: number[];
}

/** A lot price less a percentage (basis points, 1250 = 12.5 %), rounded half-up to the cent, never below 1 cent. */
export function percentOffCents(cents: number, basisPoints: number): number {
  return Math.max(1, Math.floor((2 * cents * (10_000 - basisPoints) + 10_000) / 20_000));
}

/** The offers a trade buyer's terms make for a part whose public price is `base`: the lists' prices, then each percentage off the public price and tiers. */
export function tradeOffers(base: PriceOffer, terms: TradeTerms | undefined): PriceOffer[] {
  if (!terms) return [];
  return [
    ...terms.prices,
    ...terms.percentsOff.map((bp) => ({
      unitPriceCents: percentOffCents(base.unitPriceCents, bp),
      priceTiers: base.priceTiers.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: percentOffCents(t.unitPriceCents, bp) })),
    })),
  ];
}

/**
 * The offer that prices `quantity` lowest, by the one price rule (orderPriceCents); the first on a tie, so the
 * public price (first) stays when a list is no cheaper. A trade buyer never pays more than a visitor would.
 */
export function cheapestOffer<T extends PriceOffer>(offers: readonly [T, ...T[]], minOrder: number, quantity: number): T {
  let best = offers[0];
  let bestCents = orderPriceCents(best.unitPriceCents, minOrder, quantity, best.priceTiers);
  for (const o of offers.slice(1)) {
    const cents = orderPriceCents(o.unitPriceCents, minOrder, quantity, o.priceTiers);
    if (cents < bestCents) [best, bestCents] = [o, cents];
  }
  return best;
}
