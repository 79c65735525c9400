import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReturnSchema,
  errorResponseSchema,
  purchaseRefParamsSchema,
  purchaseSchema,
  refundReturnSchema,
  returnIdParamsSchema,
  returnStepSchema,
} from '@shop/shared';
import { returnRequestedOwnerEmail } from '../../lib/owner-email';
import { returnEmail, type ReturnMail } from '../../lib/return-email';
import { sendRefundMail } from './refund-mail';
import { getPurchase } from './purchases.service';
import { createReturn, refundReturn, stepReturn, type ReturnResult } from './returns.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Issue #25 item 4 (decision 163): returns, asked for by the customer and handled by an admin. */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The step is recorded either way; a mail outage must not turn it into an error.
  const send = async (mail: ReturnMail | null, log: { error(o: object, m: string): void }) => {
    if (!mail) return;
    try {
      await app.mailer.send(returnEmail(mail, app.config.publicUrl));
    } catch (err) {
      log.error({ err, step: mail.step, order: mail.number }, 'could not send the return e-mail');
    }
  };
  // Issue #39 item 2 (decision 180): the shop's inbox hears of each return request, once, after the commit.
  const tellOwner = async (created: ReturnResult, log: { error(o: object, m: string): void }) => {
    if (!created.mail) return;
    try {
      const { number, userName, to, reason, lines } = created.mail;
      const notice = { number, userName, email: to, reason, note: created.row.note, lines };
      await app.mailer.send(returnRequestedOwnerEmail(notice, app.config.SHOP_INBOX_EMAIL, app.config.publicUrl));
    } catch (err) {
      log.error({ err, returnId: created.row.id }, "could not e-mail the shop's inbox of a return request");
    }
  };

  app.post(
    '/purchases/:ref/returns',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: `Ask to return units of an order's shipped lines, with a reason, within the return window after its last parcel (the order's customer only); answers the order with its returns`,
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        body: createReturnSchema,
        response: { 201: purchaseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const now = app.clock.now();
      const created = await createReturn(app, req.user!, req.params.ref, req.body, now);
      await send(created.mail, req.log);
      await tellOwner(created, req.log);
      return reply.status(201).send(await getPurchase(app.db, req.user!, created.key, now));
    },
  );

  for (const step of ['approve', 'reject', 'receive'] as const) {
    app.post(
      `/returns/:id/${step}`,
      {
        onRequest: [app.requireAdmin],
        schema: {
          tags: ['orders'],
          summary: {
            approve: 'Approve a requested return (admin); the customer is e-mailed where to send the parts',
            reject: 'Reject a requested return (admin), with a note to the customer',
            receive: 'Mark an approved return received (admin); it can then be refunded',
          }[step],
          security: [{ bearerAuth: [] }],
          params: returnIdParamsSchema,
          body: returnStepSchema,
          response: { 200: purchaseSchema, ...errors },
        },
      },
      async (req) => {
        const now = app.clock.now();
        const admin = req.user!;
        const done = await stepReturn(app, { id: admin.id, email: admin.email }, req.params.id, step, req.body.note, now);
        await send(done.mail, req.log);
        return getPurchase(app.db, admin, done.key, now);
      },
    );
  }

  app.post(
    '/returns/:id/refund',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: 'Refund a received return (admin): its units, optionally back in stock, and the shipping when asked, through the payment provider, once',
        security: [{ bearerAuth: [] }],
        params: returnIdParamsSchema,
        body: refundReturnSchema,
        response: { 200: purchaseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (req) => {
      const now = app.clock.now();
      const admin = req.user!;
      const done = await refundReturn(app, { id: admin.id, email: admin.email }, req.params.id, req.body, now);
      await sendRefundMail(app, done.refund, req.log);
      return getPurchase(app.db, admin, done.key, now);
    },
  );
};
