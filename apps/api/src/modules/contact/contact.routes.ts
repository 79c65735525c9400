import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, errorResponseSchema, newsletterSchema, okResponseSchema } from '@shop/shared';
import { contactMessages, newsletterSubscribers } from '../../db/schema';

/** DESIGN §7.6: the contact block and the newsletter box store what is sent. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['contact'], body: contactMessageSchema, response: { 201: okResponseSchema, 400: errorResponseSchema } },
    },
    async (req, reply) => {
      await app.db.insert(contactMessages).values(req.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['contact'], body: newsletterSchema, response: { 201: okResponseSchema, 400: errorResponseSchema } },
    },
    async (req, reply) => {
      // Subscribing twice is fine: the address is stored once.
      await app.db.insert(newsletterSubscribers).values({ email: req.body.email }).onConflictDoNothing();
      return reply.status(201).send({ ok: true as const });
    },
  );
};
