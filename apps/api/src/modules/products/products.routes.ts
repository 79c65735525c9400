import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProductSchema,
  errorResponseSchema,
  idParamsSchema,
  productListSchema,
  productPageQuerySchema,
  productPageSchema,
  productSchema,
} from '@shop/shared';
import { createProduct, deleteProduct, getProduct, listProducts, pageProducts } from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: "All products (the spec's array), or one page of them with ?page=&limit=",
        querystring: productPageQuerySchema,
        response: { 200: z.union([productListSchema, productPageSchema]), 400: errorResponseSchema },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      if (page === undefined && limit === undefined) return listProducts(app.db);
      return pageProducts(app.db, page ?? 1, limit ?? 9);
    },
  );

  app.get('/product/:id', { schema: { tags: ['products'], params: idParamsSchema, response: { 200: productSchema, 404: errorResponseSchema } } }, async (req) =>
    getProduct(app.db, req.params.id),
  );

  app.post(
    '/product',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Add a product (admin)',
        security: [{ bearerAuth: [] }],
        body: createProductSchema,
        response: { 201: productSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createProduct(app.db, req.body)),
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
      await deleteProduct(app.db, req.params.id);
      return { deletedCount: 1 };
    },
  );
};
