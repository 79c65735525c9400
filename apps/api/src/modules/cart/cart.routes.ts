import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartLinesSchema,
  cartLineParamsSchema,
  cartSchema,
  errorResponseSchema,
  mergeCartSchema,
  quickOrderResultSchema,
  quickOrderSchema,
  reorderParamsSchema,
  reorderSchema,
  setCartLineSchema,
} from '@shop/shared';
import { getCart, mergeCart, removeCartLine, setCartLine, setCartLines } from './cart.service';
import { quickOrder, reorder } from './quick-order.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Issue #9 part 4: the signed-in customer's cart (decision 120). Every call answers the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };

  app.get(
    '/cart',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Your cart: each line with its product and its total (the shared price rule), and the total',
        security: [{ bearerAuth: [] }],
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => getCart(app.db, req.user!, opts),
  );

  app.put(
    '/cart/lines/:productId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Set a line’s quantity (0 removes it); it must be between the product’s minimum order and its stock, else 400',
        security: [{ bearerAuth: [] }],
        params: cartLineParamsSchema,
        body: setCartLineSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => {
      await setCartLine(app.db, req.user!, req.params.productId, req.body.quantity);
      return getCart(app.db, req.user!, opts);
    },
  );

  app.post(
    '/cart/lines',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary:
          'Set several lines at once (a diagram’s picked rows): all or none; each quantity must be between the product’s minimum order and its stock, else 400 and nothing changes',
        security: [{ bearerAuth: [] }],
        body: addCartLinesSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => {
      await setCartLines(app.db, req.user!, req.body);
      return getCart(app.db, req.user!, opts);
    },
  );

  app.delete(
    '/cart/lines/:productId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from your cart (a line that is not there changes nothing)',
        security: [{ bearerAuth: [] }],
        params: cartLineParamsSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => {
      await removeCartLine(app.db, req.user!, req.params.productId);
      return getCart(app.db, req.user!, opts);
    },
  );

  app.post(
    '/cart/merge',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary:
          "Merge a guest's browser cart into yours at sign-in: the larger quantity wins, clamped to minimum order..stock; unknown or sold-out products are dropped. Answers the merged cart",
        security: [{ bearerAuth: [] }],
        body: mergeCartSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (req) => {
      await mergeCart(app.db, req.user!, req.body);
      return getCart(app.db, req.user!, opts);
    },
  );

  app.post(
    '/cart/quick-order',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary:
          'Quick order (decision 202): up to 500 lines of part number and quantity (any formatting, OEM numbers too), as text or rows. Every valid line goes to your cart in one step; every other line is reported with its reason. dryRun: the report only',
        security: [{ bearerAuth: [] }],
        body: quickOrderSchema,
        response: { 200: quickOrderResultSchema, ...errors },
      },
    },
    async (req) => quickOrder(app.db, req.user!, req.body, opts),
  );

  app.post(
    '/cart/reorder/:ref',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['cart'],
        summary:
          'Order again (decision 202): every line of your order (its number TT-10042 or id) whose part is still sold goes to your cart in one step; the others are reported. Anyone else’s order is 404. dryRun: the report only',
        security: [{ bearerAuth: [] }],
        params: reorderParamsSchema,
        body: reorderSchema,
        response: { 200: quickOrderResultSchema, ...errors },
      },
    },
    async (req) => reorder(app.db, req.user!, req.params.ref, req.body.dryRun, opts),
  );
};
