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
          'Search products by part number (case, spaces, dots and dashes ignored), name, brand and description, with filters and facets; ?vehicle={id} keeps the parts that fit it plus universal parts (unknown vehicle: 404); public (decisions 110, 132)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => search(app.db, req.query, opts, (key, load) => app.catalogCache.memo(key, 'products', load)),
  );
};
