import { sql } from 'drizzle-orm';
import { fromCents, type Overview, type OverviewPeriod, type Waiting } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, contactMessages, orderRefunds, orderReturns, orders, paymentRefunds, products, shipments } from '../../db/schema';

/**
 * Issue #25 item 7 (decision 164): the owner's sales overview. Revenue is
 * what each paid order took (goods, shipping and, unless included, tax: the
 * same figures as its payment), on the UTC day it was paid; refunds are what
 * went back, on the day they were made. Four queries, each over the last 30
 * days; parts low on stock are those with fewer than three minimum orders left.
 */

const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []));
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function salesOverview(db: Db, now: Date): Promise<Overview> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - 29 * DAY);
  const since = { today, '7d': new Date(today.getTime() - 6 * DAY), '30d': from } as const;

  // One row per paid order: the day it was paid and what it took.
  const paid = rowsOf(
    await db.execute(sql`
      select to_char(min(o.paid_at) at time zone 'UTC', 'YYYY-MM-DD') as day, min(o.paid_at) as paid_at,
             (sum(o.price_cents) + coalesce(max(c.shipping_cents), 0) + max(o.shipping_cents)
               + case when bool_or(coalesce(c.tax_included, o.tax_included)) then 0
                      else sum(o.tax_cents) + coalesce(max(c.shipping_tax_cents), 0) + max(o.shipping_tax_cents) end)::bigint as total
      from ${orders} o left join ${checkouts} c on c.id = o.checkout_id
      where o.paid and o.paid_at >= ${from.toISOString()}::timestamptz
      group by coalesce(o.checkout_id, o.id)`),
  ).map((r) => ({ day: String(r.day), at: new Date(String(r.paid_at)), cents: Number(r.total) }));

  const refunds = rowsOf(
    await db.execute(sql`select ${orderRefunds.createdAt} as at, ${orderRefunds.totalCents} as cents from ${orderRefunds}
      where ${orderRefunds.status} = 'succeeded' and ${orderRefunds.createdAt} >= ${from.toISOString()}::timestamptz`),
  ).map((r) => ({ at: new Date(String(r.at)), cents: Number(r.cents) }));

  const periods: OverviewPeriod[] = (['today', '7d', '30d'] as const).map((key) => {
    const inside = paid.filter((p) => p.at >= since[key]);
    const revenue = inside.reduce((s, p) => s + p.cents, 0);
    return {
      key,
      revenue: fromCents(revenue),
      orders: inside.length,
      averageOrder: inside.length ? fromCents(Math.round(revenue / inside.length)) : 0,
      refunds: fromCents(refunds.filter((r) => r.at >= since[key]).reduce((s, r) => s + r.cents, 0)),
    };
  });

  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = isoDay(new Date(from.getTime() + i * DAY));
    const that = paid.filter((p) => p.day === date);
    return { date, revenue: fromCents(that.reduce((s, p) => s + p.cents, 0)), orders: that.length };
  });

  const topParts = rowsOf(
    await db.execute(sql`select ${orders.productId} as product_id, max(${orders.productName}) as name, max(${orders.sku}) as sku,
        sum(${orders.quantity})::bigint as units, sum(${orders.priceCents})::bigint as revenue
      from ${orders} where ${orders.paid} and ${orders.paidAt} >= ${from.toISOString()}::timestamptz
      group by ${orders.productId} order by units desc, revenue desc limit 5`),
  ).map((r) => ({
    productId: r.product_id === null ? null : String(r.product_id),
    name: String(r.name),
    sku: String(r.sku ?? ''),
    units: Number(r.units),
    revenue: fromCents(Number(r.revenue)),
  }));

  const lowStock = rowsOf(
    await db.execute(sql`select ${products.id} as id, ${products.name} as name, ${products.sku} as sku, ${products.stock} as stock, ${products.minOrder} as min_order
      from ${products} where ${products.stock} < ${products.minOrder} * 3
      order by ${products.stock}::float / ${products.minOrder}, ${products.name} limit 8`),
  ).map((r) => ({ productId: String(r.id), name: String(r.name), sku: String(r.sku ?? ''), stock: Number(r.stock), minOrder: Number(r.min_order) }));

  return { today: isoDay(today), periods, daily, topParts, lowStock };
}

/**
 * Issue #39 item 2 (decision 180): what waits on the shop, in one query. An order (coalesce(checkout_id, id), its live
 * lines) is to ship when every line is paid, none delivered, none flagged for a refund, and no parcel left; refunds due
 * are the orders flagged refundDue, the returns received and not refunded yet, and the payments whose refund at the
 * provider failed (payment_refunds 'refund_due').
 */
export async function waitingOnTheShop(db: Db): Promise<Waiting> {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*) from (
           select coalesce(o.checkout_id, o.id) as k from ${orders} o where o.status <> 'cancelled'
           group by coalesce(o.checkout_id, o.id)
           having bool_and(o.paid) and not bool_or(o.deleverd) and not bool_or(o.refund_due)
         ) paid where not exists (select 1 from ${shipments} s where s.order_key = paid.k))::int as to_ship,
        (select count(*) from ${orderReturns} r where r.status = 'requested')::int as returns_to_approve,
        (select count(*) from ${orderReturns} r where r.status = 'approved')::int as returns_to_receive,
        ((select count(distinct coalesce(o.checkout_id, o.id)) from ${orders} o where o.refund_due)
          + (select count(*) from ${orderReturns} r where r.status = 'received')
          + (select count(*) from ${paymentRefunds} p where p.status = 'refund_due'))::int as refunds_due,
        (select count(*) from ${contactMessages} m where m.handled_at is null)::int as open_messages`),
  );
  return {
    toShip: Number(row?.to_ship ?? 0),
    returnsToApprove: Number(row?.returns_to_approve ?? 0),
    returnsToReceive: Number(row?.returns_to_receive ?? 0),
    refundsDue: Number(row?.refunds_due ?? 0),
    openMessages: Number(row?.open_messages ?? 0),
  };
}
