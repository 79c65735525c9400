import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  applicableTier,
  copy,
  formatUsd,
  kitShares,
  fromCents,
  isValidQuantity,
  orderNumber,
  type createOrderSchema,
  type Order,
  type PaymentMode,
} from '@shop/shared';
import { pipelinedTransaction, type Db } from '../../db/client';
import { notifyAfterCommitMarker } from '../../db/notify-after-commit';
import {
  checkouts,
  kitComponents,
  orderLineComponents,
  orders,
  products,
  session as session_,
  shipmentLines,
  stockMovements,
  user as user_,
} from '../../db/schema';
import { BadRequestError, ConflictError, DomainError, ForbiddenError, NotFoundError, OutOfStockError, isUuid } from '../../lib/errors';
import { admitSessionUser, sessionStillValid, sessionUserColumns, type AuthUser, type TokenClaims } from '../../plugins/auth';
import { actsAsAdmin, assertActsAsAdmin } from '../../lib/policy';
import { recordAudit, type AuditInput } from '../audit/audit.service';
import { moveLineStock, moveStock, type StockActor } from '../stock/stock.service';
import { lockKitParts } from '../kits/kits.service';
import { issueInvoice } from '../invoices/invoices.service';
import { parsePricingRules, priceWithRules, pricingRulesSql, repriceCheckout } from '../checkout/checkout-pricing';
import { parseTradeTerms, tradePriced, tradeTermsSql } from '../price-lists/price-lists.service';
import { loadLineUnits, unitsToShip } from './line-units';
import { figuresCents } from './order-figures';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Issue #34 (decision 212): every line belongs to an order (`checkout_id`). The spec's one-product purchase
 * (POST /order) is an order of one line that shares its line's id; only the spec's own calls tell it apart (its
 * payment is asked and recorded for its line, PATCH /orders/{id}, and its answers carry no `checkoutId`).
 */
export const isSinglePurchase = (o: Pick<OrderRow, 'id' | 'checkoutId'>) => o.checkoutId === o.id;

/** What the one-product purchase of this line is paid: its goods, its order's shipping, and their tax (decision 160). */
export async function singleDueCents(db: Db, line: OrderRow): Promise<number> {
  const [head] = await db.select().from(checkouts).where(eq(checkouts.id, line.checkoutId));
  return figuresCents(head, [line]).total;
}

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    userName: row.userName,
    email: row.email,
    country: row.country,
    address: row.address,
    phone: row.phone,
    quantity: row.quantity,
    price: fromCents(row.priceCents),
    paid: row.paid,
    transactionId: row.transactionId,
    deleverd: row.deleverd,
    createdAt: row.createdAt.toISOString(),
    paymentMode: row.paymentMode,
    status: row.status as Order['status'],
    expiresAt: row.status === 'unpaid' && row.expiresAt ? row.expiresAt.toISOString() : null,
    refundDue: row.refundDue,
    // Only a checkout's orders carry it, so single orders answer exactly as before.
    ...(isSinglePurchase(row) ? {} : { checkoutId: row.checkoutId }),
    // Issue #24: the order's number (additive; a checkout's lines share their checkout's).
    orderNumber: row.number ? orderNumber(row.number) : null,
  };
}

/** The reservation rules (issue #8), from the configuration, with the time they are applied at. */
export interface ReservationPolicy {
  ttlMinutes: number;
  maxUnpaid: number;
  /** Issue #22: what one account's unpaid reservations (every unpaid order and checkout line) may hold together. */
  maxLines: number;
  maxUnits: number;
  maxValueCents: number;
  /** Issue #37: the limits of a trade account's member at checkout (a parts list of hundreds of lines). */
  trade?: { maxLines: number; maxUnits: number; maxValueCents: number };
  now: Date;
}

/** Past its reservation but not yet swept: treated as expired everywhere. */
export const isPastDue = (row: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date) =>
  row.status === 'unpaid' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

export const orderExpired = () =>
  new ConflictError('This order expired: its reservation ran out and the parts went back into stock. Please place a new order.', 'ORDER_EXPIRED');
export const orderCancelled = () =>
  new ConflictError('This order was cancelled and its parts went back into stock: it cannot be paid. Please place a new order.', 'ORDER_CANCELLED');

// Lines placed together (one checkout) by part name, as on the order's own page, so a list reads the same every time.
const newestFirst = [desc(orders.createdAt), asc(orders.productName), asc(orders.id)] as const;

/**
 * Issue #25 item 5 (decision 165): a cancel keeps the order as `cancelled`.
 * The spec's line lists (GET /orders, /allorders) leave cancelled lines out,
 * as the spec's delete did; the order views (purchases) keep them.
 */
export const notCancelled = ne(orders.status, 'cancelled');

/**
 * The lines that make up an order now: a line cancelled before payment is no
 * longer part of its order; an order whose every line is cancelled is a
 * cancelled order, shown with the lines it was paid for (a line cancelled
 * before the payment was never part of what was charged), or with all its
 * lines when it was never paid.
 */
