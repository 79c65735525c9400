import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  myPricesQuerySchema,
  myPricesSchema,
  priceListDetailSchema,
  priceListImportResultSchema,
  priceListInputSchema,
  priceListPatchSchema,
  priceListPriceInputSchema,
  priceListPriceSchema,
  priceListSummaryListSchema,
} from '@shop/shared';
import {
  createPriceList,
  deleteListPrice,
  deletePriceList,
  exportPriceListCsv,
  getPriceList,
  importPriceListCsv,
  listPriceLists,
  myPrices,
  setListPrice,
  updatePriceList,
} from './price-lists.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const idParams = z.object({ id: z.string().max(100) });
const priceParams = z.object({ id: z.string().max(100), productId: z.string().max(100) });

/** Issue #37 item 2 (decision 206): the admin's trade price lists, and a trade buyer's own prices. */
export const priceListsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('text/csv')) {
    app.addContentTypeParser(['text/csv'], { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  }
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });
  const admin = { onRequest: [app.requireAdmin] };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/prices/mine',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['price-lists'],
        summary:
          "The signed-in buyer's prices of these parts (ids, comma-separated, at most 100) where their company's price lists make them lower than the public price; empty for anyone else. Never cached (no-store)",
        security,
        querystring: myPricesQuerySchema,
        response: { 200: myPricesSchema, ...errors },
      },
    },
    // Answered with `no-store`, as every answer to a request with credentials (plugins/security.ts, issue #7).
    async (req) => myPrices(app.db, req.user!.id, req.query.ids, app.clock.now()),
  );

  app.get(
    '/admin/price-lists',
    {
      ...admin,
      schema: { tags: ['price-lists'], summary: 'Every trade price list, A to Z (admin)', security, response: { 200: priceListSummaryListSchema, ...errors } },
    },
    async () => listPriceLists(app.db, app.clock.now()),
  );

  app.post(
    '/admin/price-lists',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary: 'Create a price list: name, optional dates, companies and percentages off a category or brand (admin)',
        security,
        body: priceListInputSchema,
        response: { 201: priceListDetailSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createPriceList(app.db, req.body, actor(req), app.clock.now())),
  );

  app.get(
    '/admin/price-lists/:id',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary: 'A price list with its prices (admin)',
        security,
        params: idParams,
        response: { 200: priceListDetailSchema, ...errors },
      },
    },
    async (req) => getPriceList(app.db, req.params.id, app.clock.now()),
  );

  app.patch(
    '/admin/price-lists/:id',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary: "Change a price list's name, dates, companies or percentages (a list sent replaces the one kept) (admin)",
        security,
        params: idParams,
        body: priceListPatchSchema,
        response: { 200: priceListDetailSchema, ...errors },
      },
    },
    async (req) => updatePriceList(app.db, req.params.id, req.body, actor(req), app.clock.now()),
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      ...admin,
      schema: { tags: ['price-lists'], summary: 'Delete a price list (admin)', security, params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deletePriceList(app.db, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/price-lists/:id/prices/:productId',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary: "Set a part's price of one lot on this list, with its quantity tiers (admin)",
        security,
        params: priceParams,
        body: priceListPriceInputSchema,
        response: { 200: priceListPriceSchema, ...errors },
      },
    },
    async (req) => setListPrice(app.db, req.params.id, req.params.productId, req.body, actor(req)),
  );

  app.delete(
    '/admin/price-lists/:id/prices/:productId',
    {
      ...admin,
      schema: { tags: ['price-lists'], summary: 'Take a part off this list (admin)', security, params: priceParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteListPrice(app.db, req.params.id, req.params.productId, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/price-lists/:id/prices.csv',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary: "The list's prices as CSV (sku, name, min_order, public_price, unit_price, price_tiers); the format the upload reads (admin)",
        security,
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await exportPriceListCsv(app.db, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="price-list-${req.params.id.slice(0, 8)}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/admin/price-lists/:id/prices.csv',
    {
      ...admin,
      schema: {
        tags: ['price-lists'],
        summary:
          'Upload prices to the list (body text/csv with sku and unit_price columns, price_tiers optional; an empty unit_price takes the part off). Every row or none: one wrong row answers 400 listing each problem by line (admin)',
        security,
        consumes: ['text/csv'],
        params: idParams,
        body: z.string({ message: 'Send the CSV as the request body with Content-Type: text/csv' }),
        response: { 200: priceListImportResultSchema, ...errors },
      },
    },
    async (req) => importPriceListCsv(app.db, req.params.id, req.body, actor(req)),
  );
};
