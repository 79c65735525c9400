import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageItemSchema,
  contactMessagePageSchema,
  contactMessageSchema,
  contactMessagesQuerySchema,
  errorResponseSchema,
  handleContactMessageSchema,
  idParamsSchema,
  okResponseSchema,
  shopLinksSchema,
  type ShopLinks,
} from '@shop/shared';
import { listContactMessages, receiveContactMessage, setContactMessageHandled } from './contact.service';

/** DESIGN §7.6: the contact block stores what is sent; issue #25: messages reach the shop. The newsletter box: modules/newsletter. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issue #39 item 8: the footer links only to the shop's own pages, set by SOCIAL_*_URL; none when unset.
  const social: ShopLinks['social'] = [];
  if (app.config.SOCIAL_YOUTUBE_URL) social.push({ network: 'YouTube', href: app.config.SOCIAL_YOUTUBE_URL });
  if (app.config.SOCIAL_INSTAGRAM_URL) social.push({ network: 'Instagram', href: app.config.SOCIAL_INSTAGRAM_URL });
  if (app.config.SOCIAL_FACEBOOK_URL) social.push({ network: 'Facebook', href: app.config.SOCIAL_FACEBOOK_URL });
  app.get(
    '/shop-links',
    {
      schema: {
        tags: ['contact'],
        summary: "The shop's own pages on social networks (SOCIAL_*_URL); empty when none is set",
        response: { 200: shopLinksSchema },
      },
    },
    async () => ({ social }),
  );

  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['contact'], body: contactMessageSchema, response: { 201: okResponseSchema, 400: errorResponseSchema } },
    },
    async (req, reply) => {
      await receiveContactMessage(app, req.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    '/messages',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['contact'],
        summary: 'Contact-form messages, newest first: open (default), handled or all, with the count of each (admin)',
        security: [{ bearerAuth: [] }],
        querystring: contactMessagesQuerySchema,
        response: { 200: contactMessagePageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => listContactMessages(app.db, req.query),
  );

  app.patch(
    '/messages/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['contact'],
        summary: 'Mark a contact-form message handled, or open again (admin; recorded in the activity log)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: handleContactMessageSchema,
        response: { 200: contactMessageItemSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => setContactMessageHandled(app.db, req.params.id, req.body.handled, { id: req.user!.id, email: req.user!.email }),
  );
};