export function liveLines<T extends Pick<OrderRow, 'status' | 'paid'>>(rows: T[]): T[] {
  const live = rows.filter((o) => o.status !== 'cancelled');
  if (live.length) return live;
  const paid = rows.filter((o) => o.paid);
  return paid.length ? paid : rows;
}

/**
 * The live lines of one order (by its id), by part name; `lock` takes them FOR UPDATE,
 * so a shipment, refund or return and anything else changing them go one after the other.
 */
export async function orderLinesOf(tx: Db, key: string, { lock = false }: { lock?: boolean } = {}): Promise<OrderRow[]> {
  const query = tx.select().from(orders).where(eq(orders.checkoutId, key)).orderBy(asc(orders.productName), asc(orders.id));
  return liveLines(lock ? await query.for('update') : await query);
}
const orderNotFound = () => new NotFoundError('No order with that id.', 'ORDER_NOT_FOUND');

export const tooManyUnpaid = (open: number, maxUnpaid: number) =>
  new ConflictError(
    `You already have ${open} unpaid orders, the most one customer may hold (limit: ${maxUnpaid}). Pay or cancel one of them, or wait until one expires, then order again.`,
    'TOO_MANY_UNPAID_ORDERS',
  );

/** What one account's unpaid reservations already hold: `open` counts a checkout of many lines once (issue #9); `lines`, `units` and `value` count every line (issue #22). */
export interface HeldReservations {
  open: number;
  lines: number;
  units: number;
  valueCents: number;
}

/** What counts against the caps: a checkout of many lines counts once against MAX_UNPAID_ORDERS (issue #9), each of its lines against the others (issue #22). */
const openReservations = (userId: string, now: Date) =>
  sql`select count(distinct ${orders.checkoutId})::int as open, count(*)::int as lines,
             coalesce(sum(${orders.quantity}), 0)::bigint as units, coalesce(sum(${orders.priceCents}), 0)::bigint as value from ${orders}
      where ${orders.userId} = ${userId}::text and ${orders.status} = 'unpaid' and ${orders.expiresAt} > ${now.toISOString()}::timestamptz`;

const heldOf = (raw: Record<string, unknown>): HeldReservations => ({
  open: Number(raw.open),
  lines: Number(raw.lines),
  units: Number(raw.units),
  valueCents: Number(raw.value),
});

export const reservationLimit = (limit: 'lines' | 'units' | 'value', message: string, details: { max: number; wanted: number }) =>
  new DomainError(409, 'RESERVATION_LIMIT', message, { limit, ...details });

/**
 * Issue #22: one account's unpaid reservations are capped in lines, units and
 * value, so one account cannot take the whole catalogue off the shelf. The
 * error names the limit that the new lines would pass, or null when they fit.
 */
export function reservationLimitError(held: HeldReservations, adding: { lines: number; units: number; valueCents: number }, policy: ReservationPolicy) {
  const lines = held.lines + adding.lines;
  if (lines > policy.maxLines) return reservationLimit('lines', copy.orderRules.tooManyLines(lines, policy.maxLines), { max: policy.maxLines, wanted: lines });
  const units = held.units + adding.units;
  if (units > policy.maxUnits) return reservationLimit('units', copy.orderRules.tooManyUnits(units, policy.maxUnits), { max: policy.maxUnits, wanted: units });
  const value = held.valueCents + adding.valueCents;
  if (value > policy.maxValueCents) {
    return reservationLimit('value', copy.orderRules.valueTooHigh(formatUsd(fromCents(value)), formatUsd(fromCents(policy.maxValueCents))), {
      max: fromCents(policy.maxValueCents),
      wanted: fromCents(value),
    });
  }
  return null;
}

/**
 * The unpaid-order cap (issue #8), counted per reservation: a checkout of
 * many lines counts once (issue #9). Answers what the account's unpaid
 * reservations hold, for the caps of issue #22 (reservationLimitError) once
 * the new lines are priced. The caller holds the customer's row lock.
 */
export async function checkUnpaidCap(tx: Db, userId: string, policy: ReservationPolicy): Promise<HeldReservations> {
  // The same count the order statement makes (openReservations), sent on its own for a checkout.
  const held = heldOf(rowsOf(await tx.execute(openReservations(userId, policy.now)))[0]);
  if (held.open >= policy.maxUnpaid) throw tooManyUnpaid(held.open, policy.maxUnpaid);
  return held;
}

/**
 * Issue #39 item 9 (decision 188): what a guest's unpaid checkouts hold, counted per e-mail address and per client
 * address (each against the same caps as one account: a guest cannot hold more by changing one of the two). The
 * caller holds both advisory locks (guestCapLocks), so two checkouts of one guest cannot race past a cap.
 */
