import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fromCents, orderNumber, parseOrderNumber, type Purchase, type PurchasePage, type PurchaseStatus, type purchasesQuerySchema } from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { checkouts, orders } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';
import { actsAsAdmin } from '../../lib/policy';
import type { AuthUser } from '../../plugins/auth';
import { checkoutStatus, toCheckoutDto, type CheckoutRow } from '../checkout/checkout-rows';
import { orderSearchCondition } from './orders-admin.service';
import { creditNoteNumbersOf, loadRefunds, refundedUnits, toRefundDto } from './order-refunds.service';
import { loadReturns, returnableUntil, toReturnDto } from './returns.service';
import { isPastDue, isSinglePurchase, liveLines, toOrderDto, type OrderRow } from './orders.service';
import { figuresCents } from './order-figures';
import { invoiceNumbersOf } from '../invoices/invoices.service';
import { readsThroughCompany } from '../companies/companies.service';
import { loadShipments, shippedStatus, shippedStatusSql, shippedUnitsJoin, toShipmentDto } from './shipments.service';
import { kitLineParts } from '../kits/kits.service';

/**
 * Issue #24 (decision 153): orders as a person sees them. The spec's rows are
 * lines; an order is their head (`checkouts`, issue #34: the spec's one-product
 * purchase too, an order of one line). Grouping the rows by checkout_id gives
 * every order, with one status: delivered when every line is, paid when every
 * line is, expired when a line ran out.
 */

type Query = z.output<typeof purchasesQuerySchema>;
/** Issue #25: the Paid tab ("Paid, to deliver") keeps an order until it is delivered, shipped or not. */
const paidStatuses = sql`('paid', 'partially_shipped', 'shipped')`;
const notFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');
const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []));

const purchaseKey = sql`${orders.checkoutId}`;
// Issue #25: a paid order's shipments make it partially_shipped or shipped (over the rows joined with shippedUnitsJoin).
// Issue #25 item 5: the rows grouped are an order's live lines, or every line of a cancelled order (liveRowsSql).
const statusOfGroup = sql`case when bool_and(${orders.status} = 'cancelled') then 'cancelled' when bool_and(${orders.deleverd}) then 'delivered'
  when bool_and(${orders.paid}) then ${shippedStatusSql} when bool_or(${orders.status} = 'expired') then 'expired' else 'unpaid' end`;
/** liveLines in SQL: a cancelled line counts only in an order whose every line is cancelled. */
const liveRowsSql = sql`(${orders.status} <> 'cancelled' or not exists (select 1 from ${orders} live
  where live.checkout_id = ${orders.checkoutId} and live.status <> 'cancelled'))`;

function groupStatus(rows: OrderRow[], checkout: CheckoutRow, now: Date): PurchaseStatus {
  if (rows.every((o) => o.status === 'cancelled')) return 'cancelled';
  if (rows.every((o) => o.deleverd)) return 'delivered';
  if (!isSinglePurchase(rows[0])) return checkoutStatus(checkout, rows, now);
  const [row] = rows;
  return isPastDue(row, now) ? 'expired' : (row.status as PurchaseStatus);
}

/** When the last of its lines was delivered, once every line is. */
function deliveredAtOf(rows: OrderRow[]): string | null {
  if (!rows.every((o) => o.deleverd && o.deliveredAt)) return null;
  return new Date(Math.max(...rows.map((o) => o.deliveredAt!.getTime()))).toISOString();
}

/** When the last of its lines was cancelled, once every line is. */
function cancelledAtOf(rows: OrderRow[]): string | null {
  if (!rows.every((o) => o.status === 'cancelled' && o.cancelledAt)) return null;
  return new Date(Math.max(...rows.map((o) => o.cancelledAt!.getTime()))).toISOString();
}

