/**
 * Issue #24 (decision 153): shipping and tax of one order, in integer cents.
 * The server prices every order with these functions; the checkout page uses
 * the same ones only to show what the server will charge.
 *
 * Tax rule: a rate is kept in thousandths of a percent (10.75 % = 10750).
 * Tax is computed per line (and on shipping as one more line) and each line's
 * tax is rounded half-up to the cent on its own; the order's tax is the sum
 * of those cents, so the order total always equals the sum of what its lines
 * show, to the cent.
 */

export const TAX_CATEGORIES = ['standard', 'reduced', 'zero'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** 100 % in rate units (thousandths of a percent). */
export const RATE_SCALE = 100_000;

/** A rate in thousandths of a percent from a percent figure (10.75 -> 10750). */
export const rateFromPercent = (percent: number) => Math.round(Number((percent * 1000).toPrecision(12)));
export const percentFromRate = (rate: number) => rate / 1000;

/** round(n / d) half-up, for n >= 0 and d > 0, in integers. */
function divHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** Tax on an amount that excludes it: amount × rate, rounded half-up to the cent. */
export function taxOnNet(netCents: number, rate: number): number {
  return divHalfUp(netCents * rate, RATE_SCALE);
}

/** Tax inside an amount that includes it: amount × rate / (1 + rate), rounded half-up to the cent. */
export function taxInGross(grossCents: number, rate: number): number {
  return divHalfUp(grossCents * rate, RATE_SCALE + rate);
}

export interface TaxRateRule {
  country: string;
  /** Empty: the whole country. A region's own rate replaces the country's for that category. */
  region: string;
  category: TaxCategory;
  rate: number;
  /** Whether shipping to this place is taxed (at the standard rate's row's setting). */
  taxShipping: boolean;
}

export interface ResolvedTaxRates {
  rates: Record<TaxCategory, number>;
  taxShipping: boolean;
}

/**
 * The rates that apply at an address: per category, the region's row when
 * there is one, else the country's, else zero. Shipping is taxed when the
 * standard rate that applies says so.
 */
export function resolveTaxRates(rules: readonly TaxRateRule[], country: string, region: string): ResolvedTaxRates {
  const rates: Record<TaxCategory, number> = { standard: 0, reduced: 0, zero: 0 };
  let taxShipping = false;
  for (const category of TAX_CATEGORIES) {
    const here = rules.filter((r) => r.country === country && r.category === category);
    const rule = here.find((r) => r.region !== '' && r.region === region) ?? here.find((r) => r.region === '');
    if (!rule) continue;
    rates[category] = category === 'zero' ? 0 : rule.rate;
    if (category === 'standard') taxShipping = rule.taxShipping;
  }
  return { rates, taxShipping };
}

export interface TaxedLineInput {
  /** The line's price as the shop lists it (including tax when prices include it). */
  amountCents: number;
  category: TaxCategory;
}

export interface TotalsInput {
  lines: readonly TaxedLineInput[];
  /** The shipping price as listed (same convention as the lines). */
  shippingCents: number;
  taxes: ResolvedTaxRates;
  /** The shop's setting: prices are entered including tax (EU style) or excluding it (US style). */
  pricesIncludeTax: boolean;
  /** A tax-exempt business customer pays no tax: with prices including tax, the tax is taken out. */
  taxExempt: boolean;
}

export interface OrderTotals {
  /** What each line costs in the order (its listed price, or its price without tax for an exempt customer). */
  lines: { amountCents: number; taxCents: number }[];
  goodsCents: number;
  shippingCents: number;
  shippingTaxCents: number;
  /** Every line's tax plus shipping's tax. */
  taxCents: number;
  /** Whether `taxCents` is already inside goods and shipping (prices include tax). */
  taxIncluded: boolean;
  /** What is charged: goods + shipping, plus tax when it is not included. */
  totalCents: number;
}

function taxLine(amountCents: number, rate: number, input: TotalsInput): { amountCents: number; taxCents: number } {
  if (rate === 0) return { amountCents, taxCents: 0 };
  if (input.pricesIncludeTax) {
    const inside = taxInGross(amountCents, rate);
    return input.taxExempt ? { amountCents: amountCents - inside, taxCents: 0 } : { amountCents, taxCents: inside };
  }
  return { amountCents, taxCents: input.taxExempt ? 0 : taxOnNet(amountCents, rate) };
}

/** The order's goods, shipping, tax and total, each line's tax rounded on its own. */
export function orderTotals(input: TotalsInput): OrderTotals {
  for (const l of input.lines) {
    if (!Number.isInteger(l.amountCents) || l.amountCents < 0) throw new RangeError('line amounts must be whole non-negative cents');
  }
  if (!Number.isInteger(input.shippingCents) || input.shippingCents < 0) throw new RangeError('shipping must be whole non-negative cents');
  const lines = input.lines.map((l) => taxLine(l.amountCents, input.taxes.rates[l.category], input));
  const shipping = taxLine(input.shippingCents, input.taxes.taxShipping ? input.taxes.rates.standard : 0, input);
  const goodsCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0) + shipping.taxCents;
  const taxIncluded = input.pricesIncludeTax && !input.taxExempt;
  return {
    lines,
    goodsCents,
    shippingCents: shipping.amountCents,
    shippingTaxCents: shipping.taxCents,
    taxCents,
    taxIncluded,
    totalCents: goodsCents + shipping.amountCents + (taxIncluded ? 0 : taxCents),
  };
}