const guestReservations = (where: SQL, now: Date) =>
  sql`select count(distinct ${orders.checkoutId})::int as open, count(*)::int as lines,
             coalesce(sum(${orders.quantity}), 0)::bigint as units, coalesce(sum(${orders.priceCents}), 0)::bigint as value
      from ${orders} join ${checkouts} on ${checkouts.id} = ${orders.checkoutId}
      where ${checkouts.guest} and ${where} and ${orders.status} = 'unpaid' and ${orders.expiresAt} > ${now.toISOString()}::timestamptz`;

/** Serialises the checkouts of one guest e-mail and of one client address (always in that order, so no deadlock). */
async function guestCapLocks(tx: Db, guest: { email: string; ip: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(188001, hashtext(${guest.email.toLowerCase()}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(188002, hashtext(${guest.ip}))`);
}

/** Decision 188: the unpaid caps for a guest, per e-mail and per client address; answers the larger holding of each kind. */
export async function checkGuestCaps(tx: Db, guest: { email: string; ip: string }, policy: ReservationPolicy): Promise<HeldReservations> {
  await guestCapLocks(tx, guest);
  const byEmail = heldOf(rowsOf(await tx.execute(guestReservations(sql`lower(${checkouts.email}) = ${guest.email.toLowerCase()}`, policy.now)))[0]);
  const byIp = heldOf(rowsOf(await tx.execute(guestReservations(sql`${checkouts.guestIp} = ${guest.ip}`, policy.now)))[0]);
  const held: HeldReservations = {
    open: Math.max(byEmail.open, byIp.open),
    lines: Math.max(byEmail.lines, byIp.lines),
    units: Math.max(byEmail.units, byIp.units),
    valueCents: Math.max(byEmail.valueCents, byIp.valueCents),
  };
  if (held.open >= policy.maxUnpaid) throw tooManyUnpaid(held.open, policy.maxUnpaid);
  return held;
}

/**
 * Issue #22 (DESIGN §4): reserving stock needs a verified e-mail address, so a
 * made-up address cannot take stock off the shelf. Demo accounts are seeded
 * verified; Google vouches for the addresses of its accounts.
 */
export function assertMayReserve(user: Pick<AuthUser, 'emailVerified'>): void {
  if (!user.emailVerified) throw new ForbiddenError(copy.orderRules.emailNotVerified, 'EMAIL_NOT_VERIFIED');
}

/** Thrown inside the order transaction when the customer has reservations due to expire first; never leaves createOrder. */
class ExpiryDue extends Error {}

const orderColumns = Object.entries(getTableColumns(orders));
/** The row of a raw statement's `returning` (columns named as in the table) as Drizzle would give it. */
function toOrderRow(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of orderColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []));

/**
 * Place an order for the holder of a verified access token. The price, the
 * customer's name and e-mail come from the server; the stock decrement and
 * the insert are one transaction, and the decrement is conditional, so
 * concurrent orders can never oversell.
 *
 * Round trips (decision 140): BEGIN; one statement that checks the token's
 * session and the user (as `authenticate` does: signed out, expired, banned,
 * second factor owed), locks the customer's row (serialising their orders,
 * so the unpaid cap cannot be raced), reads the product and looks for
 * reservations of theirs due to expire; one
 * statement that counts the open reservations, takes the stock with the
 * guarded UPDATE, inserts the order and writes the ledger row; COMMIT. On
 * PostgreSQL, BEGIN is pipelined with the first statement and COMMIT with
 * the last: two round trips, and the product's row is locked for one
 * (decision 143). `expireDue` runs (outside
 * the transaction) when the customer has reservations past due, then the
 * order is tried once more, so expired reservations never count and their
 * units are back in stock first (decision 092).
 */
export async function createOrder(
  db: Db,
  claims: TokenClaims,
  input: z.output<typeof createOrderSchema>,
  policy: ReservationPolicy,
  expireDue: () => Promise<unknown> = async () => {},
  announceProductsChanged: () => void = () => {},
): Promise<Order> {
  if (!isUuid(input.productId)) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  for (let attempt = 0; ; attempt++) {
    try {
      return toOrderDto(await placeOrder(db, claims, input, policy, attempt === 0, announceProductsChanged));
    } catch (err) {
      if (!(err instanceof ExpiryDue)) throw err;
      await expireDue();
    }
  }
}

async function placeOrder(
  db: Db,
  claims: TokenClaims,
  input: z.output<typeof createOrderSchema>,
  policy: ReservationPolicy,
  expireFirst: boolean,
  announceProductsChanged: () => void,
): Promise<OrderRow> {
  // BEGIN travels with the first statement, COMMIT with the placing statement: two round trips (decision 143).
  return pipelinedTransaction(db, async (tx, commitWith) => {
    // The session check of `authenticate`, folded in; the customer's row is the lock that serialises their
    // concurrent orders, so the limit cannot be raced.
    const [first] = await tx
      .select({
        ...sessionUserColumns,
        product: {
          id: products.id,
          name: products.name,
          minOrder: products.minOrder,
          stock: products.stock,
          unitPriceCents: products.unitPriceCents,
          priceTiers: products.priceTiers,
          weightGrams: products.weightGrams,
          oversize: products.oversize,
          taxCategory: products.taxCategory,
          // Decision 220: a kit's stock is its parts'.
          kit: sql<boolean>`exists (select 1 from ${kitComponents} where ${kitComponents.kitId} = ${products.id})`,
        },
        // Decision 160: the shipping zones and methods, tax rates and the customer's tax status, in this statement.
        rules: sql<unknown>`${pricingRulesSql(user_.id, input.countryCode)}`,
        // Issue #37 item 2 (decision 206): a trade buyer's price lists for the part, in this statement too.
        terms: sql<unknown>`${tradeTermsSql(user_.id, { id: products.id, category: products.category, brand: products.brand }, policy.now)}`,
        due: sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${user_.id} and ${orders.status} = 'unpaid' and ${orders.expiresAt} <= ${policy.now})`,
        // The stock change is announced after the commit, not by the trigger inside it (decision 143).
        quiet: notifyAfterCommitMarker('products'),
      })
      .from(user_)
      .innerJoin(session_, sessionStillValid(claims))
      .leftJoin(products, eq(products.id, input.productId))
      .where(eq(user_.id, claims.userId))
      .for('update', { of: user_ });
    const user = admitSessionUser(first, claims.sessionId);
    assertMayReserve(user);
    if (expireFirst && first.due) throw new ExpiryDue();
    if (!first.product) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
    // Decision 220: a kit is bought by its parts. They are locked (by id) and counted here, and its row is held
    // against deletion; the parts' stock moves before the placing statement, under the reservation caps checked
    // first, so the statement sent with the COMMIT cannot come up short.
    const kit = first.product.kit ? await lockKitParts(tx, first.product.id) : null;
    const product = tradePriced(kit ? { ...first.product, stock: kit.available } : first.product, input.quantity, parseTradeTerms(first.terms));
    // Nothing orderable left is a stock problem, not a typing mistake: 409, as when a race takes the last units.
    if (product.stock < product.minOrder) throw new OutOfStockError();
    if (!isValidQuantity(input.quantity, product.minOrder, product.stock)) {
      throw new BadRequestError(copy.orderRules.quantityRange(product.minOrder, product.stock), 'INVALID_QUANTITY', {
        minOrder: product.minOrder,
        stock: product.stock,
      });
    }
    // Issue #24 (decision 160): shipped and taxed like a checkout, by the cheapest method that serves the address.
    const pricing = priceWithRules(parsePricingRules(first.rules), [{ product, quantity: input.quantity }], {
      country: input.countryCode,
      region: input.region,
    });
    const [cheapest] = pricing.options;
    if (!cheapest) throw new DomainError(409, 'NO_SHIPPING_METHOD', pricing.problem ?? copy.checkoutAddress.methodNotOffered);
    const { quote, totals } = cheapest;
    // Quantity tiers (decision 131): the order keeps the lot price it was priced with; an exempt customer's line
    // without the tax it would include.
    const priceCents = totals.lines[0].amountCents;
    const lotPriceCents = applicableTier(product.priceTiers, input.quantity)?.unitPriceCents ?? product.unitPriceCents;
    const expiresAt = new Date(policy.now.getTime() + policy.ttlMinutes * 60_000);
    const q = input.quantity;
    const userName = user.name || user.email.split('@')[0];
    const kitLineId = kit ? randomUUID() : null;
    if (kit && kitLineId) {
      const held = await checkUnpaidCap(tx, user.id, policy);
      const limit = reservationLimitError(held, { lines: 1, units: q, valueCents: priceCents }, policy);
      if (limit) throw limit;
      for (const part of kit.parts) {
        await moveStock(tx, {
          productId: part.productId,
          delta: -q * part.quantity,
          kind: 'order_placed',
          orderId: kitLineId,
          actor: { id: user.id, email: user.email },
        });
      }
    }
    const shares = kit
      ? kitShares(
          priceCents,
          kit.parts.map((p) => ({ lotPriceCents: p.unitPriceCents, minOrder: p.minOrder, quantity: p.quantity })),
        )
      : [];
    const kitRows = kit
      ? sql.join(
          kit.parts.map((p, i) => sql`(${i}::int, ${p.productId}::uuid, ${p.sku}::text, ${p.name}::text, ${p.quantity}::int, ${shares[i]}::int)`),
          sql`, `,
        )
      : null;

    // One statement (the ledger's rule, decision 091: the guarded decrement and its ledger row together).
    // The count sees every order of this customer committed before their row lock was granted.
    // Sent with the COMMIT: when nothing is placed, nothing was written, and the commit only releases the locks.
    const placing = commitWith(sql`
      with cap as (${openReservations(user.id, policy.now)}),
      taken as (${
        kit
          ? // A kit's parts were taken above; its own stock is set by the database at commit.
            sql`select id, stock, sku from ${products} where id = ${product.id}::uuid`
          : sql`update ${products}
        set stock = stock - ${q}::int, version = version + 1, updated_at = ${new Date().toISOString()}::timestamptz
        where id = ${product.id}::uuid and stock >= ${q}::int and (select open from cap) < ${policy.maxUnpaid}::int
          and (select lines from cap) + 1 <= ${policy.maxLines}::int and (select units from cap) + ${q}::int <= ${policy.maxUnits}::bigint
          and (select value from cap) + ${priceCents}::int <= ${policy.maxValueCents}::bigint
        returning id, stock, sku`
      }),
      -- Issue #34 (decision 212): the purchase is an order of one line, its head and its line sharing one id.
      head as (
        insert into ${checkouts} (id, user_id, email, total_cents, created_at, number, ship_name, ship_line1, ship_region, ship_country,
                                  ship_phone, shipping_method_id, shipping_method_name, shipping_carrier, shipping_min_days,
                                  shipping_max_days, goods_cents, shipping_cents, shipping_tax_cents, tax_cents, tax_included, tax_exempt,
                                  tax_id, weight_grams)
        select ${kitLineId ?? sql`gen_random_uuid()`}, ${user.id}::text, ${user.email}::text, ${totals.totalCents}::int, ${policy.now.toISOString()}::timestamptz,
               -- Issue #24: numbered from the one sequence of order numbers.
               nextval('order_number_seq'), ${userName}::text, ${input.address}::text, ${input.region}::text, ${input.countryCode}::text,
               ${input.phone}::text, ${quote.methodId}::uuid, ${quote.name}::text, ${quote.carrier}::text, ${quote.minDays}::int,
               ${quote.maxDays}::int, ${totals.goodsCents}::int, ${totals.shippingCents}::int, ${totals.shippingTaxCents}::int,
               ${totals.taxCents}::int, ${totals.taxIncluded}::boolean, ${pricing.taxExempt}::boolean,
               ${pricing.taxExempt ? pricing.taxId : ''}::text, ${pricing.weightGrams}::int
        from taken
        returning id, number
      ),
      placed as (
        insert into ${orders} (id, checkout_id, user_id, product_id, product_name, unit_price_cents, min_order, user_name, email, country,
                               address, phone, quantity, price_cents, status, created_at, expires_at, number, sku, tax_cents)
        select head.id, head.id, ${user.id}::text, taken.id, ${product.name}::text, ${lotPriceCents}::int, ${product.minOrder}::int,
               ${userName}::text, ${user.email}::text, ${input.country}::text, ${input.address}::text, ${input.phone}::text,
               ${q}::int, ${priceCents}::int, 'unpaid', ${policy.now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz,
               head.number, taken.sku, ${totals.lines[0].taxCents}::int
        from taken, head
        returning *
      ),
      ledger as (${
        kitRows
          ? // Decision 220: what the kit line is made of, each part's share of its amount.
            sql`insert into ${orderLineComponents} (line_id, position, product_id, sku, name, quantity, share_cents)
        select placed.id, p.position, p.product_id, p.sku, p.name, p.quantity, p.share_cents
          from placed, (values ${kitRows}) as p (position, product_id, sku, name, quantity, share_cents)`
          : sql`insert into ${stockMovements} (product_id, kind, delta, stock_after, order_id, actor_id, actor_email)
        select taken.id, 'order_placed', ${-q}::int, taken.stock, placed.id, ${user.id}::text, ${user.email}::text from taken, placed`
      })
      select cap.open as "__open", cap.lines as "__lines", cap.units as "__units", cap.value as "__value", placed.* from cap left join placed on true`);
    // Other processes drop their cached catalogue on this, whether the order was placed, refused, or its commit is
    // in doubt; this process dropped its own already (the catalogue cache's onSend hook).
    const [raw] = await placing.finally(announceProductsChanged);
    if (raw.id != null) return toOrderRow(raw);
    const held = heldOf({ open: raw.__open, lines: raw.__lines, units: raw.__units, value: raw.__value });
    if (held.open >= policy.maxUnpaid) throw tooManyUnpaid(held.open, policy.maxUnpaid);
    const limit = reservationLimitError(held, { lines: 1, units: q, valueCents: priceCents }, policy);
    if (limit) throw limit;
    // The guarded decrement found too little (a race took the units), or the product was deleted meanwhile
    // (read after the commit on PostgreSQL: it only picks the answer, 404 or 409).
    const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    if (!now) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
    throw new OutOfStockError();
  });
}

