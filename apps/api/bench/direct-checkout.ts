/**
 * The shop's checkout transaction (checkout.service.ts `createCheckout` with checkout-pricing.ts `priceOrder`,
 * decisions 120 and 153) sent straight from node-postgres, for the bench's side-by-side figure (issue #24 item 7).
 *
 * The same work as the shop, on the same rows, priced by the same functions of @shop/shared: check the session
 * (as `authenticate` does) and look for reservations due to expire (as the route's `expireReservations` does), lock
 * the customer's row, read the cart lines, count the unpaid reservations, lock the products in id order, read the
 * shipping zones and methods, the tax rates of the country, the shop's tax setting and the customer's tax status;
 * then insert the checkout and its order lines, move the stock through the ledger and empty the cart.
 *
 * In the fewest round trips that work needs (`pipelined`), which is what the shop could send at best:
 *
 *   1. BEGIN and the nine reads, in one write (node-postgres pipeline mode, as the order path sends BEGIN with its
 *      first statement, decision 143). The reads that need an earlier answer take it from a subquery instead: the
 *      products locked are those of the cart lines, the methods those of the zones. They run one after the other
 *      on the one connection, so every read after the first comes after the customer's row lock, as in the shop.
 *   2. The checks and the prices in JavaScript, then the four writes and COMMIT in one write. The checkout's id is
 *      made here so the lines can name it, and the lines take the checkout's number with currval (the checkout
 *      insert's own nextval, earlier in this session). The stock moves in one statement for all lines, the guarded
 *      decrement and its ledger rows together (decision 091); the products are locked and checked in 1, so it cannot
 *      come up short (the shop's moveStock reads each product first, then updates it, then writes its ledger row:
 *      three statements per line).
 *
 * Without `pipelined`, the same 15 statements go one round trip each. The shop sends more statements than this
 * (bench/checkout-round-trips.ts prints them): its session check, its look for due reservations and a count of the
 * cart lines before the transaction, and three per line for the stock, each in its own round trip.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import {
  applicableTier,
  checkoutRequestSchema,
  countryName,
  formatAddressLines,
  orderPriceCents,
  orderTotals,
  resolveTaxRates,
  shippingQuotes,
  type PriceTierCents,
  type ShippingZoneRule,
  type TaxRateRule,
} from '@shop/shared';
import type { DirectPolicy } from './direct-order';
import type { PricedOption } from '../src/modules/checkout/checkout-pricing';

/** A Tennessee workshop: 7 % state sales tax on goods and on shipping (tax_rates in migration 0018). */
export const BENCH_SHIP_TO = {
  name: 'Bench Workshop',
  line1: '500 Broadway',
  city: 'Nashville',
  region: 'TN',
  postalCode: '37203',
  country: 'US',
  phone: '+1 615 555 0100',
};

export interface DirectBuyer {
  userId: string;
  sessionId: string;
  email: string;
}

/** The delivery address as the shop stores it (the schema's output: region code, postal code and phone normalised) and the order lines' three spec fields. */
export interface DirectPlace {
  address: ReturnType<typeof checkoutRequestSchema.parse>['shippingAddress'];
  lineCountry: string;
  lineAddress: string;
}

export function directPlace(shipTo: typeof BENCH_SHIP_TO = BENCH_SHIP_TO): DirectPlace {
  const { shippingAddress: address } = checkoutRequestSchema.parse({ shippingAddress: shipTo });
  return { address, lineCountry: countryName(address.country) ?? address.country, lineAddress: formatAddressLines(address).join(', ') };
}

// ---- 1: BEGIN and the reads ---------------------------------------------------------------------------------------

/** The session check of `authenticate` (plugins/auth.ts) with the customer's row lock, and the route's look for due reservations. */

