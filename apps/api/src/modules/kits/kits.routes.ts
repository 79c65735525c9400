import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, kitComponentSchema, kitInputSchema } from '@shop/shared';
import { setKitComponents } from './kits.service';

/** Issue #36 item 2 (decision 220): what a kit is made of, written by admins (the product DTO shows it to all). */
export const kitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/products/:id/kit',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['products'],
        summary: 'Make a product a kit of other parts (by part number and pieces per kit), or a plain part again with an empty list',
        params: z.object({ id: z.string().max(100) }),
        body: kitInputSchema,
        response: {
          200: z.object({ components: z.array(kitComponentSchema) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => ({ components: await setKitComponents(app.db, req.params.id, req.body, { id: req.user!.id, email: req.user!.email }) }),
  );
};