/** The customer's own orders (by their account), or anyone's for an admin. Newest first. */
export async function listOrdersByEmail(db: Db, user: AuthUser, email: string): Promise<Order[]> {
  const target = email.trim().toLowerCase();
  if (target === user.email.toLowerCase()) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), notCancelled))
      .orderBy(...newestFirst);
    return rows.map(toOrderDto);
  }
  assertActsAsAdmin(user, () => new ForbiddenError('You can only see your own orders.', 'NOT_YOUR_ORDERS'));
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, target), notCancelled))
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(notCancelled)
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/**
 * Load an order the user may see. Someone else's order is a 404 (its
 * existence is not confirmed); an admin may read any order, but only its
 * customer may act as the payer (`payer`), so an admin gets 403 there.
 */
export async function findOrderFor(db: Db, user: AuthUser, id: string, mode: 'read' | 'payer' = 'read'): Promise<OrderRow> {
  if (!isUuid(id)) throw orderNotFound();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  if (row.userId === user.id) return row;
  if (!actsAsAdmin(user)) throw orderNotFound();
  if (mode === 'payer') throw new ForbiddenError('Only the customer who placed this order can pay for it.', 'NOT_THE_PAYER');
  return row;
}

export async function getOrder(db: Db, user: AuthUser, id: string): Promise<Order> {
  return toOrderDto(await findOrderFor(db, user, id));
}

