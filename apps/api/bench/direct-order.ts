/**
 * The shop's order transaction (orders.service.ts `placeOrder`, decisions 140 and 143), sent straight
 * from node-postgres: the same two statements, word for word, with the same parameters, for the
 * bench's side-by-side figure. `pipelined`: BEGIN sent with the first statement and COMMIT with the
 * second, as the shop does (two round trips); otherwise one round trip per statement (four). The
 * first statement's text is what Drizzle builds for the shop; when the shop's statements change, print them
 * with bench/order-round-trips.ts (QUERY_LOG_FULL=1) and copy them here. Since issues #22 and #24 the session check
 * also bounds the session's age, and the placing statement checks the caps on lines, units and value, numbers the
 * order from order_number_seq and copies the part number. Since decision 160 the first statement also reads the
 * shipping and tax rules, and the order is priced with the shop's own pricing function.
 */
import type pg from 'pg';
import { pricedHeadValues } from './direct-checkout';
import { applicableTier, type PriceTierCents, type TaxCategory } from '@shop/shared';
import { parsePricingRules, priceWithRules } from '../src/modules/checkout/checkout-pricing';
import type { CoalescedNotify } from '../src/db/notify-after-commit';

export interface DirectCustomer {
  userId: string;
  sessionId: string;
  email: string;
}

/** What the shop's configuration puts into the statements: the caps of issues #8 and #22, the reservation time, the session's maximum age. */
export interface DirectPolicy {
  maxUnpaid: number;
  maxLines: number;
  maxUnits: number;
  maxValueCents: number;
  ttlMinutes: number;
  sessionMaxAgeDays: number;
}

/** Where a lone order ships, as the shop stores it (createOrderSchema's output: the country's name and code, the region, the phone in E.164). */
export interface DirectShipTo {
  country: string;
  countryCode: string;
  region: string;
  address: string;
  phone: string;
}

const FIRST = `select "user"."id", "user"."name", "user"."email", "user"."email_verified", "user"."image", "user"."role", "user"."banned", "user"."ban_reason", "user"."ban_expires", "user"."two_factor_enabled", "user"."created_at", "user"."updated_at", "session"."two_factor_verified", "products"."id", "products"."name", "products"."min_order", "products"."stock", "products"."unit_price_cents", "products"."price_tiers", "products"."weight_grams", "products"."oversize", "products"."tax_category", json_build_object(
      'zones', (select coalesce(json_agg(json_build_object('id', z.id, 'name', z.name, 'countries', z.countries, 'regions', z.regions) order by z.name, z.id), '[]'::json)
         from "shipping_zones" z),
      'methods', (select coalesce(json_agg(json_build_object('zoneId', m.zone_id, 'id', m.id, 'name', m.name, 'carrier', m.carrier, 'minDays', m.min_days,
                                                   'maxDays', m.max_days, 'bands', m.bands, 'freeOverCents', m.free_over_cents,
                                                   'takesOversize', m.takes_oversize) order by m.created_at, m.id), '[]'::json)
         from "shipping_methods" m),
      'rates', (select coalesce(json_agg(json_build_object('country', r.country, 'region', r.region, 'category', r.category, 'rate', r.rate,
                                                   'taxShipping', r.tax_shipping)), '[]'::json)
         from "tax_rates" r where r.country = $1),
      'pricesIncludeTax', (select s.prices_include_tax from "shop_settings" s where s.id = 1),
      'taxStatus', (select json_build_object('taxExempt', p.tax_exempt, 'taxId', p.tax_id) from "profiles" p where p.user_id = "user"."id")), exists (select 1 from "orders" where "orders"."user_id" = "user"."id" and "orders"."status" = 'unpaid' and "orders"."expires_at" <= $2), set_config('shop.notify_after_commit', $3::text, true) from "user" inner join "session" on ("session"."id" = $4 and "session"."user_id" = $5 and "session"."user_id" = "user"."id" and "session"."expires_at" > $6 and "session"."created_at" > $7) left join "products" on "products"."id" = $8 where "user"."id" = $9 for update of "user"`;

