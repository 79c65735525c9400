import { sql } from 'drizzle-orm';
import { fromCents, type Overview, type OverviewPeriod, type Waiting } from '@shop/shared';
import type { Db } from '../../db/client';
import { openReceivables } from '../receivables/receivables.service';
import { checkouts, contactMessages, orderRefunds, orderReturns, orders, paymentRefunds, products, shipments } from '../../db/schema';

/**
 * Issue #25 item 7 (decision 164), issue #39 item 6 (decision 184): the owner's
 * sales overview. Every figure is apart and without tax: gross sales (the goods
 * of the live lines of orders paid in the period), shipping, tax, refunds (what
 * succeeded refunds made in the period gave back, split into goods, shipping,
 * tax and other credit) and net sales (gross sales − goods refunded − other
 * credit). Orders count on the UTC day they were paid, refunds on the day they
 * were made. Parts low on stock are those with fewer than three minimum orders left.
 */

const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []));
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** What one paid order took, apart and without tax, in cents. */
export interface PaidOrderFigures {
  goods: number;
  shipping: number;
  tax: number;
}

/** What one succeeded refund gave back, apart and without tax, in cents (they add up to its total). */
export interface RefundFiguresApart {
  goods: number;
  shipping: number;
  tax: number;
  other: number;
}

/**
 * A refund row's figures without tax: with prices including tax, its goods and
 * shipping hold their tax (decision 162), which is taken out so that goods +
 * shipping + tax + other is what went back.
 */
export function refundApart(r: {
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  extraCents: number;
  lineTaxCents: number;
  taxIncluded: boolean;
}): RefundFiguresApart {
  if (!r.taxIncluded) return { goods: r.goodsCents, shipping: r.shippingCents, tax: r.taxCents, other: r.extraCents };
  return { goods: r.goodsCents - r.lineTaxCents, shipping: r.shippingCents - (r.taxCents - r.lineTaxCents), tax: r.taxCents, other: r.extraCents };
}

const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((s, x) => s + f(x), 0);