/** The order's priced columns (method, figures, tax status, weight), as the shop's insert of an order's head takes them. */
export const pricedHeadValues = ({ quote, totals }: PricedOption, taxExempt: boolean, taxId: string, weightGrams: number) => [
  quote.methodId,
  quote.name,
  quote.carrier,
  quote.minDays,
  quote.maxDays,
  totals.goodsCents,
  totals.shippingCents,
  totals.shippingTaxCents,
  totals.taxCents,
  totals.taxIncluded,
  taxExempt,
  taxExempt ? taxId : '',
  weightGrams,
];

const FIRST = `select "user"."id", "user"."name", "user"."email", "user"."email_verified", "user"."image", "user"."role", "user"."banned", "user"."ban_reason", "user"."ban_expires", "user"."two_factor_enabled", "user"."created_at", "user"."updated_at", "session"."two_factor_verified", exists (select 1 from "orders" where "orders"."user_id" = "user"."id" and "orders"."status" = 'unpaid' and "orders"."expires_at" <= $1) as "due" from "user" inner join "session" on ("session"."id" = $2 and "session"."user_id" = $3 and "session"."user_id" = "user"."id" and "session"."expires_at" > $4 and "session"."created_at" > $5) where "user"."id" = $6 for update of "user"`;

const CART_LINES = `select "user_id", "product_id", "quantity", "updated_at" from "cart_lines" where "cart_lines"."user_id" = $1 limit $2`;

const OPEN_RESERVATIONS = `select count(distinct "orders"."checkout_id")::int as open, count(*)::int as lines, coalesce(sum("orders"."quantity"), 0)::bigint as units, coalesce(sum("orders"."price_cents"), 0)::bigint as value from "orders" where "orders"."user_id" = $1::text and "orders"."status" = 'unpaid' and "orders"."expires_at" > $2::timestamptz`;

/** The shop's lock, the ids from the cart lines by a subquery (the shop sends the ids it read). */
const LOCK_PRODUCTS = `select "id", "name", "img", "description", "min_order", "stock", "unit_price_cents", "created_at", "sku", "sku_key", "brand", "category", "images", "version", "updated_at", "universal", "price_tiers", "weight_grams", "length_mm", "width_mm", "height_mm", "oversize", "tax_category" from "products" where "products"."id" in (select "product_id" from "cart_lines" where "cart_lines"."user_id" = $1 limit $2) order by "products"."id" asc for update`;

const ZONES = `select "id", "name", "countries", "regions", "created_at" from "shipping_zones" order by "shipping_zones"."name" asc, "shipping_zones"."id" asc`;

/** The shop's read, the zone ids by a subquery (the shop sends the ids it read). */
const METHODS = `select "id", "zone_id", "name", "carrier", "min_days", "max_days", "bands", "free_over_cents", "takes_oversize", "created_at" from "shipping_methods" where "shipping_methods"."zone_id" in (select "id" from "shipping_zones") order by "shipping_methods"."created_at" asc, "shipping_methods"."id" asc`;

const TAX_RATES = `select "id", "country", "region", "category", "rate", "tax_shipping" from "tax_rates" where "tax_rates"."country" = $1`;

const SETTINGS = `select "id", "prices_include_tax", "updated_at" from "shop_settings" where "shop_settings"."id" = $1`;

const TAX_STATUS = `select "tax_exempt", "tax_id" from "profiles" where "profiles"."user_id" = $1`;

// ---- 2: the writes and COMMIT -------------------------------------------------------------------------------------

const CHECKOUT_COLUMNS = `"id", "user_id", "email", "total_cents", "created_at", "payment_intent_id", "transaction_id", "paid_at", "number", "ship_name", "ship_company", "ship_line1", "ship_line2", "ship_city", "ship_region", "ship_postal_code", "ship_country", "ship_phone", "shipping_method_id", "shipping_method_name", "shipping_carrier", "shipping_min_days", "shipping_max_days", "goods_cents", "shipping_cents", "shipping_tax_cents", "tax_cents", "tax_included", "tax_exempt", "tax_id", "weight_grams"`;

