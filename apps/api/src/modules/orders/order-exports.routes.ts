import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, purchasesExportQuerySchema, type Purchase } from '@shop/shared';
import { expireReservations } from '../../workflows/reservations';
import { exportCsvStream, lineExportRows, LINES_EXPORT_COLUMNS, orderExportRow, ORDERS_EXPORT_COLUMNS } from './order-exports.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Issue #39 item 6 (decision 184): the admin's orders and lines exports, for the orders of a status tab and search
 * of Manage All Orders (the same ?status=&q=), streamed as CSV.
 */
export const orderExportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = [
    {
      url: '/admin/exports/orders.csv',
      file: 'orders',
      summary:
        'One row per order matching ?status=&q= (Manage All Orders’ tabs and search), newest first, as CSV: dates, customer, figures, refunds, documents, parcels (admin)',
      columns: ORDERS_EXPORT_COLUMNS,
      rows: (p: Purchase) => [orderExportRow(p)],
    },
    {
      url: '/admin/exports/order-lines.csv',
      file: 'order-lines',
      summary: 'One row per line of the orders matching ?status=&q=, newest order first, as CSV: part, units, goods, tax, shipped and refunded units (admin)',
      columns: LINES_EXPORT_COLUMNS,
      rows: lineExportRows,
    },
  ] as const;

  for (const e of exports) {
    app.get(
      e.url,
      {
        onRequest: [app.requireAdmin],
        schema: {
          tags: ['orders'],
          summary: e.summary,
          security: [{ bearerAuth: [] }],
          querystring: purchasesExportQuerySchema,
          produces: ['text/csv'],
          // 200 is text/csv, streamed: Fastify pipes a stream as it is, without a serializer.
          response: { 200: z.unknown().describe('text/csv'), ...errors },
        },
      },
      async (req, reply) => {
        // Expired reservations show as expired, as in the list.
        await expireReservations(app, {});
        const now = app.clock.now();
        const stream = exportCsvStream(app.db, req.query, now, e.columns, e.rows);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${e.file}-${req.query.status}-${now.toISOString().slice(0, 10)}.csv"`)
          .send(stream);
      },
    );
  }
};
