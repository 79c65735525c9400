import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReorderListSchema,
  errorResponseSchema,
  quickOrderResultSchema,
  renameReorderListSchema,
  reorderListParamsSchema,
  reorderListSchema,
  reorderListSummaryListSchema,
} from '@shop/shared';
import { addReorderListToCart, createReorderList, deleteReorderList, getReorderList, listReorderLists, renameReorderList } from './reorder-lists.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Issue #37 item 3 (decision 207): the signed-in person's own saved reorder lists; anyone else's is 404. */
export const reorderListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/reorder-lists',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary: 'Your saved reorder lists (name, number of parts, last change), the last changed first',
        security,
        response: { 200: reorderListSummaryListSchema, ...errors },
      },
    },
    async (req) => listReorderLists(app.db, req.user!),
  );

  app.post(
    '/reorder-lists',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary:
          'Save one of your orders (its number TT-10042 or id) as a named reorder list: its parts still sold and their quantities. Anyone else’s order is 404; a name you use already is 409',
        security,
        body: createReorderListSchema,
        response: { 201: reorderListSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createReorderList(app.db, req.user!, req.body)),
  );

  app.get(
    '/reorder-lists/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary: 'One of your reorder lists with its parts (public fields) and quantities',
        security,
        params: reorderListParamsSchema,
        response: { 200: reorderListSchema, ...errors },
      },
    },
    async (req) => getReorderList(app.db, req.user!, req.params.id),
  );

  app.patch(
    '/reorder-lists/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary: 'Rename one of your reorder lists',
        security,
        params: reorderListParamsSchema,
        body: renameReorderListSchema,
        response: { 200: reorderListSchema, ...errors },
      },
    },
    async (req) => renameReorderList(app.db, req.user!, req.params.id, req.body.name),
  );

  app.delete(
    '/reorder-lists/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary: 'Delete one of your reorder lists',
        security,
        params: reorderListParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await deleteReorderList(app.db, req.user!, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reorder-lists/:id/cart',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reorder-lists'],
        summary:
          'Add a reorder list to your cart in one step, as Order again does (decision 202): every part that can be added is, in one transaction; the others are reported with their reason',
        security,
        params: reorderListParamsSchema,
        response: { 200: quickOrderResultSchema, ...errors },
      },
    },
    async (req) => addReorderListToCart(app.db, req.user!, req.params.id, opts),
  );
};
