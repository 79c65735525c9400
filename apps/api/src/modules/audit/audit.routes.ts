import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, errorResponseSchema } from '@shop/shared';
import { listAudit } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['audit'],
        summary: 'The audit log of admin actions and automatic corrections, newest first (admin)',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => listAudit(app.db, req.query),
  );
};
