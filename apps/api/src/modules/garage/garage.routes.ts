import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addGarageVehicleSchema, errorResponseSchema, garageEntrySchema, garageListSchema, idParamsSchema, updateGarageVehicleSchema } from '@shop/shared';
import { activateGarageEntry, addToGarage, listGarage, removeFromGarage } from './garage.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Issue #11 (decision 130): My Garage, the signed-in customer's own saved vehicles only. */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/garage',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['garage'],
        summary: "The signed-in customer's saved vehicles, oldest first; at most one is active",
        security: [{ bearerAuth: [] }],
        response: { 200: garageListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => listGarage(app.db, req.user!.id),
  );

  app.post(
    '/garage',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['garage'],
        summary: 'Save a vehicle (201; the first one becomes active). A vehicle already saved answers 200 with its entry',
        security: [{ bearerAuth: [] }],
        body: addGarageVehicleSchema,
        response: { 201: garageEntrySchema, 200: garageEntrySchema, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, created } = await addToGarage(app.db, req.user!.id, req.body.vehicleId);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.patch(
    '/garage/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['garage'],
        summary: 'Make this saved vehicle the active one (the others become inactive)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: updateGarageVehicleSchema,
        response: { 200: garageEntrySchema, ...errors },
      },
    },
    async (req) => activateGarageEntry(app.db, req.user!.id, req.params.id),
  );

  app.delete(
    '/garage/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['garage'],
        summary: 'Remove a saved vehicle; removing the active one makes the oldest remaining one active',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: z.object({ deletedCount: z.number() }), ...errors },
      },
    },
    async (req) => {
      await removeFromGarage(app.db, req.user!.id, req.params.id);
      return { deletedCount: 1 };
    },
  );
};