const PLACE = `
      with cap as (select count(distinct "orders"."checkout_id")::int as open, count(*)::int as lines,
             coalesce(sum("orders"."quantity"), 0)::bigint as units, coalesce(sum("orders"."price_cents"), 0)::bigint as value from "orders"
      where "orders"."user_id" = $1::text and "orders"."status" = 'unpaid' and "orders"."expires_at" > $2::timestamptz),
      taken as (
        update "products"
        set stock = stock - $3::int, version = version + 1, updated_at = $4::timestamptz
        where id = $5::uuid and stock >= $6::int and (select open from cap) < $7::int
          and (select lines from cap) + 1 <= $8::int and (select units from cap) + $9::int <= $10::bigint
          and (select value from cap) + $11::int <= $12::bigint
        returning id, stock, sku
      ),
      -- Issue #34 (decision 212): the purchase is an order of one line, its head and its line sharing one id.
      head as (
        insert into "checkouts" (id, user_id, email, total_cents, created_at, number, ship_name, ship_line1, ship_region, ship_country,
                                  ship_phone, shipping_method_id, shipping_method_name, shipping_carrier, shipping_min_days,
                                  shipping_max_days, goods_cents, shipping_cents, shipping_tax_cents, tax_cents, tax_included, tax_exempt,
                                  tax_id, weight_grams)
        select gen_random_uuid(), $13::text, $14::text, $15::int, $16::timestamptz,
               nextval('order_number_seq'), $17::text, $18::text, $19::text, $20::text,
               $21::text, $22::uuid, $23::text, $24::text, $25::int,
               $26::int, $27::int, $28::int, $29::int,
               $30::int, $31::boolean, $32::boolean,
               $33::text, $34::int
        from taken
        returning id, number
      ),
      placed as (
        insert into "orders" (id, checkout_id, user_id, product_id, product_name, unit_price_cents, min_order, user_name, email, country,
                               address, phone, quantity, price_cents, status, created_at, expires_at, number, sku, tax_cents)
        select head.id, head.id, $35::text, taken.id, $36::text, $37::int, $38::int,
               $39::text, $40::text, $41::text, $42::text, $43::text,
               $44::int, $45::int, 'unpaid', $46::timestamptz, $47::timestamptz,
               head.number, taken.sku, $48::int
        from taken, head
        returning *
      ),
      ledger as (
        insert into "stock_movements" (product_id, kind, delta, stock_after, order_id, actor_id, actor_email)
        select taken.id, 'order_placed', $49::int, taken.stock, placed.id, $50::text, $51::text from taken, placed
      )
      select cap.open as "__open", cap.lines as "__lines", cap.units as "__units", cap.value as "__value", placed.* from cap left join placed on true`;

