import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { resolveTaxRates, type TaxCategory } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, orders, products, taxRates } from '../../db/schema';
import { documentCounters, documents } from '../../db/schema/documents';
import { creditNoteNumber, creditNoteSnapshot, invoiceNumber, invoiceSnapshot, singlePurchaseHead, type CreditedLine, type InvoiceData } from './invoice-data';
import { renderInvoicePdf } from './invoice-pdf';
import { kitLineParts } from '../kits/kits.service';

/**
 * Issue #25 item 2 (decision 156): paying an order issues its invoice, in the
 * transaction that records the payment. Its number is the next of the year in
 * a counter row locked by that transaction: a payment rolled back gives the
 * number back, so the year's invoices have no gaps. One invoice per order.
 */

type OrderRow = typeof orders.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/** The next number of this kind in this year; the counter's row stays locked until the transaction ends. */
async function nextSeq(tx: Db, kind: 'invoice' | 'credit_note', year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return row.last;
}

/**
 * Issue the invoice of an order paid in this transaction (`tx`): its head and
 * the lines paid. Does nothing when it has one already.
 */
export async function issueInvoice(tx: Db, order: { checkout: CheckoutRow; lines: OrderRow[] }): Promise<DocumentRow | null> {
  const { checkout, lines } = order;
  if (lines.length === 0) return null;
  const [existing] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.kind, 'invoice'), eq(documents.checkoutId, checkout.id)));
  if (existing) return null;

  // The spec's one-product purchase is invoiced as it was placed (decision 160): its payment is on its line.
  const single = lines.length === 1 && lines[0].id === checkout.id;
  const head = single ? singlePurchaseHead(checkout, lines[0]) : checkout;
  // Rates are not kept on the lines: the invoice tells them back from the tax charged (see rateOf).
  const taxed = lines.some((l) => l.taxCents > 0) || (head?.shippingTaxCents ?? 0) > 0;
  let rates = { byCategory: {} as Partial<Record<TaxCategory, number>>, all: [] as number[], standard: undefined as number | undefined };
  const categories = new Map<string, TaxCategory>();
  if (head && taxed) {
    const rules = await tx.select().from(taxRates).where(eq(taxRates.country, head.shipCountry));
    const resolved = resolveTaxRates(rules, head.shipCountry, head.shipRegion);
    rates = {
      byCategory: resolved.rates,
      all: [...new Set([...Object.values(resolved.rates), ...rules.map((r) => r.rate)])],
      standard: resolved.rates.standard,
    };
    const ids = lines.map((l) => l.productId).filter((id): id is string => id !== null);
    if (ids.length) {
      for (const p of await tx.select({ id: products.id, category: products.taxCategory }).from(products).where(inArray(products.id, ids))) {
        categories.set(p.id, p.category);
      }
    }
  }

  const issuedAt = checkout.paidAt ?? lines[0].paidAt ?? new Date();
  const year = issuedAt.getUTCFullYear();
  const seq = await nextSeq(tx, 'invoice', year);
  const number = invoiceNumber(year, seq);
  // Decision 220: a kit line names the parts it was made of.
  const kits = await kitLineParts(
    tx,
    lines.map((l) => l.id),
  );
  const data = invoiceSnapshot({
    number,
    issuedAt,
    checkout: head,
    lines: lines.map((l) => ({
      ...l,
      category: l.productId ? categories.get(l.productId) : undefined,
      kitParts: kits.get(l.id)?.map((c) => ({ sku: c.sku, name: c.name, quantity: c.quantity })),
    })),
    rates,
  });
  const [doc] = await tx
    .insert(documents)
    .values({
      kind: 'invoice',
      number,
      year,
      seq,
      checkoutId: checkout.id,
      orderNumber: checkout.number,
      issuedAt,
      data,
    })
    .returning();
  return doc;
}

/** The invoice of an order, by its id. */
export async function invoiceOf(db: Db, key: string): Promise<DocumentRow | undefined> {
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.kind, 'invoice'), eq(documents.checkoutId, key)));
  return doc;
}

/** Invoice numbers by order key, for the order views. */
export async function invoiceNumbersOf(db: Db, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ checkoutId: documents.checkoutId, number: documents.number })
    .from(documents)
    .where(and(eq(documents.kind, 'invoice'), inArray(documents.checkoutId, keys)));
  return new Map(rows.map((r) => [r.checkoutId!, r.number]));
}

/**
 * The PDF of an issued document: drawn from its snapshot the first time, then
 * kept, and served as kept from then on.
 */
export async function documentPdf(db: Db, doc: DocumentRow): Promise<Buffer> {
  if (doc.pdf) return doc.pdf;
  const pdf = await renderInvoicePdf(doc.data as InvoiceData);
  const [kept] = await db
    .update(documents)
    .set({ pdf })
    .where(and(eq(documents.id, doc.id), isNull(documents.pdf)))
    .returning({ id: documents.id });
  if (kept) return pdf;
  const [other] = await db.select({ pdf: documents.pdf }).from(documents).where(eq(documents.id, doc.id));
  return other?.pdf ?? pdf;
}

/** The invoice of the order these paid lines belong to, for the receipt (null when there is none). */
export async function invoiceForReceipt(db: Db, line: Pick<OrderRow, 'checkoutId'>): Promise<{ number: string; pdf: Buffer } | null> {
  const doc = await invoiceOf(db, line.checkoutId);
  return doc ? { number: doc.number, pdf: await documentPdf(db, doc) } : null;
}

/**
 * Issue #25 item 3 (decision 162): the credit note of a refund that went
 * through, in the transaction that records it, numbered CN-YYYY-NNNNNN from its
 * own gap-free counter and pointing at the order's invoice (`corrects_id`). An
 * order paid before invoices existed has none: then nothing is issued.
 */
export async function issueCreditNote(
  tx: Db,
  input: {
    key: string;
    refundId: string;
    issuedAt: Date;
    lines: CreditedLine[];
    shipping: { amountCents: number; taxCents: number } | null;
    extraCents: number;
    totalCents: number;
    reason: string;
  },
): Promise<DocumentRow | null> {
  const invoice = await invoiceOf(tx, input.key);
  if (!invoice) return null;
  const year = input.issuedAt.getUTCFullYear();
  const seq = await nextSeq(tx, 'credit_note', year);
  const number = creditNoteNumber(year, seq);
  const data = creditNoteSnapshot({ ...input, number, invoice: invoice.data as InvoiceData });
  const [doc] = await tx
    .insert(documents)
    .values({
      kind: 'credit_note',
      number,
      year,
      seq,
      checkoutId: invoice.checkoutId,
      orderNumber: invoice.orderNumber,
      correctsId: invoice.id,
      issuedAt: input.issuedAt,
      data,
    })
    .returning();
  return doc;
}