/** One order's view from its head and its lines. */
export function toPurchaseDto(checkout: CheckoutRow, rows: OrderRow[], now: Date): Purchase {
  const first = rows[0];
  const status = groupStatus(rows, checkout, now);
  const paidAt = rows.map((o) => o.paidAt).find(Boolean) ?? checkout.paidAt ?? null;
  if (!isSinglePurchase(first)) {
    const { status: _ignored, ...view } = toCheckoutDto(checkout, rows, now);
    return {
      ...view,
      kind: 'checkout',
      status,
      userName: first.userName,
      email: first.email,
      paidAt: paidAt ? paidAt.toISOString() : null,
      invoiceNumber: null,
      shipments: [],
      refunds: [],
      refunded: 0,
      netPaid: 0,
      returns: [],
      returnableUntil: null,
      deliveredAt: deliveredAtOf(rows),
      cancelledAt: cancelledAtOf(rows),
      // Decision 188: only a guest's order carries it, so every other order answers as before.
      ...(checkout.guest ? { guest: true as const } : {}),
    };
  }
  const order = toOrderDto(first);
  // The spec's one-product purchase (decisions 160, 212): shown as it was placed, its address the modal's one line.
  const figures = figuresCents(checkout, [first]);
  return {
    _id: first.id,
    kind: 'single',
    orders: [order],
    total: fromCents(figures.total),
    status,
    transactionId: first.transactionId,
    createdAt: order.createdAt,
    expiresAt: status === 'unpaid' ? order.expiresAt : null,
    number: orderNumber(first.number ?? 0),
    shipTo: null,
    shippingMethod: checkout.shippingMethodName
      ? { name: checkout.shippingMethodName, carrier: checkout.shippingCarrier, minDays: checkout.shippingMinDays ?? 0, maxDays: checkout.shippingMaxDays ?? 0 }
      : null,
    goods: order.price,
    shipping: fromCents(figures.shipping),
    tax: fromCents(figures.tax),
    taxIncluded: checkout.taxIncluded,
    taxExempt: checkout.taxExempt,
    taxId: checkout.taxId,
    // Issue #39: a lone order (the spec's one-product modal) takes no VAT ID.
    vatId: '',
    reverseCharge: false,
    lines: [
      {
        orderId: first.id,
        sku: first.sku,
        tax: fromCents(first.taxCents),
        unitPrice: fromCents(first.unitPriceCents),
        minOrder: first.minOrder,
        refundedQuantity: 0,
      },
    ],
    userName: first.userName,
    email: first.email,
    paidAt: paidAt ? paidAt.toISOString() : null,
    invoiceNumber: null,
    shipments: [],
    refunds: [],
    refunded: 0,
    netPaid: 0,
    returns: [],
    returnableUntil: null,
    deliveredAt: deliveredAtOf(rows),
    cancelledAt: cancelledAtOf(rows),
  };
}

/** The views of these orders (by id), in the ids' order. */
export async function loadPurchases(db: Db, keys: string[], now: Date): Promise<Purchase[]> {
  if (keys.length === 0) return [];
  const lines = await db
    .select()
    .from(orders)
    .where(
      sql`${purchaseKey} in (${sql.join(
        keys.map((k) => sql`${k}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(orders.productName), asc(orders.id));
  const heads = await db.select().from(checkouts).where(inArray(checkouts.id, keys));
  const byId = new Map(heads.map((c) => [c.id, c]));
  const shipmentsByKey = await loadShipments(db, keys);
  const invoiceNumbers = await invoiceNumbersOf(db, keys);
  // Issue #25 item 3 (decision 162): its refunds, and the units each line got refunded.
  const refundsByKey = await loadRefunds(db, keys);
  // Issue #25 item 4 (decision 163): its returns, and until when one may be asked for.
  const returnsByKey = await loadReturns(db, keys);
  const creditNotes = await creditNoteNumbersOf(
    db,
    [...refundsByKey.values()].flat().flatMap((r) => (r.creditNoteId ? [r.creditNoteId] : [])),
  );
  // Decision 220: what each kit line was made of.
  const kitParts = await kitLineParts(
    db,
    lines.map((l) => l.id),
  );
  return keys.map((key) => {
    const rows = liveLines(lines.filter((o) => o.checkoutId === key));
    const purchase = toPurchaseDto(byId.get(key)!, rows, now);
    // Issue #25: its shipments, and the status they give a paid order.
    const list = shipmentsByKey.get(key) ?? [];
    const refunds = refundsByKey.get(key) ?? [];
    const units = refundedUnits(refunds);
    const refundedCents = refunds.reduce((s, r) => s + r.totalCents, 0);
    return {
      ...purchase,
      status: shippedStatus(purchase.status, rows, list),
      shipments: list.map((s) => toShipmentDto(s, rows)),
      invoiceNumber: invoiceNumbers.get(key) ?? null,
      refunds: refunds.map((r) => toRefundDto(r, r.creditNoteId ? (creditNotes.get(r.creditNoteId) ?? null) : null)),
      refunded: fromCents(refundedCents),
      // Issue #39 item 6 (decision 184): an order is paid once its payment took its total (every live line is paid).
      netPaid: purchase.paidAt && rows.every((o) => o.paid) ? fromCents(Math.round(purchase.total * 100) - refundedCents) : 0,
      lines: purchase.lines.map((l) => {
        const parts = kitParts.get(l.orderId);
        return {
          ...l,
          refundedQuantity: units.get(l.orderId) ?? 0,
          ...(parts
            ? { kitParts: parts.map((c) => ({ productId: c.productId, sku: c.sku, name: c.name, quantity: c.quantity, share: fromCents(c.shareCents) })) }
            : {}),
        };
      }),
      returns: (returnsByKey.get(key) ?? []).map(toReturnDto),
      returnableUntil: returnableUntil(list)?.toISOString() ?? null,
    };
  });
}

