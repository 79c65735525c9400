import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createVehicleSchema,
  updateVehicleExternalIdSchema,
  errorResponseSchema,
  vehicleImportResultSchema,
  vehicleListQuerySchema,
  vehicleListSchema,
  vehicleMakesQuerySchema,
  vehicleModelsQuerySchema,
  vehicleSchema,
  vehicleYearsQuerySchema,
} from '@shop/shared';
import { createVehicle, importVehiclesCsv, listMakes, listModels, listVehicles, listYears, setVehicleExternalId } from './vehicles.service';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/** Issue #11 (decision 130): the year/make/model selector's lists (anyone) and the admin's vehicle writes. */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the import reads a CSV body in this plugin; 5,000 rows are far below 1 MB.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    '/vehicles/makes',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Every vehicle make, A to Z; with year, the makes with a vehicle in that model year',
        querystring: vehicleMakesQuerySchema,
        response: { 200: z.array(z.string()), 400: errorResponseSchema },
      },
    },
    async (req) => listMakes(app.db, req.query.year),
  );

  app.get(
    '/vehicles/models',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The models of a make, A to Z; with year, those listed in that model year',
        querystring: vehicleModelsQuerySchema,
        response: { 200: z.array(z.string()), 400: errorResponseSchema },
      },
    },
    async (req) => listModels(app.db, req.query.make, req.query.year),
  );

  app.get(
    '/vehicles/years',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The model years of a make and model, newest first; without make and model, every listed model year',
        querystring: vehicleYearsQuerySchema,
        response: { 200: z.array(z.number().int()), 400: errorResponseSchema },
      },
    },
    async (req) => listYears(app.db, req.query.make, req.query.model),
  );

  app.get(
    '/vehicles',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'The vehicles of a make, model and year (base model first, then variants)',
        querystring: vehicleListQuerySchema,
        response: { 200: vehicleListSchema, 400: errorResponseSchema },
      },
    },
    async (req) => listVehicles(app.db, req.query.make, req.query.model, req.query.year),
  );

  app.post(
    '/vehicles',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['vehicles'],
        summary:
          'Add one vehicle (admin), optionally with its base vehicle id (ACES BaseVehicle@id); the same make, model, year and variant again, or a base vehicle id already given, answers 409',
        security: [{ bearerAuth: [] }],
        body: createVehicleSchema,
        response: { 201: vehicleSchema, ...adminErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await createVehicle(app.db, req.body, { id: req.user!.id, email: req.user!.email })),
  );

  app.patch(
    '/vehicles/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['vehicles'],
        summary:
          "Set or clear a vehicle's base vehicle id (admin; ACES BaseVehicle@id, decision 214): null or an empty string clears it, an id another vehicle has answers 409",
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string() }),
        body: updateVehicleExternalIdSchema,
        response: { 200: vehicleSchema, ...adminErrors },
      },
    },
    async (req) => setVehicleExternalId(app.db, req.params.id, req.body, { id: req.user!.id, email: req.user!.email }),
  );

  app.post(
    '/vehicles/import',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['vehicles'],
        summary:
          'Import vehicles from CSV (admin, body text/csv with the header make,model,year_from,year_to[,variant][,base_vehicle_id]): one vehicle per model year; existing ones are counted (and given their base vehicle id if they have none), bad rows skipped and listed by line',
        security: [{ bearerAuth: [] }],
        consumes: ['text/csv'],
        body: z.string({ message: 'Send the CSV as the request body with Content-Type: text/csv' }),
        response: { 200: vehicleImportResultSchema, ...adminErrors },
      },
    },
    async (req) => importVehiclesCsv(app.db, req.body, { id: req.user!.id, email: req.user!.email }),
  );
};