/** Decision 208: a line of an order on account may ship before it is paid; what left the shop is not cancelled. */
export async function assertNotShipped(db: Db, row: Pick<OrderRow, 'id' | 'productName' | 'deleverd'>): Promise<void> {
  const [shipped] = await db.select({ id: shipmentLines.shipmentId }).from(shipmentLines).where(eq(shipmentLines.orderId, row.id)).limit(1);
  if (shipped || row.deleverd) {
    throw new ConflictError(`${row.productName} of this order has shipped, so it can no longer be cancelled.`, 'ORDER_SHIPPED');
  }
}

export const paidCannotBeCancelled = () => new ConflictError('Paid orders cannot be cancelled.', 'ORDER_PAID');

/**
 * Cancel an unpaid order and give its units back, in one transaction (issue
 * #25 item 5, decision 165: the order is kept as `cancelled`, no longer
 * deleted). The row is locked first so a payment being recorded at the same
 * moment either wins (409 here) or finds the order cancelled. Cancelling a
 * cancelled order changes nothing ('already'). With `expectedPaymentIntentId`,
 * nothing changes when another payment intent was attached meanwhile
 * ('intent-changed'): the caller must cancel that one first.
 * The Activity log records who cancelled it (`asAdmin`: an admin, whose note
 * names the customer).
 */