/** Two pipelined statements leave in one write, as the shop sends them (src/db/client.ts, pipelinedTransaction). */
const corkable = (client: pg.PoolClient) => (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;

/**
 * One order of `quantity` units; throws when it is not placed. The caller rolls back on a throw. Like the shop,
 * the transaction keeps the catalogue trigger quiet and `announce` sends one NOTIFY after many commits (decision 143).
 */
export async function directOrder(
  client: pg.PoolClient,
  customer: DirectCustomer,
  productId: string,
  quantity: number,
  shipTo: DirectShipTo,
  policy: DirectPolicy,
  pipelined: boolean,
  announce: CoalescedNotify,
): Promise<void> {
  // Pipeline mode only for this transaction, as the shop does; every query is awaited before it is switched off.
  (client as unknown as { pipeline: boolean }).pipeline = pipelined;
  try {
    await placeDirect(client, customer, productId, quantity, shipTo, policy, pipelined);
  } finally {
    announce.request();
    (client as unknown as { pipeline: boolean }).pipeline = false;
  }
}

async function placeDirect(
  client: pg.PoolClient,
  customer: DirectCustomer,
  productId: string,
  quantity: number,
  shipTo: DirectShipTo,
  policy: DirectPolicy,
  pipelined: boolean,
): Promise<void> {
  const now = new Date().toISOString();
  const signedInAfter = new Date(Date.now() - policy.sessionMaxAgeDays * 86_400_000).toISOString();
  const firstValues = [shipTo.countryCode, now, 'products', customer.sessionId, customer.userId, now, signedInAfter, productId, customer.userId];
  let first: pg.QueryResult;
  if (pipelined) {
    const stream = corkable(client);
    stream.cork();
    const sent = [client.query('begin'), client.query({ text: FIRST, values: firstValues, rowMode: 'array' })] as const;
    stream.uncork();
    const [begun, row] = await Promise.allSettled(sent);
    if (begun.status === 'rejected') throw begun.reason;
    if (row.status === 'rejected') throw row.reason;
    first = row.value;
  } else {
    await client.query('begin');
    first = await client.query({ text: FIRST, values: firstValues, rowMode: 'array' });
  }
  const r = first.rows[0] as unknown[];
  if (!r) throw new Error('session ended');
  const userName = (r[1] as string) || customer.email.split('@')[0];
  const [name, minOrder, unitPriceCents, tiers] = [r[14] as string, r[15] as number, r[17] as number, r[18] as PriceTierCents[]];
  const product = { unitPriceCents, minOrder, priceTiers: tiers, weightGrams: r[19] as number, oversize: r[20] as boolean, taxCategory: r[21] as TaxCategory };
  // As the shop prices it (decision 160): the cheapest method to the address, tax per line, quantity tiers (decision 131).
  const pricing = priceWithRules(parsePricingRules(r[22]), [{ product, quantity }], { country: shipTo.countryCode, region: shipTo.region });
  const cheapest = pricing.options[0];
  if (!cheapest) throw new Error(pricing.problem ?? 'no shipping method');
  const { totals } = cheapest;
  const priceCents = totals.lines[0].amountCents;
  const lotPriceCents = applicableTier(tiers, quantity)?.unitPriceCents ?? unitPriceCents;
  const expires = new Date(Date.now() + policy.ttlMinutes * 60_000).toISOString();
  const placeValues = [
    customer.userId,
    now,
    quantity,
    new Date().toISOString(),
    productId,
    quantity,
    policy.maxUnpaid,
    policy.maxLines,
    quantity,
    policy.maxUnits,
    priceCents,
    policy.maxValueCents,
    // The order (its head).
    customer.userId,
    customer.email,
    totals.totalCents,
    now,
    userName,
    shipTo.address,
    shipTo.region,
    shipTo.countryCode,
    shipTo.phone,
    ...pricedHeadValues(cheapest, pricing.taxExempt, pricing.taxId, pricing.weightGrams),
    // Its line.
    customer.userId,
    name,
    lotPriceCents,
    minOrder,
    userName,
    customer.email,
    shipTo.country,
    shipTo.address,
    shipTo.phone,
    quantity,
    priceCents,
    now,
    expires,
    totals.lines[0].taxCents,
    -quantity,
    customer.userId,
    customer.email,
  ];
  let placed: pg.QueryResult;
  if (pipelined) {
    const stream = corkable(client);
    stream.cork();
    const sent = [client.query(PLACE, placeValues), client.query('commit')] as const;
    stream.uncork();
    const [p, c] = await Promise.allSettled(sent);
    if (p.status === 'rejected') throw p.reason;
    if (c.status === 'rejected') throw c.reason;
    placed = p.value;
  } else {
    placed = await client.query(PLACE, placeValues);
    await client.query('commit');
  }
  if (placed.rows[0]?.id == null) throw new Error(`not placed (the customer holds ${JSON.stringify(placed.rows[0])})`);
}
