import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogImportQuerySchema, catalogImportRefusedSchema, catalogImportResultSchema, errorResponseSchema } from '@shop/shared';
import { exportCatalogCsv, importCatalogCsv } from './catalog-csv.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

export const catalogCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes read CSV bodies; 10,000 products are about 2 MB.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 20 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    '/products/export.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'The whole catalogue as CSV, one product per row, with a header row (admin); the format the import reads',
        security: [{ bearerAuth: [] }],
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (_req, reply) => {
      const csv = await exportCatalogCsv(app.db);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/products/import',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary:
          'Import a catalogue CSV (admin, body text/csv in the export format), matched by sku. dryRun=true (default) changes nothing; dryRun=false applies every row in one transaction, or none (400 with the errors)',
        security: [{ bearerAuth: [] }],
        consumes: ['text/csv'],
        querystring: catalogImportQuerySchema,
        body: z.string({ message: 'Send the CSV as the request body with Content-Type: text/csv' }),
        response: { 200: catalogImportResultSchema, ...errors, 400: z.union([catalogImportRefusedSchema, errorResponseSchema]) },
      },
    },
    async (req, reply) => {
      const dryRun = req.query.dryRun === 'true';
      const result = await importCatalogCsv(app.db, req.body, { dryRun, actor: { id: req.user!.id, email: req.user!.email } });
      if (!dryRun && result.errors.length) {
        const n = result.errors.length;
        return reply.status(400).send({
          error: {
            code: 'IMPORT_INVALID',
            message: `Nothing was imported: ${n} ${n === 1 ? 'row has a problem' : 'rows have problems'}. Fix them and import again.`,
          },
          created: 0,
          updated: 0,
          errors: result.errors,
        });
      }
      return result;
    },
  );
};
