import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, purchaseRefParamsSchema } from '@shop/shared';
import { invoicePdfFor } from './invoices.service';

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
};