/* ------------------------------------------------------------------ shipping */

/** A weight band: orders up to `upToGrams` cost `priceCents`. Bands are sorted by weight; the last one is the method's limit. */
export interface ShippingBand {
  upToGrams: number;
  priceCents: number;
}

export interface ShippingMethodRule {
  id: string;
  name: string;
  carrier: string;
  minDays: number;
  maxDays: number;
  bands: readonly ShippingBand[];
  /** Goods total from which this method is free; null: never free. */
  freeOverCents: number | null;
  /** Whether it carries parts that ship on their own (oversize). */
  takesOversize: boolean;
}

export interface ShippingZoneRule {
  id: string;
  name: string;
  countries: readonly string[];
  /** Empty: the whole of each country. Otherwise only these regions (codes) of them. */
  regions: readonly string[];
  methods: readonly ShippingMethodRule[];
}

export interface ShippingQuote {
  methodId: string;
  name: string;
  carrier: string;
  minDays: number;
  maxDays: number;
  priceCents: number;
  zoneId: string;
}

export interface ShippingCart {
  weightGrams: number;
  goodsCents: number;
  hasOversize: boolean;
}

/**
 * The zone that serves an address: one that lists its region comes before
 * one that serves the whole country.
 */
export function zoneFor<Z extends Pick<ShippingZoneRule, 'countries' | 'regions'>>(zones: readonly Z[], country: string, region: string): Z | undefined {
  const inCountry = zones.filter((z) => z.countries.includes(country));
  return inCountry.find((z) => z.regions.length > 0 && z.regions.includes(region)) ?? inCountry.find((z) => z.regions.length === 0);
}

/** The price of a method for this cart, or null when the method cannot carry it (too heavy, or oversize parts it does not take). */
export function methodPrice(method: ShippingMethodRule, cart: ShippingCart): number | null {
  if (cart.hasOversize && !method.takesOversize) return null;
  const band = [...method.bands].sort((a, b) => a.upToGrams - b.upToGrams).find((b) => cart.weightGrams <= b.upToGrams);
  if (!band) return null;
  if (method.freeOverCents !== null && cart.goodsCents >= method.freeOverCents) return 0;
  return band.priceCents;
}

/** Every method that serves the address and can carry the cart, cheapest first (then fastest). */
export function shippingQuotes(zones: readonly ShippingZoneRule[], address: { country: string; region: string }, cart: ShippingCart): ShippingQuote[] {
  const zone = zoneFor(zones, address.country, address.region);
  if (!zone) return [];
  const quotes: ShippingQuote[] = [];
  for (const m of zone.methods) {
    const priceCents = methodPrice(m, cart);
    if (priceCents === null) continue;
    quotes.push({ methodId: m.id, name: m.name, carrier: m.carrier, minDays: m.minDays, maxDays: m.maxDays, priceCents, zoneId: zone.id });
  }
  return quotes.sort((a, b) => a.priceCents - b.priceCents || a.maxDays - b.maxDays || a.name.localeCompare(b.name));
}

/** "3–5 business days" / "2 business days" */
export function deliveryEstimate(minDays: number, maxDays: number): string {
  return minDays === maxDays ? `${minDays} business day${minDays === 1 ? '' : 's'}` : `${minDays}–${maxDays} business days`;
}

/** The human order number: TT- and the sequence number (TT-10042). */
export const orderNumber = (n: number) => `TT-${n}`;
/** The sequence number in an order number typed by a person ("tt-10042", "10042", "#10042"), or null. */
export function parseOrderNumber(text: string): number | null {
  const m = /^\s*#?(?:tt[-\s]?)?(\d{1,12})\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}