export async function cancelUnpaidOrder(
  db: Db,
  id: string,
  actor: StockActor | null = null,
  { asAdmin = false, expectedPaymentIntentId, now = new Date() }: { asAdmin?: boolean; expectedPaymentIntentId?: string | null; now?: Date } = {},
): Promise<'cancelled' | 'already' | 'intent-changed'> {
  return db.transaction(async (tx) => {
    // Issue #34: a checkout's head is locked first, as creating its payment intent does, so a cancel and a new intent
    // go one after the other: the intent is made for the order as it is after the cancel, or the cancel sees it.
    const [line] = await tx.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, id));
    if (line) await tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.id, line.checkoutId)).for('update');
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw orderNotFound();
    if (row.paid) throw paidCannotBeCancelled();
    if (row.status === 'cancelled') return 'already' as const;
    if (row.status === 'expired') throw orderExpired();
    await assertNotShipped(tx, row);
    if (expectedPaymentIntentId !== undefined && row.paymentIntentId !== expectedPaymentIntentId) return 'intent-changed' as const;
    await tx.update(orders).set({ status: 'cancelled', cancelledAt: now, expiresAt: null }).where(eq(orders.id, id));
    // Issue #25 item 5: every status change is in the Activity log, a customer's own cancel too.
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: 'order.cancel',
        entityType: 'order',
        // Issue #25 item 5: named by its order number, as every order entry of the Activity log is.
        entityId: orderNumber(row.number ?? 0),
        before: { status: 'unpaid', productName: row.productName, quantity: row.quantity, email: row.email },
        after: { status: 'cancelled' },
        note:
          asAdmin && row.userId !== actor.id
            ? `Cancelled ${row.productName} for ${row.email}; ${row.quantity} units back in stock`
            : `Cancelled by the customer; ${row.quantity} ${row.quantity === 1 ? 'unit' : 'units'} back in stock`,
      });
    }
    await moveLineStock(tx, row, row.quantity, { kind: 'order_cancelled', actor });
    // Issue #34: what is left of the order is priced again (shipping, tax, total), by the checkout's own rule.
    await repriceCheckout(tx, row.checkoutId);
    return 'cancelled' as const;
  });
}

/** Decision 208: the line belongs to an order on account and something of it has shipped. */
async function onAccountShipped(tx: Db, line: OrderRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.id, line.checkoutId),
        eq(checkouts.onAccount, true),
        sql`exists (select 1 from ${shipmentLines} where ${shipmentLines.orderId} = ${line.id})`,
      ),
    );
  return row !== undefined;
}

/**
 * Mark delivered: only from paid. Repeating it on a delivered order answers
 * the order unchanged (idempotent); an unpaid order is a 409.
 */