export async function salesOverview(db: Db, now: Date): Promise<Overview> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - 29 * DAY);
  const since = { today, '7d': new Date(today.getTime() - 6 * DAY), '30d': from } as const;

  // One row per paid order (its paid live lines; a dropped line is cancelled, never paid): the day it was paid, its
  // goods, shipping and tax. With prices including tax, the goods and the shipping hold their tax: it is taken out.
  const paid = rowsOf(
    await db.execute(sql`
      select to_char(min(o.paid_at) at time zone 'UTC', 'YYYY-MM-DD') as day, min(o.paid_at) as paid_at,
             bool_or(c.tax_included) as included,
             sum(o.price_cents)::bigint as goods, sum(o.tax_cents)::bigint as line_tax,
             max(c.shipping_cents)::bigint as shipping, max(c.shipping_tax_cents)::bigint as shipping_tax
      from ${orders} o join ${checkouts} c on c.id = o.checkout_id
      where o.paid and o.status <> 'cancelled' and o.paid_at >= ${from.toISOString()}::timestamptz
      group by o.checkout_id`),
  ).map((r) => {
    const included = r.included === true || r.included === 't';
    const lineTax = Number(r.line_tax);
    const shippingTax = Number(r.shipping_tax);
    const figures: PaidOrderFigures = {
      goods: Number(r.goods) - (included ? lineTax : 0),
      shipping: Number(r.shipping) - (included ? shippingTax : 0),
      tax: lineTax + shippingTax,
    };
    return { day: String(r.day), at: new Date(String(r.paid_at)), ...figures };
  });

  // Succeeded refunds of the period, with the tax setting of the order they refunded.
  const refunds = rowsOf(
    await db.execute(sql`select r.created_at as at, r.goods_cents, r.shipping_cents, r.tax_cents, r.extra_cents,
        coalesce((select sum((l->>'taxCents')::int) from jsonb_array_elements(r.lines) l), 0)::bigint as line_tax,
        coalesce((select c.tax_included from ${checkouts} c where c.id = r.order_key), false) as included
      from ${orderRefunds} r
      where r.status = 'succeeded' and r.created_at >= ${from.toISOString()}::timestamptz`),
  ).map((r) => ({
    at: new Date(String(r.at)),
    ...refundApart({
      goodsCents: Number(r.goods_cents),
      shippingCents: Number(r.shipping_cents),
      taxCents: Number(r.tax_cents),
      extraCents: Number(r.extra_cents),
      lineTaxCents: Number(r.line_tax),
      taxIncluded: r.included === true || r.included === 't',
    }),
  }));

  const periods: OverviewPeriod[] = (['today', '7d', '30d'] as const).map((key) => {
    const inside = paid.filter((p) => p.at >= since[key]);
    const back = refunds.filter((r) => r.at >= since[key]);
    const gross = sum(inside, (p) => p.goods);
    const refunded = {
      goods: sum(back, (r) => r.goods),
      shipping: sum(back, (r) => r.shipping),
      tax: sum(back, (r) => r.tax),
      other: sum(back, (r) => r.other),
    };
    return {
      key,
      grossSales: fromCents(gross),
      shipping: fromCents(sum(inside, (p) => p.shipping)),
      tax: fromCents(sum(inside, (p) => p.tax)),
      refunds: fromCents(refunded.goods + refunded.shipping + refunded.tax + refunded.other),
      refunded: { goods: fromCents(refunded.goods), shipping: fromCents(refunded.shipping), tax: fromCents(refunded.tax), other: fromCents(refunded.other) },
      netSales: fromCents(gross - refunded.goods - refunded.other),
      orders: inside.length,
      averageOrder: inside.length ? fromCents(Math.round(gross / inside.length)) : 0,
    };
  });

  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = isoDay(new Date(from.getTime() + i * DAY));
    const that = paid.filter((p) => p.day === date);
    return { date, grossSales: fromCents(sum(that, (p) => p.goods)), orders: that.length };
  });

  const topParts = rowsOf(
    await db.execute(sql`select o.product_id, max(o.product_name) as name, max(o.sku) as sku, sum(o.quantity)::bigint as units,
        sum(o.price_cents - case when c.tax_included then o.tax_cents else 0 end)::bigint as revenue
      from ${orders} o join ${checkouts} c on c.id = o.checkout_id
      where o.paid and o.status <> 'cancelled' and o.paid_at >= ${from.toISOString()}::timestamptz
      group by o.product_id order by units desc, revenue desc limit 5`),
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

  // Decision 208: what companies owe on account; the overdue part is what the owner chases.
  const open = await openReceivables(db, now);
  const overdue = open.filter((r) => r.overdue);
  const dollars = (list: typeof open) => fromCents(Math.round(list.reduce((s, r) => s + r.total * 100, 0)));
  const receivables = { open: open.length, openTotal: dollars(open), overdue: overdue.length, overdueTotal: dollars(overdue) };
  return { today: isoDay(today), periods, daily, topParts, lowStock, receivables };
}

/**
 * Issue #39 item 2 (decision 180): what waits on the shop, in one query. An order (checkout_id, its live
 * lines) is to ship when every line is paid (or it is on account, decision 208), none delivered, none flagged for a refund, and no parcel left; refunds due
 * are the orders flagged refundDue, the returns received and not refunded yet, and the payments whose refund at the
 * provider failed (payment_refunds 'refund_due').
 */
export async function waitingOnTheShop(db: Db): Promise<Waiting> {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*) from (
           select o.checkout_id as k from ${orders} o join ${checkouts} c on c.id = o.checkout_id
           where o.status <> 'cancelled'
           group by o.checkout_id
           -- Decision 208: an order on account waits to be shipped from the moment it is placed.
           having (bool_and(o.paid) or bool_or(c.on_account)) and not bool_or(o.deleverd) and not bool_or(o.refund_due)
         ) paid where not exists (select 1 from ${shipments} s where s.order_key = paid.k))::int as to_ship,
        (select count(*) from ${orderReturns} r where r.status = 'requested')::int as returns_to_approve,
        (select count(*) from ${orderReturns} r where r.status = 'approved')::int as returns_to_receive,
        ((select count(distinct o.checkout_id) from ${orders} o where o.refund_due)
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
