import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/documents';
import { refundEmail } from '../../lib/refund-email';
import { customerOrderUrl } from '../guest/guest-link';
import { documentPdf } from '../invoices/invoices.service';
import type { CreatedRefund } from './order-refunds.service';

/**
 * The refund e-mail of a refund just made (decision 162), with its credit note attached and the customer's link to
 * the order (a guest's own link, decision 188), once, after the commit: by the admin's refund, a received return,
 * or the shop on its own (issue #34). A mail outage never undoes the refund: it is logged.
 */
export async function sendRefundMail(app: FastifyInstance, created: CreatedRefund | null, log: { error(o: object, m: string): void } = app.log): Promise<void> {
  if (!created?.mail) return;
  try {
    const [note] = created.mail.creditNote ? await app.db.select().from(documents).where(eq(documents.id, created.mail.creditNote.documentId)) : [];
    const orderUrl = await customerOrderUrl(app.db, app.config, created.key, created.mail.number);
    await app.mailer.send(refundEmail(created.mail, app.config.publicUrl, note ? await documentPdf(app.db, note) : null, orderUrl));
  } catch (err) {
    log.error({ err, refundId: created.refund.id }, 'could not send the refund e-mail');
  }
}
