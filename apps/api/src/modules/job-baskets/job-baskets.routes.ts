import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminJobTemplateListSchema,
  adminJobTemplateSchema,
  basketParamsSchema,
  basketSchema,
  createJobTemplateSchema,
  errorResponseSchema,
  updateJobTemplateSchema,
  vehicleBasketsSchema,
} from '@shop/shared';
import { createJobTemplate, deleteJobTemplate, getBasket, listJobTemplatesAdmin, listVehicleBaskets, updateJobTemplate } from './job-baskets.service';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const idParams = z.object({ id: z.string().max(100) });

/** Issue #36 item 3 (decision 199): job baskets, read by anyone, their templates written by admins. */
export const jobBasketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });

  app.get(
    '/baskets/:vehicle/:template',
    {
      schema: {
        tags: ['baskets'],
        summary:
          'A job for a vehicle (e.g. 2019-yamaha-mt-07, oil-service): each slot with the cheapest fitting part in stock, the alternatives and the quantity',
        params: basketParamsSchema,
        response: { 200: basketSchema, 404: errorResponseSchema },
      },
    },
    async (req) => getBasket(app.db, req.params.vehicle, req.params.template, opts),
  );

  app.get(
    '/baskets/:vehicle',
    {
      schema: {
        tags: ['baskets'],
        summary: 'Every job, A to Z, with how many of its slots the vehicle’s fitting parts in stock fill',
        params: z.object({ vehicle: z.string().max(200) }),
        response: { 200: vehicleBasketsSchema, 404: errorResponseSchema },
      },
    },
    async (req) => listVehicleBaskets(app.db, req.params.vehicle, opts),
  );

  app.get(
    '/admin/job-templates',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['baskets'],
        summary: 'Every job template with its slots (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: adminJobTemplateListSchema, ...adminErrors },
      },
    },
    async () => listJobTemplatesAdmin(app.db),
  );

  app.post(
    '/admin/job-templates',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['baskets'],
        summary: 'Create a job template with its slots (admin)',
        security: [{ bearerAuth: [] }],
        body: createJobTemplateSchema,
        response: { 201: adminJobTemplateSchema, ...adminErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await createJobTemplate(app.db, req.body, actor(req))),
  );

  app.put(
    '/admin/job-templates/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['baskets'],
        summary: 'Replace a job template’s name, description and slots (admin); its address word stays',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: updateJobTemplateSchema,
        response: { 200: adminJobTemplateSchema, ...adminErrors },
      },
    },
    async (req) => updateJobTemplate(app.db, req.params.id, req.body, actor(req)),
  );

  app.delete(
    '/admin/job-templates/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['baskets'],
        summary: 'Delete a job template (admin)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (req, reply) => {
      await deleteJobTemplate(app.db, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );
};