export async function deliverOrder(db: Db, id: string, admin: AuditInput['actor']): Promise<Order> {
  if (!isUuid(id)) throw orderNotFound();
  const updated = await db.transaction(async (tx) => {
    // Issue #34: a line whose every unit was refunded before it shipped has nothing left to deliver.
    const [line] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    // Decision 208: a line of an order on account is delivered before it is paid, once something of it shipped.
    const onAccount = line && !line.paid && line.status === 'unpaid' && (await onAccountShipped(tx, line));
    if ((line?.paid || onAccount) && !line.deleverd) {
      const units = (await loadLineUnits(tx, line.checkoutId, [line.id])).get(line.id)!;
      if (units.shipped === 0 && unitsToShip(line.quantity, units) === 0) {
        throw new ConflictError('Every unit of this order was refunded before it shipped: there is nothing to deliver.', 'ORDER_REFUNDED');
      }
    }
    const [row] = await tx
      .update(orders)
      .set({ deleverd: true, status: 'delivered', deliveredAt: new Date() })
      .where(and(eq(orders.id, id), onAccount ? eq(orders.status, 'unpaid') : eq(orders.paid, true), eq(orders.deleverd, false), eq(orders.refundDue, false)))
      .returning();
    // Only the call that delivered is an action; a repeat changes nothing and records nothing.
    if (row) {
      await recordAudit(tx, {
        actor: admin,
        action: 'order.deliver',
        entityType: 'order',
        entityId: orderNumber(row.number ?? 0),
        before: { status: 'paid', deleverd: false },
        after: { status: 'delivered', deleverd: true },
        note: `Delivered ${row.productName} of order ${orderNumber(row.number ?? 0)}.`,
      });
    }
    return row;
  });
  if (updated) return toOrderDto(updated);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  if (!row.paid && !row.deleverd) {
    // Decision 208: an order on account is delivered unpaid, once something of it has shipped.
    const [head] = await db.select({ onAccount: checkouts.onAccount }).from(checkouts).where(eq(checkouts.id, row.checkoutId));
    if (head?.onAccount && row.status === 'unpaid') {
      throw new ConflictError('An order on account is marked delivered once something of it has shipped.', 'ORDER_NOT_SHIPPED');
    }
    throw new ConflictError('Only paid orders can be marked as delivered.', 'ORDER_NOT_PAID');
  }
  if (row.refundDue && !row.deleverd) {
    throw new ConflictError('This order was paid after its reservation expired and the parts were sold out: refund it instead of delivering.', 'REFUND_DUE');
  }
  return toOrderDto(row);
}

export interface PaidResult {
  order: OrderRow;
  /** True only for the one call that turned the order paid: the receipt goes out on this. */
  newlyPaid: boolean;
}

/**
 * Record a confirmed payment on an order (the caller has checked it with the
 * provider). Conditional on `paid = false`, so exactly one caller — the
 * customer's confirmation or the webhook — turns it paid. A one-product purchase paid
 * here gets its invoice in the same transaction (issue #25, decision 156).
 */
export async function markOrderPaid(db: Db, orderId: string, transactionId: string, paymentMode: PaymentMode): Promise<PaidResult> {
  return db.transaction(async (tx) => {
    const result = await markLinePaid(tx, orderId, transactionId, paymentMode);
    if (result.newlyPaid && isSinglePurchase(result.order)) {
      // Decision 212: the order records its payment, as every order does (its line keeps it too, for the spec).
      let head: typeof checkouts.$inferSelect | undefined;
      try {
        [head] = await tx
          .update(checkouts)
          .set({ transactionId, paymentIntentId: transactionId, paidAt: result.order.paidAt })
          .where(and(eq(checkouts.id, result.order.checkoutId), isNull(checkouts.transactionId)))
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError('That payment is already recorded on another order.', 'PAYMENT_ALREADY_USED');
        throw err;
      }
      if (!head) throw alreadyPaidWithAnother();
      await issueInvoice(tx, { checkout: head, lines: [result.order] });
      await auditOrderPaid(tx, result.order.number, figuresCents(head, [result.order]).total, transactionId, paymentMode);
    }
    return result;
  });
}

/**
 * Issue #25 item 5: the payment that turned an order paid, in the Activity log under its number (the payment
 * provider acted, so there is no actor). Written in the transaction that records the payment.
 */
export async function auditOrderPaid(tx: Db, number: number | null, cents: number, transactionId: string, paymentMode: PaymentMode): Promise<void> {
  await recordAudit(tx, {
    actor: null,
    action: 'order.pay',
    entityType: 'order',
    entityId: orderNumber(number ?? 0),
    before: { status: 'unpaid' },
    after: { status: 'paid', transactionId },
    note: `Paid ${formatUsd(fromCents(cents))} with payment ${transactionId}${paymentMode === 'test' ? ' (test payment, no money moved)' : ''}.`,
  });
}