/** The shop's insert, with the id given ($1) instead of `default`. */
const INSERT_CHECKOUT = `insert into "checkouts" (${CHECKOUT_COLUMNS}) values ($1, $2, $3, $4, $5, default, default, default, default, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27) returning ${CHECKOUT_COLUMNS}`;

const ORDER_COLUMNS = `"id", "user_id", "product_id", "product_name", "unit_price_cents", "min_order", "user_name", "email", "country", "address", "phone", "quantity", "price_cents", "paid", "transaction_id", "deleverd", "payment_intent_id", "created_at", "paid_at", "delivered_at", "payment_mode", "status", "expires_at", "expired_at", "refund_due", "checkout_id", "number", "sku", "tax_cents"`;
const ORDER_PARAMS = 18;

/** The shop's multi-row insert; each line's number is currval('order_number_seq'), the checkout's (the shop passes it as a parameter). */
const ordersInsert = (lines: number) => {
  const rows = Array.from({ length: lines }, (_, i) => {
    const $ = (k: number) => `$${i * ORDER_PARAMS + k}`;
    return `(default, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}, ${$(10)}, ${$(11)}, ${$(12)}, default, default, default, default, ${$(13)}, default, default, default, ${$(14)}, ${$(15)}, default, default, ${$(16)}, currval('order_number_seq'), ${$(17)}, ${$(18)})`;
  });
  return `insert into "orders" (${ORDER_COLUMNS}) values ${rows.join(', ')} returning ${ORDER_COLUMNS}`;
};
const INSERT_ORDERS = new Map<number, string>();
const insertOrders = (lines: number) => {
  let text = INSERT_ORDERS.get(lines);
  if (!text) INSERT_ORDERS.set(lines, (text = ordersInsert(lines)));
  return text;
};

/** moveStock for every line at once: the guarded decrement and its ledger row, kind order_placed, with the customer as actor. */
const TAKE_STOCK = `with taken as (
  update "products" set "stock" = "products"."stock" - o."quantity", "version" = "products"."version" + 1, "updated_at" = $1::timestamptz
  from "orders" o
  where o."checkout_id" = $2::uuid and "products"."id" = o."product_id" and "products"."stock" >= o."quantity"
  returning "products"."id", "products"."stock", o."id" as "order_id", o."quantity"
)
insert into "stock_movements" ("product_id", "kind", "delta", "stock_after", "order_id", "actor_id", "actor_email")
select taken."id", 'order_placed', -taken."quantity", taken."stock", taken."order_id", $3::text, $4::text from taken`;

const EMPTY_CART = `delete from "cart_lines" where "cart_lines"."user_id" = $1`;

type Statement = { text: string; values?: unknown[] };

/** Two pipelined statements leave in one write, as the shop sends them (src/db/client.ts, pipelinedTransaction). */
const corkable = (client: pg.PoolClient) => (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;

/** The statements in one write (pipeline mode) or one round trip each. The first failure is thrown once every answer is in. */
async function send(client: pg.PoolClient, statements: Statement[], pipelined: boolean): Promise<pg.QueryResult[]> {
  if (!pipelined) {
    const results: pg.QueryResult[] = [];
    for (const s of statements) results.push(await client.query(s.text, s.values));
    return results;
  }
  const stream = corkable(client);
  stream.cork();
  const sent = statements.map((s) => client.query(s.text, s.values));
  stream.uncork();
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<pg.QueryResult>).value);
}

type ProductRow = {
  id: string;
  name: string;
  min_order: number;
  stock: number;
  unit_price_cents: number;
  sku: string;
  price_tiers: PriceTierCents[];
  weight_grams: number;
  oversize: boolean;
  tax_category: 'standard' | 'reduced' | 'zero';
};

export interface DirectCheckoutResult {
  checkoutId: string;
  lines: number;
  units: number;
  totalCents: number;
}

/**
 * One checkout of the buyer's cart; throws when it is not placed (the transaction is then rolled back, or was never
 * committed). Like the shop's: the cheapest shipping method offered, no address saved.
 */
