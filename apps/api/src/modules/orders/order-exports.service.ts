import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { Purchase, PurchasesQuery } from '@shop/shared';
import type { Db } from '../../db/client';
import { spreadsheetSafe } from '../../lib/csv';
import { loadPurchases, purchaseGroupsSql, purchaseStatusSql } from './purchases.service';

/**
 * Issue #39 item 6 (decision 184): the admin's orders export (one row per
 * order) and lines export (one row per order line), for the orders Manage All
 * Orders shows for a status tab and search. Both are drawn from the order view
 * itself (loadPurchases), so every figure is the one the order page shows.
 *
 * They stream: the orders are read in pages of EXPORT_BATCH by their place in
 * the list (newest first, keyset on created_at and key), each page is written
 * out through csv-stringify before the next is read, so memory holds one page
 * whatever the number of orders.
 */

export const EXPORT_BATCH = 200;

export const ORDERS_EXPORT_COLUMNS = [
  'orderNumber',
  'placedAt',
  'paidAt',
  'customerName',
  'email',
  'company',
  'shipToCountry',
  'goods',
  'shipping',
  'tax',
  'taxIncluded',
  'total',
  'refunded',
  'netPaid',
  'status',
  'invoiceNumber',
  'creditNoteNumbers',
  'carriers',
  'trackingNumbers',
] as const;

export const LINES_EXPORT_COLUMNS = [
  'orderNumber',
  'lineId',
  'placedAt',
  'paidAt',
  'orderStatus',
  'lineStatus',
  'sku',
  'productName',
  'unitPrice',
  'quantity',
  'goods',
  'tax',
  'shippedQuantity',
  'refundedQuantity',
  'customerName',
  'email',
  'company',
  'shipToCountry',
] as const;

type Row<C extends readonly string[]> = Record<C[number], string | number>;
type Filter = Pick<PurchasesQuery, 'q'> & { status: NonNullable<PurchasesQuery['status']> };

const rowsOf = (result: unknown): Record<string, unknown>[] => (Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []));
const money = (n: number) => n.toFixed(2);
const shipToCountry = (p: Purchase) => p.shipTo?.country ?? p.orders[0]?.country ?? '';

/** The keys of the orders the filter matches, newest first, one page at a time. */
async function* orderKeyPages(db: Db, filter: Filter): AsyncGenerator<string[]> {
  const groups = purchaseGroupsSql({ userId: null }, filter.q);
  // created_at as text keeps its microseconds, so the keyset neither skips nor repeats an order.
  let after: { at: string; key: string } | null = null;
  for (;;) {
    const page: { key: string; at: string }[] = rowsOf(
      await db.execute(sql`select key, created_at::text as at from (${groups}) g where ${purchaseStatusSql(filter.status)}
        ${after ? sql`and (created_at, key) < (${after.at}::timestamptz, ${after.key}::uuid)` : sql``}
        order by created_at desc, key desc limit ${EXPORT_BATCH}`),
    ).map((r) => ({ key: String(r.key), at: String(r.at) }));
    if (page.length === 0) return;
    yield page.map((r) => r.key);
    if (page.length < EXPORT_BATCH) return;
    after = page[page.length - 1];
  }
}

export function orderExportRow(p: Purchase): Row<typeof ORDERS_EXPORT_COLUMNS> {
  return {
    orderNumber: p.number,
    placedAt: p.createdAt,
    paidAt: p.paidAt ?? '',
    customerName: p.userName,
    email: p.email,
    company: p.shipTo?.company ?? '',
    shipToCountry: shipToCountry(p),
    goods: money(p.goods),
    shipping: money(p.shipping),
    tax: money(p.tax),
    taxIncluded: p.taxIncluded ? 'yes' : 'no',
    total: money(p.total),
    refunded: money(p.refunded),
    netPaid: money(p.netPaid),
    status: p.status,
    invoiceNumber: p.invoiceNumber ?? '',
    creditNoteNumbers: p.refunds.flatMap((r) => (r.creditNoteNumber ? [r.creditNoteNumber] : [])).join('; '),
    carriers: p.shipments.map((s) => s.carrierName).join('; '),
    trackingNumbers: p.shipments.map((s) => s.trackingNumber).join('; '),
  };
}

export function lineExportRows(p: Purchase): Row<typeof LINES_EXPORT_COLUMNS>[] {
  const shipped = new Map<string, number>();
  for (const s of p.shipments) for (const l of s.lines) shipped.set(l.orderId, (shipped.get(l.orderId) ?? 0) + l.quantity);
  return p.orders.map((o) => {
    const line = p.lines.find((l) => l.orderId === o._id);
    return {
      orderNumber: p.number,
      lineId: o._id,
      placedAt: p.createdAt,
      paidAt: p.paidAt ?? '',
      orderStatus: p.status,
      lineStatus: o.status ?? '',
      sku: line?.sku ?? '',
      productName: o.productName,
      unitPrice: money(line?.unitPrice ?? o.price / o.quantity),
      quantity: o.quantity,
      goods: money(o.price),
      tax: money(line?.tax ?? 0),
      shippedQuantity: shipped.get(o._id) ?? 0,
      refundedQuantity: line?.refundedQuantity ?? 0,
      customerName: p.userName,
      email: p.email,
      company: p.shipTo?.company ?? '',
      shipToCountry: shipToCountry(p),
    };
  });
}

/** The export as a stream of CSV text: a header row, then the rows of each page of orders as it is read. */
export function exportCsvStream(
  db: Db,
  filter: Filter,
  now: Date,
  columns: readonly string[],
  rowsOfOrder: (p: Purchase) => Record<string, string | number>[],
): Readable {
  async function* records() {
    for await (const keys of orderKeyPages(db, filter)) {
      for (const purchase of await loadPurchases(db, keys, now)) for (const row of rowsOfOrder(purchase)) yield spreadsheetSafe(row);
    }
  }
  const csv = stringify({ header: true, columns: [...columns] });
  const source = Readable.from(records());
  // A failed read ends the download with an error instead of a truncated file that looks whole.
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
