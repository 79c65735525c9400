import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, receivablesSchema } from '@shop/shared';
import { membershipOf } from '../companies/companies.service';
import { NotFoundError } from '../../lib/errors';
import { allReceivables, companyReceivables } from './receivables.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Issue #37 item 4 (decision 208): open invoices on account, for the shop's admin and for a company's members. */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/receivables',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Every open invoice on account, oldest due first, with what is open and overdue (admin)',
        response: { 200: receivablesSchema, ...errors },
      },
    },
    async () => allReceivables(app.db, app.clock.now()),
  );

  app.get(
    '/company/invoices',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary:
          'The caller’s company’s open invoices on account with their due dates (all of them for its admin and buyers who see every order, else the buyer’s own), its terms and the credit left (404 for no company)',
        response: { 200: receivablesSchema, ...errors },
      },
    },
    async (req) => {
      const membership = await membershipOf(app.db, req.user!.id);
      if (!membership) throw new NotFoundError('You do not buy for a trade account.', 'NOT_A_COMPANY_MEMBER');
      return companyReceivables(app.db, membership, req.user!.id, app.clock.now());
    },
  );
};