export async function directCheckout(
  client: pg.PoolClient,
  buyer: DirectBuyer,
  place: DirectPlace,
  policy: DirectPolicy,
  pipelined: boolean,
): Promise<DirectCheckoutResult> {
  (client as unknown as { pipeline: boolean }).pipeline = pipelined;
  let open = false;
  try {
    open = true;
    const result = await checkOut(client, buyer, place, policy, pipelined);
    open = false;
    return result;
  } catch (err) {
    // A failed statement aborted the transaction; a failed check left it open. Either way it ends here.
    if (open) await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    (client as unknown as { pipeline: boolean }).pipeline = false;
  }
}

async function checkOut(
  client: pg.PoolClient,
  buyer: DirectBuyer,
  place: DirectPlace,
  policy: DirectPolicy,
  pipelined: boolean,
): Promise<DirectCheckoutResult> {
  const now = new Date();
  const nowIso = now.toISOString();
  const signedInAfter = new Date(now.getTime() - policy.sessionMaxAgeDays * 86_400_000).toISOString();
  const { address } = place;
  const [, first, cart, cap, locked, zones, methods, rates, settings, taxStatus] = await send(
    client,
    [
      { text: 'begin' },
      { text: FIRST, values: [nowIso, buyer.sessionId, buyer.userId, nowIso, signedInAfter, buyer.userId] },
      { text: CART_LINES, values: [buyer.userId, policy.maxLines + 1] },
      { text: OPEN_RESERVATIONS, values: [buyer.userId, nowIso] },
      { text: LOCK_PRODUCTS, values: [buyer.userId, policy.maxLines + 1] },
      { text: ZONES },
      { text: METHODS },
      { text: TAX_RATES, values: [address.country] },
      { text: SETTINGS, values: [1] },
      { text: TAX_STATUS, values: [buyer.userId] },
    ],
    pipelined,
  );

  // The shop's checks, in its order (the answers it would give are in the errors).
  const user = first.rows[0] as { name: string; email: string; email_verified: boolean; banned: boolean | null; due: boolean } | undefined;
  if (!user || user.banned) throw new Error('401 SESSION_ENDED');
  if (!user.email_verified) throw new Error('403 EMAIL_NOT_VERIFIED');
  // The shop's route would expire them first (outside the transaction), then check out.
  if (user.due) throw new Error('reservations due to expire: not part of this bench');
  const lines = cart.rows as { product_id: string; quantity: number }[];
  if (lines.length === 0) throw new Error('400 CART_EMPTY');
  if (lines.length > policy.maxLines) throw new Error('409 RESERVATION_LIMIT (lines)');
  const held = cap.rows[0] as { open: number; lines: number; units: string; value: string };
  if (held.open >= policy.maxUnpaid) throw new Error('409 TOO_MANY_UNPAID_ORDERS');
  const byId = new Map((locked.rows as ProductRow[]).map((p) => [p.id, p]));
  const wanted = lines
    .map((line) => ({ line, product: byId.get(line.product_id)! }))
    .filter((w) => w.product)
    .sort((a, b) => a.product.name.localeCompare(b.product.name) || a.product.id.localeCompare(b.product.id));
  if (wanted.some(({ line, product }) => line.quantity > product.stock || line.quantity < product.min_order)) throw new Error('409 CHECKOUT_SHORT');
  const amounts = wanted.map(({ line, product }) => orderPriceCents(product.unit_price_cents, product.min_order, line.quantity, product.price_tiers));
  const goodsCents = amounts.reduce((s, a) => s + a, 0);
  const units = wanted.reduce((s, { line }) => s + line.quantity, 0);
  if (held.lines + wanted.length > policy.maxLines || Number(held.units) + units > policy.maxUnits || Number(held.value) + goodsCents > policy.maxValueCents) {
    throw new Error('409 RESERVATION_LIMIT');
  }

  // priceOrder: the methods that can carry the cart to the address, each with the order's totals; the cheapest first.
  type MethodRow = {
    id: string;
    zone_id: string;
    name: string;
    carrier: string;
    min_days: number;
    max_days: number;
    bands: { upToGrams: number; priceCents: number }[];
    free_over_cents: number | null;
    takes_oversize: boolean;
  };
  const rules: ShippingZoneRule[] = (zones.rows as { id: string; name: string; countries: string[]; regions: string[] }[]).map((z) => ({
    id: z.id,
    name: z.name,
    countries: z.countries,
    regions: z.regions,
    methods: (methods.rows as MethodRow[])
      .filter((m) => m.zone_id === z.id)
      .map((m) => ({
        id: m.id,
        name: m.name,
        carrier: m.carrier,
        minDays: m.min_days,
        maxDays: m.max_days,
        bands: m.bands,
        freeOverCents: m.free_over_cents,
        takesOversize: m.takes_oversize,
      })),
  }));
  const taxes = resolveTaxRates(
    (rates.rows as { country: string; region: string; category: TaxRateRule['category']; rate: number; tax_shipping: boolean }[]).map((r) => ({
      country: r.country,
      region: r.region,
      category: r.category,
      rate: r.rate,
      taxShipping: r.tax_shipping,
    })),
    address.country,
    address.region,
  );
  const pricesIncludeTax = (settings.rows[0] as { prices_include_tax: boolean } | undefined)?.prices_include_tax ?? false;
  const status = taxStatus.rows[0] as { tax_exempt: boolean; tax_id: string } | undefined;
  const taxExempt = status?.tax_exempt ?? false;
  const weightGrams = wanted.reduce((s, { line, product }) => s + product.weight_grams * line.quantity, 0);
  const hasOversize = wanted.some(({ product }) => product.oversize);
  const [quote] = shippingQuotes(rules, address, { weightGrams, goodsCents, hasOversize });
  if (!quote) throw new Error('409 NO_SHIPPING_METHOD');
  const totals = orderTotals({
    lines: wanted.map(({ product }, i) => ({ amountCents: amounts[i], category: product.tax_category })),
    shippingCents: quote.priceCents,
    taxes,
    pricesIncludeTax,
    taxExempt,
  });

  const checkoutId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + policy.ttlMinutes * 60_000);
  const userName = user.name || user.email.split('@')[0];
  const orderValues = wanted.flatMap(({ line, product }, i) => [
    buyer.userId,
    product.id,
    product.name,
    applicableTier(product.price_tiers, line.quantity)?.unitPriceCents ?? product.unit_price_cents,
    product.min_order,
    userName,
    user.email,
    place.lineCountry,
    place.lineAddress,
    address.phone,
    line.quantity,
    totals.lines[i].amountCents,
    now,
    'unpaid',
    expiresAt,
    checkoutId,
    product.sku,
    totals.lines[i].taxCents,
  ]);
  const [, , taken, , committed] = await send(
    client,
    [
      {
        text: INSERT_CHECKOUT,
        values: [
          checkoutId,
          buyer.userId,
          user.email,
          totals.totalCents,
          now,
          address.name,
          address.company ?? '',
          address.line1,
          address.line2 ?? '',
          address.city,
          address.region,
          address.postalCode,
          address.country,
          address.phone,
          ...pricedHeadValues({ quote, totals }, taxExempt, status?.tax_id ?? '', weightGrams),
        ],
      },
      { text: insertOrders(wanted.length), values: orderValues },
      { text: TAKE_STOCK, values: [new Date().toISOString(), checkoutId, buyer.userId, user.email] },
      { text: EMPTY_CART, values: [buyer.userId] },
      { text: 'commit' },
    ],
    pipelined,
  );
  if (committed.command !== 'COMMIT') throw new Error(`transaction not committed: ${committed.command}`);
  // The rows were locked and checked in the first write: every line's stock moved, with its ledger row.
  if (taken.rowCount !== wanted.length) throw new Error(`stock moved for ${taken.rowCount} of ${wanted.length} lines`);
  return { checkoutId, lines: wanted.length, units, totalCents: totals.totalCents };
}
