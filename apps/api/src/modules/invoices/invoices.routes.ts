import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, purchaseRefParamsSchema } from '@shop/shared';
import { creditNotePdfFor, invoicePdfFor } from './document-access';

/**
 * Issue #25 item 2 (decision 156): an order's invoice as a PDF, for its
 * customer (My Orders) or an admin (the order's page). Anyone else, or an
 * order not paid yet, gets 404.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/purchases/:ref/invoice.pdf',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: "An order's invoice (PDF), issued when it was paid: its customer or an admin; anyone else, or an unpaid order, 404",
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The invoice, a PDF file'), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { number, pdf } = await invoicePdfFor(app.db, req.user!, req.params.ref, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/purchases/:ref/credit-notes/:number',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: "A credit note (PDF) of an order's refund, e.g. CN-2026-000007.pdf: its customer or an admin; anyone else, 404",
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema.extend({
          number: z
            .string()
            .regex(/^CN-\d{4}-\d{6}(\.pdf)?$/, 'number must be a credit note number such as CN-2026-000007')
            .transform((n) => n.replace(/\.pdf$/, '')),
        }),
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The credit note, a PDF file'), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const { number, pdf } = await creditNotePdfFor(app.db, req.user!, req.params.ref, req.params.number, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
