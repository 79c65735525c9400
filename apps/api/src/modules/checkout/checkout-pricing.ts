import { and, asc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  copy,
  countryName,
  fromCents,
  reverseChargeApplies,
  orderTotals,
  resolveTaxRates,
  shippingQuotes,
  zoneFor,
  type CheckoutQuote,
  type OrderFigures,
  type OrderTotals,
  type ShippingMethodRule,
  type ShippingQuote,
  type ShippingZoneRule,
  type TaxRateRule,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, companies, companyMembers, orders, products, profiles, shippingMethods, shippingZones, shopSettings, taxRates } from '../../db/schema';
import { lineTotalCents } from '../cart/cart.service';
import { sellerVat } from '../invoices/seller-vat';

/**
 * Issue #24 (decision 153): the price of an order before it is placed: the
 * methods that can carry the cart to the address, and the goods, shipping,
 * tax and total with each. The quote and the checkout call the same function
 * with the same rows, so the order costs what the checkout page showed.
 */

/** The shop's products row as the cart reads it (decision 217: `discontinuedAt` need not be read). */
type ProductRow = Omit<typeof products.$inferSelect, 'discontinuedAt'> & { discontinuedAt?: Date | null };
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
  /** Issue #39 (decision 183): the buyer's EU VAT ID ('' when none) and whether it makes the order reverse charge. */
  vatId: string;
  reverseCharge: boolean;
  options: PricedOption[];
  problem: string | null;
}

export interface PricingRules {
  /** The zones by name, each with its methods in the order they were made (as the admin's shipping page lists them). */
  zones: ShippingZoneRule[];
  /** The country's rates (before they are resolved for the region). */
  rates: TaxRateRule[];
  pricesIncludeTax: boolean;
  taxExempt: boolean;
  taxId: string;
  /** Issue #39 (decision 183): the buyer's EU VAT ID and whether it makes the order reverse charge (taxed at 0 %). */
  vatId: string;
  reverseCharge: boolean;
}

/**
 * Issue #39 (decision 183): how a buyer's VAT ID taxes an order to this country: reverse charge (0 %) when it is an
 * EU VAT ID of another member state than the shop's, and the parts go to another member state than the shop's.
 * Decided here on the server from the VAT ID alone: the page's figures are never taken.
 */
export function vatTreatment(vatId: string, shipCountry: string): { vatId: string; reverseCharge: boolean } {
  return { vatId, reverseCharge: reverseChargeApplies({ vatId, shipCountry, sellerCountry: sellerVat().country }) };
}

/**
 * Everything an order's price depends on besides its lines, as ONE json value: the shipping zones and methods,
 * the country's tax rates, the shop's tax setting and the customer's tax status: their company's for a member of one
 * (issue #37 item 1: a trade account's tax exemption and tax number are the company's), else their own. The checkout reads it inside
 * its transaction, where five queries sent at once would only queue on the one connection: five round trips
 * (issue #24 item 7, `npm run bench`'s checkout part), and queries queued on a busy client, which node-postgres 9
 * will refuse. The spec's one-product order folds it into the statement that reads its product (decision 160).
 * `userId` is a value or a column (the one-product order's `user.id`).
 */
export function pricingRulesSql(userId: SQLWrapper | string, country: string): SQL {
  return sql`json_build_object(
      'zones', (select coalesce(json_agg(json_build_object('id', z.id, 'name', z.name, 'countries', z.countries, 'regions', z.regions) order by z.name, z.id), '[]'::json)
         from ${shippingZones} z),
      'methods', (select coalesce(json_agg(json_build_object('zoneId', m.zone_id, 'id', m.id, 'name', m.name, 'carrier', m.carrier, 'minDays', m.min_days,
                                                   'maxDays', m.max_days, 'bands', m.bands, 'freeOverCents', m.free_over_cents,
                                                   'takesOversize', m.takes_oversize) order by m.created_at, m.id), '[]'::json)
         from ${shippingMethods} m),
      'rates', (select coalesce(json_agg(json_build_object('country', r.country, 'region', r.region, 'category', r.category, 'rate', r.rate,
                                                   'taxShipping', r.tax_shipping)), '[]'::json)
         from ${taxRates} r where r.country = ${country}),
      'pricesIncludeTax', (select s.prices_include_tax from ${shopSettings} s where s.id = 1),
      'taxStatus', coalesce(
         (select json_build_object('taxExempt', c.tax_exempt, 'taxId', c.tax_id)
            from ${companyMembers} cm join ${companies} c on c.id = cm.company_id where cm.user_id = ${userId}),
         (select json_build_object('taxExempt', p.tax_exempt, 'taxId', p.tax_id) from ${profiles} p where p.user_id = ${userId})))`;
}

interface PricingRulesJson {
  zones: Omit<ShippingZoneRule, 'methods'>[];
  methods: (ShippingMethodRule & { zoneId: string })[];
  rates: TaxRateRule[];
  pricesIncludeTax: boolean | null;
  taxStatus: { taxExempt: boolean; taxId: string } | null;
}

/** The rules from pricingRulesSql's value (a string when the driver leaves json unparsed). */
export function parsePricingRules(value: unknown): PricingRules {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as PricingRulesJson;
  return {
    zones: row.zones.map((z) => ({
      ...z,
      methods: row.methods.filter((m) => m.zoneId === z.id).map(({ zoneId: _zone, ...m }) => m),
    })),
    rates: row.rates,
    pricesIncludeTax: row.pricesIncludeTax ?? false,
    taxExempt: row.taxStatus?.taxExempt ?? false,
    taxId: row.taxStatus?.taxId ?? '',
    vatId: '',
    reverseCharge: false,
  };
}

