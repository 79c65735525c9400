import { eq } from 'drizzle-orm';
import {
  copy,
  countryName,
  fromCents,
  orderTotals,
  shippingQuotes,
  zoneFor,
  type CheckoutQuote,
  type OrderFigures,
  type OrderTotals,
  type ShippingQuote,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { profiles, type products } from '../../db/schema';
import { lineTotalCents } from '../cart/cart.service';
import { getTaxSettings, shippingRules, taxRatesAt } from '../shipping/shipping.service';

/**
 * Issue #24 (decision 153): the price of an order before it is placed: the
 * methods that can carry the cart to the address, and the goods, shipping,
 * tax and total with each. The quote and the checkout call the same function
 * with the same rows, so the order costs what the checkout page showed.
 */

type ProductRow = typeof products.$inferSelect;
export interface PricedLine {
  product: ProductRow;
  quantity: number;
  amountCents: number;
}

export interface PricedOption {
  quote: ShippingQuote;
  totals: OrderTotals;
}

export interface OrderPricing {
  lines: PricedLine[];
  weightGrams: number;
  listedGoodsCents: number;
  taxExempt: boolean;
  taxId: string;
  options: PricedOption[];
  problem: string | null;
}

export async function taxStatusOf(db: Db, userId: string): Promise<{ taxExempt: boolean; taxId: string }> {
  const [row] = await db.select({ taxExempt: profiles.taxExempt, taxId: profiles.taxId }).from(profiles).where(eq(profiles.userId, userId));
  return { taxExempt: row?.taxExempt ?? false, taxId: row?.taxId ?? '' };
}

/** Price these lines to this place for this customer. `db` may be the checkout's transaction. */
export async function priceOrder(
  db: Db,
  userId: string,
  cart: { product: ProductRow; quantity: number }[],
  place: { country: string; region: string },
): Promise<OrderPricing> {
  const lines = cart.map(({ product, quantity }) => ({ product, quantity, amountCents: lineTotalCents(product, quantity) }));
  const weightGrams = lines.reduce((s, l) => s + l.product.weightGrams * l.quantity, 0);
  const listedGoodsCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const hasOversize = lines.some((l) => l.product.oversize);
  const [zones, taxes, settings, status] = await Promise.all([
    shippingRules(db),
    taxRatesAt(db, place.country, place.region),
    getTaxSettings(db),
    taxStatusOf(db, userId),
  ]);
  const quotes = shippingQuotes(zones, place, { weightGrams, goodsCents: listedGoodsCents, hasOversize });
  const options = quotes.map((quote) => ({
    quote,
    totals: orderTotals({
      lines: lines.map((l) => ({ amountCents: l.amountCents, category: l.product.taxCategory })),
      shippingCents: quote.priceCents,
      taxes,
      pricesIncludeTax: settings.pricesIncludeTax,
      taxExempt: status.taxExempt,
    }),
  }));
  let problem: string | null = null;
  if (options.length === 0) {
    const where = countryName(place.country) ?? place.country;
    problem = !zoneFor(zones, place.country, place.region)
      ? copy.checkoutAddress.noZone(where)
      : hasOversize
        ? copy.checkoutAddress.noOversizeMethod(where)
        : copy.checkoutAddress.tooHeavy(where, weightGrams);
  }
  return { lines, weightGrams, listedGoodsCents, ...status, options, problem };
}

export const figuresOf = (t: OrderTotals): OrderFigures => ({
  goods: fromCents(t.goodsCents),
  shipping: fromCents(t.shippingCents),
  tax: fromCents(t.taxCents),
  taxIncluded: t.taxIncluded,
  total: fromCents(t.totalCents),
});

export function toQuoteDto(p: OrderPricing): CheckoutQuote {
  return {
    options: p.options.map(({ quote, totals }) => ({
      id: quote.methodId,
      name: quote.name,
      carrier: quote.carrier,
      minDays: quote.minDays,
      maxDays: quote.maxDays,
      price: fromCents(quote.priceCents),
      figures: figuresOf(totals),
    })),
    weightGrams: p.weightGrams,
    goods: fromCents(p.listedGoodsCents),
    taxExempt: p.taxExempt,
    problem: p.problem,
  };
}
