import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Orders API: built in the ordering issue (#4).
export const ordersRoutes: FastifyPluginAsyncZod = async () => {};
