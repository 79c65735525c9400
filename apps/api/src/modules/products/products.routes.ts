import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminProductPageSchema,
  adminProductsQuerySchema,
  createProductSchema,
  errorResponseSchema,
  idParamsSchema,
  productListSchema,
  productPageQuerySchema,
  productPageSchema,
  productSchema,
  stockAdjustSchema,
  stockMovementListSchema,
  updateProductSchema,
} from '@shop/shared';
import { fitmentListPageSchema, fitmentListQuerySchema } from '@shop/shared/schemas/fitment-list';
import { listStockMovements } from '../stock/stock.service';
import { adjustStock, createProduct, deleteProduct, findProductRow, pageProductsForAdmin, updateProduct } from './products.service';
import { cachedProduct, cachedProductList, cachedProductPage } from '../catalog-cache/catalog-reads';
import { fitmentListPage } from './fitment-list.service';
import { cachedVehiclePage } from '../vehicles/vehicle-reads';
import { sendCached } from '../catalog-cache/catalog-cache.plugin';

const adminErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const actorOf = (req: FastifyRequest) => (req.user ? { id: req.user.id, email: req.user.email } : null);

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary:
          "All products (the spec's array), or one page of them with ?page=&limit=; with ?vehicle={id} a page of the parts that fit that vehicle plus universal parts (unknown vehicle: 404)",
        querystring: productPageQuerySchema,
        response: { 200: z.union([productListSchema, productPageSchema]), 400: errorResponseSchema, 404: errorResponseSchema },
      },
      // The headers the fast path replays for this answer (decision 142).
      onResponse: app.fastCatalogue.capture,
    },
    // Served from the catalogue cache with an ETag (decision 100).
    async (req, reply) => {
      const { page, limit, vehicle } = req.query;
      if (vehicle !== undefined) return sendCached(req, reply, await cachedVehiclePage(app.catalogCache, app.db, vehicle, page ?? 1, limit ?? 9, opts));
      if (page === undefined && limit === undefined) return sendCached(req, reply, await cachedProductList(app.catalogCache, app.db, opts));
      return sendCached(req, reply, await cachedProductPage(app.catalogCache, app.db, page ?? 1, limit ?? 9, opts));
    },
  );

  app.get(
    '/products/manage',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary:
          'One page of Manage Products, newest first, with ?page=&limit=&lowStock=true&q= (name, brand or part number however typed) and the counts of the catalogue or the search and its parts low on stock (admin)',
        security: [{ bearerAuth: [] }],
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductPageSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => pageProductsForAdmin(app.db, req.query, opts),
  );

  app.get(
    '/product/:id',
    { schema: { tags: ['products'], params: idParamsSchema, response: { 200: productSchema, 404: errorResponseSchema } } },
    async (req, reply) => sendCached(req, reply, await cachedProduct(app.catalogCache, app.db, req.params.id, opts)),
  );

  app.get(
    '/product/:id/fitment',
    {
      schema: {
        tags: ['products'],
        summary:
          "One page of a part's fit list, grouped by make then model with year spans (?page=&limit=, default 25 models a page), optionally one make's (?make=), with every make and its counts (decision 217)",
        params: idParamsSchema,
        querystring: fitmentListQuerySchema,
        response: { 200: fitmentListPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    // Kept by the catalogue cache (decision 100) until the catalogue changes, like the part itself.
    async (req, reply) => {
      const { page, limit, make } = req.query;
      const key = `product/${req.params.id}/fitment?page=${page}&limit=${limit}&make=${encodeURIComponent(make?.toLowerCase() ?? '')}`;
      return sendCached(req, reply, await app.catalogCache.get(key, 'products', () => fitmentListPage(app.db, req.params.id, req.query)));
    },
  );

  app.post(
    '/product',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Add a product (admin); without a sku one is generated, brand and category get defaults',
        security: [{ bearerAuth: [] }],
        body: createProductSchema,
        response: { 201: productSchema, ...adminErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await createProduct(app.db, req.body, actorOf(req), opts)),
  );

  app.patch(
    '/product/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Edit any field of a product (admin); the body carries the version it was based on, a stale one answers 409',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: updateProductSchema,
        response: { 200: productSchema, ...adminErrors },
      },
    },
    async (req) => (await updateProduct(app.db, req.params.id, req.body, actorOf(req), opts)).product,
  );

  app.post(
    '/product/:id/stock',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Adjust the stock by a signed number of units with a reason: restock, correction or damaged (admin)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: stockAdjustSchema,
        response: { 200: productSchema, ...adminErrors },
      },
    },
    async (req) => (await adjustStock(app.db, req.params.id, req.body, actorOf(req), opts)).product,
  );

  app.get(
    '/product/:id/stock-movements',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: "A product's stock ledger, newest first (admin)",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: stockMovementListSchema, ...adminErrors },
      },
    },
    async (req) => {
      const product = await findProductRow(app.db, req.params.id);
      const rows = await listStockMovements(app.db, product.id);
      return rows.map((r) => ({
        id: r.id,
        productId: r.productId,
        kind: r.kind,
        delta: r.delta,
        stockAfter: r.stockAfter,
        reason: r.reason,
        note: r.note,
        orderId: r.orderId,
        actorEmail: r.actorEmail,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  app.delete(
    '/product/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Delete a product (admin); existing orders keep their copy',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: z.object({ deletedCount: z.number() }), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      await deleteProduct(app.db, req.params.id, actorOf(req));
      return { deletedCount: 1 };
    },
  );
};
