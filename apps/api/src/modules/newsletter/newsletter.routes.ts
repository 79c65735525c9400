import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  newsletterConfirmSchema,
  newsletterLinkResultSchema,
  newsletterSchema,
  newsletterSubscriberPageSchema,
  newsletterSubscribersQuerySchema,
  newsletterUnsubscribeBodySchema,
  newsletterUnsubscribeQuerySchema,
  okResponseSchema,
} from '@shop/shared';
import { BadRequestError } from '../../lib/errors';
import {
  confirmNewsletter,
  confirmedSubscribersCsv,
  listNewsletterSubscribers,
  newsletterMailsSent,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from './newsletter.service';

const linkErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 410: errorResponseSchema } as const;
const adminErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

/** Issue #39 (decision 186): the footer's newsletter, double opt-in, with an unsubscribe link in every e-mail. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => {
    await newsletterMailsSent();
  });

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an address: it is stored pending and sent a confirmation e-mail. The answer is the same for every address, subscribed or not',
        body: newsletterSchema,
        response: { 201: okResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await subscribeNewsletter(app, req.body.email);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: "Confirm a subscription with the token of its confirmation e-mail's link (once; the link works for 7 days)",
        body: newsletterConfirmSchema,
        response: { 200: newsletterLinkResultSchema, ...linkErrors },
      },
    },
    async (req) => confirmNewsletter(app, req.body.token),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary:
          "Unsubscribe with the token of a newsletter e-mail's link, no sign-in. The token comes in the query (List-Unsubscribe one-click, RFC 8058) or a JSON body; a repeat answers the same",
        querystring: newsletterUnsubscribeQuerySchema,
        body: newsletterUnsubscribeBodySchema,
        response: { 200: newsletterLinkResultSchema, ...linkErrors },
      },
    },
    async (req) => {
      const token = req.query.token ?? req.body?.token;
      if (!token) throw new BadRequestError('token is required: use the link of the e-mail', 'VALIDATION_FAILED');
      return unsubscribeNewsletter(app, token);
    },
  );

  app.get(
    '/newsletter/subscribers',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['newsletter'],
        summary: 'Newsletter addresses, newest first, by status (pending, confirmed, unsubscribed; none: all) and a part of the address (admin)',
        security: [{ bearerAuth: [] }],
        querystring: newsletterSubscribersQuerySchema,
        response: { 200: newsletterSubscriberPageSchema, ...adminErrors },
      },
    },
    async (req) => listNewsletterSubscribers(app.db, req.query),
  );

  app.get(
    '/newsletter/subscribers.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['newsletter'],
        summary: 'The confirmed addresses as CSV (email, confirmed_at, subscribed_at): the list a newsletter goes to (admin)',
        security: [{ bearerAuth: [] }],
        produces: ['text/csv'],
        response: { 200: z.string(), ...adminErrors },
      },
    },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-confirmed-${app.clock.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(await confirmedSubscribersCsv(app.db)),
  );
};
