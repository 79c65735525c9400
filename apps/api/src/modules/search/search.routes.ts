import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, searchQuerySchema, searchResultSchema } from '@shop/shared';
import { search } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };

  app.get(
    '/search',
    {
      schema: {
        tags: ['products'],
        summary:
          'Search products by part number (case, spaces, dots and dashes ignored), name, brand and description, with filters and facets; public (decision 110)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorResponseSchema },
      },
    },
    async (req) => search(app.db, req.query, opts),
  );
};
