import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema, saveAddressSchema, savedAddressListSchema, savedAddressSchema } from '@shop/shared';
import { z } from 'zod';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Issue #24: the signed-in customer's own address book (DESIGN §6: own rows only). */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/addresses',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['addresses'],
        summary: 'Your saved delivery addresses, the default first',
        security: [{ bearerAuth: [] }],
        response: { 200: savedAddressListSchema, ...errors },
      },
    },
    async (req) => listAddresses(app.db, req.user!.id),
  );

  app.post(
    '/addresses',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['addresses'],
        summary: 'Save a delivery address (checked per country; the first one becomes the default)',
        security: [{ bearerAuth: [] }],
        body: saveAddressSchema,
        response: { 201: savedAddressSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createAddress(app.db, req.user!.id, req.body)),
  );

  app.put(
    '/addresses/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['addresses'],
        summary: 'Change one of your saved addresses, or make it the default',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: saveAddressSchema,
        response: { 200: savedAddressSchema, ...errors },
      },
    },
    async (req) => updateAddress(app.db, req.user!.id, req.params.id, req.body),
  );

  app.delete(
    '/addresses/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of your saved addresses',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteAddress(app.db, req.user!.id, req.params.id);
      return { deleted: true as const };
    },
  );
};
