import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { createRefundSchema, errorResponseSchema, purchaseRefParamsSchema, purchaseSchema } from '@shop/shared';
import { documents } from '../../db/schema/documents';
import { orderCancelledEmail } from '../../lib/cancel-email';
import { orderCancelledOwnerEmail } from '../../lib/owner-email';
import { documentPdf } from '../invoices/invoices.service';
import { cancelPaidOrder } from '../../workflows/customer-cancel';
import { createRefund } from './order-refunds.service';
import { sendRefundMail } from './refund-mail';
import { getPurchase } from './purchases.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/** Issue #25 item 3 (decision 162): an admin refunds a paid order, in full or in part, through the payment provider. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/purchases/:ref/refunds',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary:
          'Refund a paid order (admin): chosen lines and units, the shipping, or a free amount up to what is left, through the payment provider; the same idempotencyKey answers the same refund. Issues a credit note and e-mails the customer; answers the order with its refunds',
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        body: createRefundSchema,
        response: { 201: purchaseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = req.user!;
      const created = await createRefund(app, { id: admin.id, email: admin.email }, req.params.ref, req.body);
      await sendRefundMail(app, created, req.log);
      return reply.status(201).send(await getPurchase(app.db, admin, created.key, app.clock.now()));
    },
  );

  // Issue #39 item 9 (decision 189): the customer cancels their paid order before it ships; refunded in full.
  app.post(
    '/purchases/:ref/cancel',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary:
          'Cancel your own paid order before anything of it ships (its customer only; anyone else gets 404): every unit and the shipping are refunded in full through the payment provider, the parts go back in stock, a credit note is issued, you and the shop are e-mailed. 409 once a parcel left or a refund or return exists; an unpaid order is cancelled with DELETE /orders/{line}. Repeating it refunds nothing more. Answers the order, cancelled, with its refund',
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        response: { 200: purchaseSchema, ...errors },
      },
    },
    async (req) => {
      const user = req.user!;
      const done = await cancelPaidOrder(app, user, req.params.ref);
      const mail = done.created.mail;
      if (mail) {
        try {
          const [note] = mail.creditNote ? await app.db.select().from(documents).where(eq(documents.id, mail.creditNote.documentId)) : [];
          await app.mailer.send(orderCancelledEmail(mail, app.config.publicUrl, note ? await documentPdf(app.db, note) : null));
        } catch (err) {
          req.log.error({ err, refundId: done.created.refund.id }, 'could not send the cancellation e-mail');
        }
        try {
          const notice = {
            number: done.number,
            userName: mail.userName,
            email: mail.to,
            lines: done.rows.map((o) => ({ productName: o.productName, sku: o.sku ?? undefined, quantity: o.quantity, priceCents: o.priceCents })),
            refundedCents: done.created.refund.totalCents,
          };
          await app.mailer.send(orderCancelledOwnerEmail(notice, app.config.SHOP_INBOX_EMAIL, app.config.publicUrl));
        } catch (err) {
          req.log.error({ err, refundId: done.created.refund.id }, "could not e-mail the shop's inbox of a cancelled order");
        }
      }
      return getPurchase(app.db, user, done.key, app.clock.now());
    },
  );
};
