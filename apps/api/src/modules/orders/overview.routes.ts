import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, overviewSchema } from '@shop/shared';
import { salesOverview } from './overview.service';

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
};
