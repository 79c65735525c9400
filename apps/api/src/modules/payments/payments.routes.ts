import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Payments API: built in the ordering issue (#4).
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};
