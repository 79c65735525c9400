import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, overviewSchema, waitingSchema } from '@shop/shared';
import { salesOverview, waitingOnTheShop } from './overview.service';

/** Issue #25 item 7 (decision 164): the owner's sales overview (admin). */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: 'Revenue, orders, average order and refunds for today, 7 and 30 days; daily revenue for 30 days; the top parts; parts low on stock (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: overviewSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send(await salesOverview(app.db, app.clock.now())),
  );

  app.get(
    '/admin/waiting',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary:
          'What waits on the shop (admin): paid orders with nothing shipped, returns to approve and to receive, refunds due, open contact messages; the sidebar reads it',
        security: [{ bearerAuth: [] }],
        response: { 200: waitingSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send(await waitingOnTheShop(app.db)),
  );
};
