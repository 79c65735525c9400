import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDERS_DEFAULT_LIMIT,
  parseOrderNumber,
  skuKey,
  type AdminOrderCounts,
  type AdminOrderPage,
  type AdminOrderStatus,
  type Order,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, orders, products } from '../../db/schema';
import { toOrderDto } from './orders.service';

/** `%`, `_` and `\` typed by the admin are searched for literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the admin's search box matches: the customer's e-mail or name, the
 * product's name, the product's part number (without case, spaces or dashes,
 * like the sku's uniqueness), or the start of the order id (admins quote the
 * first characters of an id); issue #24: the order number (TT-10042, 10042)
 * and the payment's transaction id.
 */
export function orderSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${likeEscape(term)}%`;
  const key = skuKey(term);
  const number = parseOrderNumber(term);
  return or(
    number !== null ? eq(orders.number, number) : undefined,
    ilike(orders.transactionId, pattern),
    ilike(orders.email, pattern),
    ilike(orders.userName, pattern),
    ilike(orders.productName, pattern),
    sql`${orders.id}::text like ${`${likeEscape(term.toLowerCase())}%`}`,
    // Issue #37 item 4 (decision 205): the buyer's purchase-order number.
    sql`exists (select 1 from ${checkouts} where ${checkouts.id} = ${orders.checkoutId} and ${checkouts.poNumber} ilike ${pattern})`,
    key ? sql`exists (select 1 from ${products} where ${products.id} = ${orders.productId} and ${products.skuKey} like ${`%${likeEscape(key)}%`})` : undefined,
  );
}

// The spec's flags decide paid and delivered (they are kept in step with `status`); expiry and cancelling exist only
// as statuses. Issue #25 item 5: these filtered pages and the CSV keep cancelled lines; the spec's plain array does not.
const statusConditions: Record<Exclude<AdminOrderStatus, 'all'>, SQL> = {
  unpaid: sql`(${orders.paid} = false and ${orders.status} not in ('expired', 'cancelled'))`,
  // A paid order its customer cancelled before it shipped (decision 189) is refunded, not waiting to ship.
  paid: sql`(${orders.paid} = true and ${orders.deleverd} = false and ${orders.status} <> 'cancelled')`,
  delivered: sql`(${orders.deleverd} = true)`,
  expired: sql`(${orders.paid} = false and ${orders.status} = 'expired')`,
  cancelled: sql`(${orders.status} = 'cancelled')`,
};

export function orderStatusCondition(status: AdminOrderStatus | undefined): SQL | undefined {
  return !status || status === 'all' ? undefined : statusConditions[status];
}

export interface AdminOrderFilter {
  status?: AdminOrderStatus;
  q?: string;
}

// Lines placed together (one checkout) by part name, as on the order's own page, so a list reads the same every time.
const newestFirst = [desc(orders.createdAt), asc(orders.productName), asc(orders.id)] as const;

/** Counts per status tab for the search, in one pass over the matching orders. */
export async function countOrdersByStatus(db: Db, q: string | undefined): Promise<AdminOrderCounts> {
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      unpaid: n(statusConditions.unpaid),
      paid: n(statusConditions.paid),
      delivered: n(statusConditions.delivered),
      expired: n(statusConditions.expired),
      cancelled: n(statusConditions.cancelled),
    })
    .from(orders)
    .where(orderSearchCondition(q));
  return row;
}

/** One page of the orders matching the filter, newest first, with the tab counts. */
export async function pageAllOrders(db: Db, filter: AdminOrderFilter & { page?: number; limit?: number }): Promise<AdminOrderPage> {
  const limit = filter.limit ?? ADMIN_ORDERS_DEFAULT_LIMIT;
  const counts = await countOrdersByStatus(db, filter.q);
  const total = counts[filter.status ?? 'all'];
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = filter.page ?? 1;
  const rows = await db
    .select()
    .from(orders)
    .where(and(orderSearchCondition(filter.q), orderStatusCondition(filter.status)))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map(toOrderDto), total, page, limit, pages, counts };
}

/** Every order matching the filter (the CSV export), newest first. */
export async function findAllOrders(db: Db, filter: AdminOrderFilter): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(orderSearchCondition(filter.q), orderStatusCondition(filter.status)))
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

export const ORDER_CSV_COLUMNS = [
  'id',
  'orderNumber',
  'createdAt',
  'status',
  'productName',
  'quantity',
  'price',
  'customerName',
  'email',
  'country',
  'address',
  'phone',
  'transactionId',
] as const;

export function orderStatusOf(order: Order): Exclude<AdminOrderStatus, 'all'> {
  const status = (order as Order & { status?: string }).status;
  if (status === 'expired' || status === 'cancelled') return status;
  if (order.deleverd) return 'delivered';
  return order.paid ? 'paid' : 'unpaid';
}

export function orderCsvRecord(order: Order): Record<(typeof ORDER_CSV_COLUMNS)[number], string | number> {
  return {
    id: order._id,
    orderNumber: order.orderNumber ?? '',
    createdAt: order.createdAt,
    status: orderStatusOf(order),
    productName: order.productName,
    quantity: order.quantity,
    price: order.price.toFixed(2),
    customerName: order.userName,
    email: order.email,
    country: order.country,
    address: order.address,
    phone: order.phone,
    transactionId: order.transactionId ?? '',
  };
}
