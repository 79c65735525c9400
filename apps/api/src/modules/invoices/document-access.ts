import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/documents';
import { NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { getGuestPurchase, getPurchase } from '../orders/purchases.service';
import { documentPdf, invoiceOf } from './invoices.service';

/**
 * Who may download an order's documents: whoever may read the order (its customer, or an admin). Apart from the
 * documents themselves (invoices.service), which the order's payment and refunds issue: the order views read
 * documents, and documents never read the views (issue #34: no import cycle).
 */

const noInvoice = () => new NotFoundError('This order has no invoice yet: it is issued when the order is paid.', 'INVOICE_NOT_FOUND');

/** GET /purchases/{ref}/invoice.pdf: the order's customer or an admin; anyone else, or an unpaid order, 404. */
export async function invoicePdfFor(db: Db, user: AuthUser, ref: string, now: Date): Promise<{ number: string; pdf: Buffer }> {
  const purchase = await getPurchase(db, user, ref, now);
  const doc = await invoiceOf(db, purchase._id);
  if (!doc) throw noInvoice();
  return { number: doc.number, pdf: await documentPdf(db, doc) };
}

/** GET /purchases/{ref}/credit-notes/{number}.pdf: the order's customer or an admin; anyone else, or another order's note, 404. */
export async function creditNotePdfFor(db: Db, user: AuthUser, ref: string, number: string, now: Date): Promise<{ number: string; pdf: Buffer }> {
  const purchase = await getPurchase(db, user, ref, now);
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.kind, 'credit_note'), eq(documents.number, number), eq(documents.checkoutId, purchase._id)));
  if (!doc) throw new NotFoundError('This order has no credit note with that number.', 'CREDIT_NOTE_NOT_FOUND');
  return { number: doc.number, pdf: await documentPdf(db, doc) };
}

/** Decision 188: the invoice of a guest's order, for the holder of its link (checked by the caller); unpaid, 404. */
export async function guestInvoicePdf(db: Db, checkoutId: string, now: Date): Promise<{ number: string; pdf: Buffer }> {
  const purchase = await getGuestPurchase(db, checkoutId, now);
  const doc = await invoiceOf(db, purchase._id);
  if (!doc) throw noInvoice();
  return { number: doc.number, pdf: await documentPdf(db, doc) };
}