export async function pricingRules(db: Db, userId: string, country: string): Promise<PricingRules> {
  const result = await db.execute(sql`select ${pricingRulesSql(userId, country)} as rules`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as { rules: unknown }[];
  return parsePricingRules(row.rules);
}

/** What a product needs to be priced and shipped. */
export type PricedProduct = Pick<ProductRow, 'unitPriceCents' | 'minOrder' | 'priceTiers' | 'weightGrams' | 'oversize' | 'taxCategory'>;

/** Price these lines to this place with these rules: the same arithmetic for the checkout and the one-product order. */
export function priceWithRules<P extends PricedProduct>(
  rules: PricingRules,
  cart: { product: P; quantity: number }[],
  place: { country: string; region: string },
): Omit<OrderPricing, 'lines'> & { lines: { product: P; quantity: number; amountCents: number }[] } {
  const lines = cart.map(({ product, quantity }) => ({ product, quantity, amountCents: lineTotalCents(product, quantity) }));
  const weightGrams = lines.reduce((s, l) => s + l.product.weightGrams * l.quantity, 0);
  const listedGoodsCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const hasOversize = lines.some((l) => l.product.oversize);
  const { zones, rates, pricesIncludeTax, ...status } = rules;
  const taxes = resolveTaxRates(rates, place.country, place.region);
  const quotes = shippingQuotes(zones, place, { weightGrams, goodsCents: listedGoodsCents, hasOversize });
  const options = quotes.map((quote) => ({
    quote,
    totals: orderTotals({
      lines: lines.map((l) => ({ amountCents: l.amountCents, category: l.product.taxCategory })),
      shippingCents: quote.priceCents,
      taxes,
      pricesIncludeTax,
      // A reverse-charge order is taxed like an exempt customer's: 0 %, and a price that includes tax loses it.
      taxExempt: status.taxExempt || status.reverseCharge,
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

/** Price these lines to this place for this customer. `db` may be the checkout's transaction. */
export async function priceOrder(
  db: Db,
  userId: string,
  cart: { product: ProductRow; quantity: number }[],
  place: { country: string; region: string; vatId?: string },
): Promise<OrderPricing> {
  return priceWithRules({ ...(await pricingRules(db, userId, place.country)), ...vatTreatment(place.vatId ?? '', place.country) }, cart, place);
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
    vatId: p.vatId,
    reverseCharge: p.reverseCharge,
    problem: p.problem,
  };
}

/** The columns of a checkout that its chosen shipping option sets: the method and the figures (at checkout and on repricing). */
export const pricedColumns = ({ quote, totals }: PricedOption) => ({
  shippingMethodId: quote.methodId,
  shippingMethodName: quote.name,
  shippingCarrier: quote.carrier,
  shippingMinDays: quote.minDays,
  shippingMaxDays: quote.maxDays,
  goodsCents: totals.goodsCents,
  shippingCents: totals.shippingCents,
  shippingTaxCents: totals.shippingTaxCents,
  taxCents: totals.taxCents,
  taxIncluded: totals.taxIncluded,
});

/**
 * Issue #34 (decision 179): an unpaid checkout whose lines changed (one was cancelled) is priced again by the same
 * function as at checkout: each remaining line at the lot price it was placed with, shipped by the method chosen
 * when it is still offered (else the cheapest that is), taxed with the tax status it was placed with. The caller
 * holds the checkout's row lock. A checkout no method serves any more keeps its figures (nothing is charged
 * without the customer seeing it: the payment is asked for the figures shown).
 */
export async function repriceCheckout(tx: Db, checkoutId: string): Promise<void> {
  const [head] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!head || head.transactionId || !head.shipCountry) return;
  const lines = await tx
    .select({ line: orders, product: { weightGrams: products.weightGrams, oversize: products.oversize, taxCategory: products.taxCategory } })
    .from(orders)
    .leftJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.checkoutId, checkoutId), ne(orders.status, 'cancelled')))
    .orderBy(asc(orders.productName), asc(orders.id));
  if (lines.length === 0 || lines.some((l) => l.line.paid)) return;
  const rules = {
    ...(await pricingRules(tx, head.userId ?? '', head.shipCountry)),
    taxExempt: head.taxExempt,
    taxId: head.taxId,
    // Issue #39: the reverse charge decided at checkout stays (the tax status it was placed with).
    vatId: head.vatId,
    reverseCharge: head.reverseCharge,
  };
  const priced = priceWithRules(
    rules,
    lines.map(({ line, product }) => ({
      product: {
        unitPriceCents: line.unitPriceCents,
        minOrder: line.minOrder,
        priceTiers: [],
        weightGrams: product?.weightGrams ?? 500,
        oversize: product?.oversize ?? false,
        taxCategory: product?.taxCategory ?? 'standard',
      },
      quantity: line.quantity,
    })),
    { country: head.shipCountry, region: head.shipRegion },
  );
  const chosen = priced.options.find((o) => o.quote.methodId === head.shippingMethodId) ?? priced.options[0];
  if (!chosen) return;
  const { totals } = chosen;
  await tx
    .update(checkouts)
    .set({ totalCents: totals.totalCents, ...pricedColumns(chosen), weightGrams: priced.weightGrams })
    .where(eq(checkouts.id, checkoutId));
  for (const [i, { line }] of lines.entries()) {
    const t = totals.lines[i];
    if (t.amountCents !== line.priceCents || t.taxCents !== line.taxCents) {
      await tx.update(orders).set({ priceCents: t.amountCents, taxCents: t.taxCents }).where(eq(orders.id, line.id));
    }
  }
}