/** Every order (key, created_at, status) of a customer (`userId`) or of all, that `q` finds (any of its lines matching). */
export function purchaseGroupsSql(scope: { userId: string | null }, q: string | undefined): SQL {
  const where: SQL[] = [liveRowsSql];
  if (scope.userId !== null) where.push(sql`${orders.userId} = ${scope.userId}`);
  const search = orderSearchCondition(q);
  return sql`select ${purchaseKey} as key, min(${orders.createdAt}) as created_at, ${statusOfGroup} as status
    from ${orders} ${shippedUnitsJoin} where ${sql.join(where, sql` and `)}
    group by ${purchaseKey} ${search ? sql`having bool_or(${search})` : sql``}`;
}

/** The status tab over purchaseGroupsSql's rows (g.status); the Paid tab keeps an order until it is delivered. */
export function purchaseStatusSql(status: Query['status']): SQL {
  if (status === 'all') return sql`true`;
  return status === 'paid' ? sql`status in ${paidStatuses}` : sql`status = ${status}`;
}

/**
 * One page of orders, newest first, with the count per status: a customer's
 * own (`userId`), or every customer's for an admin. `q` matches an order when
 * any of its lines matches (order number, transaction id, e-mail, name, part
 * name or number).
 */
export async function pagePurchases(db: Db, scope: { userId: string | null }, query: Query, now: Date): Promise<PurchasePage> {
  const groups = purchaseGroupsSql(scope, query.q);
  const [counts] = rowsOf(
    await db.execute(sql`select count(*)::int as all, count(*) filter (where status = 'unpaid')::int as unpaid,
      count(*) filter (where status in ${paidStatuses})::int as paid, count(*) filter (where status = 'delivered')::int as delivered,
      count(*) filter (where status = 'expired')::int as expired, count(*) filter (where status = 'cancelled')::int as cancelled from (${groups}) g`),
  );
  const c = {
    all: Number(counts.all),
    unpaid: Number(counts.unpaid),
    paid: Number(counts.paid),
    delivered: Number(counts.delivered),
    expired: Number(counts.expired),
    cancelled: Number(counts.cancelled),
  };
  const total = c[query.status];
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const keys = rowsOf(
    await db.execute(sql`select key from (${groups}) g where ${purchaseStatusSql(query.status)}
      order by created_at desc, key desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
  ).map((r) => String(r.key));
  return { items: await loadPurchases(db, keys, now), total, page: query.page, limit: query.limit, pages, counts: c };
}

/** One order by its number (TT-10042) or id: its customer's, or any for an admin; anyone else gets 404. */
/** Issue #37 item 1 (decision 204): the company's admin, or a buyer allowed to see all, reads the company's orders. */
async function readsForCompany(db: Db, user: AuthUser, key: string): Promise<boolean> {
  const [head] = await db.select({ companyId: checkouts.companyId }).from(checkouts).where(eq(checkouts.id, key));
  return readsThroughCompany(db, user.id, head?.companyId ?? null);
}

export async function getPurchase(db: Db, user: AuthUser, ref: string, now: Date): Promise<Purchase> {
  const number = parseOrderNumber(ref);
  let key: string | undefined;
  if (number !== null) {
    const [row] = await db
      .select({ key: sql<string>`${purchaseKey}`, userId: orders.userId })
      .from(orders)
      .where(eq(orders.number, number))
      .limit(1);
    if (row && (row.userId === user.id || actsAsAdmin(user) || (await readsForCompany(db, user, row.key)))) key = row.key;
  } else if (isUuid(ref)) {
    const [row] = await db
      .select({ key: sql<string>`${purchaseKey}`, userId: orders.userId })
      .from(orders)
      .where(sql`${orders.id} = ${ref}::uuid or ${orders.checkoutId} = ${ref}::uuid`)
      .limit(1);
    if (row && (row.userId === user.id || actsAsAdmin(user) || (await readsForCompany(db, user, row.key)))) key = row.key;
  }
  if (!key) throw notFound();
  return (await loadPurchases(db, [key], now))[0];
}

/**
 * Issue #39 item 9 (decision 188): the order a guest's link opens (its token checked by the caller), with its
 * lines, parcels, invoice, refunds and returns as the customer sees them. Anything but a guest checkout is 404.
 */
export async function getGuestPurchase(db: Db, checkoutId: string, now: Date): Promise<Purchase> {
  const [head] = await db.select({ guest: checkouts.guest }).from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!head?.guest) throw notFound();
  const [purchase] = await loadPurchases(db, [checkoutId], now);
  if (!purchase) throw notFound();
  return purchase;
}