/** markOrderPaid without the invoice: a checkout's line, whose checkout issues one invoice for all its lines. */
export async function markLinePaid(db: Db, orderId: string, transactionId: string, paymentMode: PaymentMode): Promise<PaidResult> {
  let updated: OrderRow | undefined;
  try {
    [updated] = await db
      .update(orders)
      // Decision 208: a line on account may be delivered before it is paid; it stays delivered.
      .set({
        paid: true,
        status: sql`case when ${orders.deleverd} then 'delivered' else 'paid' end`,
        expiresAt: null,
        transactionId,
        paymentIntentId: transactionId,
        paidAt: new Date(),
        paymentMode,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paid, false), inArray(orders.status, ['unpaid', 'delivered'])))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('That payment is already recorded on another order.', 'PAYMENT_ALREADY_USED');
    throw err;
  }
  if (updated) return { order: updated, newlyPaid: true };
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw orderNotFound();
  // A payment that went through after the order expired or was cancelled (its intent could not be stopped in time).
  if (!row.paid && (row.status === 'expired' || row.status === 'cancelled')) return settleLatePayment(db, orderId, transactionId, paymentMode);
  if (row.transactionId !== transactionId) throw alreadyPaidWithAnother();
  return { order: row, newlyPaid: false };
}

/**
 * A payment that succeeded after its order expired (a late webhook, or the
 * customer paid just before the reservation ran out): the money is taken, so
 * the order becomes paid. Its units are taken from stock again when there
 * are enough; otherwise it is flagged `refundDue` for the admin.
 */
export async function settleLatePayment(db: Db, orderId: string, transactionId: string, paymentMode: PaymentMode): Promise<PaidResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!row) throw orderNotFound();
      if (row.paid) {
        if (row.transactionId !== transactionId) throw alreadyPaidWithAnother();
        return { order: row, newlyPaid: false };
      }
      let reReserved = false;
      if (row.productId) {
        try {
          reReserved = (await moveLineStock(tx, row, -row.quantity, { kind: 'reservation_renewed' })) !== null;
        } catch (err) {
          if (!(err instanceof ConflictError)) throw err;
        }
      }
      const [paid] = await tx
        .update(orders)
        .set({
          paid: true,
          status: 'paid',
          expiresAt: null,
          refundDue: !reReserved,
          transactionId,
          paymentIntentId: transactionId,
          paidAt: new Date(),
          paymentMode,
        })
        .where(eq(orders.id, orderId))
        .returning();
      return { order: paid, newlyPaid: true };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('That payment is already recorded on another order.', 'PAYMENT_ALREADY_USED');
    throw err;
  }
}

/**
 * Expire unpaid orders whose reservation has run out, giving their units
 * back through the ledger in the same transaction. Safe with several
 * processes: rows another process is expiring are skipped (SKIP LOCKED) and
 * the status change is conditional, so each order expires exactly once.
 * Returns the orders it expired (their payment intents still need cancelling).
 */
export async function expireDueOrders(
  db: Db,
  now: Date,
  scope: { orderId?: string; checkoutId?: string; userId?: string; email?: string } = {},
  limit = 200,
): Promise<OrderRow[]> {
  const due = [eq(orders.status, 'unpaid'), lte(orders.expiresAt, now)];
  if (scope.orderId) {
    if (!isUuid(scope.orderId)) return [];
    due.push(eq(orders.id, scope.orderId));
  }
  if (scope.checkoutId) {
    if (!isUuid(scope.checkoutId)) return [];
    due.push(eq(orders.checkoutId, scope.checkoutId));
  }
  if (scope.userId) due.push(eq(orders.userId, scope.userId));
  if (scope.email) due.push(eq(orders.email, scope.email));
  // A cheap look first: nearly every read finds nothing to expire and needs no transaction.
  const [any] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...due))
    .limit(1);
  if (!any) return [];
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(...due))
      .orderBy(asc(orders.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return [];
    const expired = await tx
      .update(orders)
      .set({ status: 'expired', expiredAt: now })
      .where(
        and(
          inArray(
            orders.id,
            claimed.map((c) => c.id),
          ),
          eq(orders.status, 'unpaid'),
        ),
      )
      .returning();
    for (const row of expired) {
      await moveLineStock(tx, row, row.quantity, { kind: 'reservation_expired' });
    }
    // Issue #25 item 5: each expired order once in the Activity log (a checkout's lines share its number).
    const byNumber = new Map<number, OrderRow[]>();
    for (const row of expired) byNumber.set(row.number ?? 0, [...(byNumber.get(row.number ?? 0) ?? []), row]);
    for (const [number, rows] of byNumber) {
      const units = rows.reduce((sum, o) => sum + o.quantity, 0);
      await recordAudit(tx, {
        actor: null,
        action: 'order.expire',
        entityType: 'order',
        entityId: orderNumber(number),
        before: { status: 'unpaid' },
        after: { status: 'expired' },
        note: `The reservation of order ${orderNumber(number)} ran out unpaid; ${units} ${units === 1 ? 'unit' : 'units'} back in stock.`,
      });
    }
    return expired;
  });
}

export const alreadyPaidWithAnother = () => new ConflictError('This order is already paid with another payment.', 'ALREADY_PAID');

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
