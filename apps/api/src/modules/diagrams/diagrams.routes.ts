import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDiagramListSchema,
  adminDiagramSchema,
  createDiagramSchema,
  diagramImportResultSchema,
  diagramParamsSchema,
  diagramSchema,
  errorResponseSchema,
  hotspotSchema,
  partDiagramListSchema,
  vehicleDiagramsSchema,
} from '@shop/shared';
import {
  createDiagram,
  deleteDiagram,
  exportCallouts,
  getDiagram,
  getDiagramAdmin,
  importCallouts,
  listDiagramsAdmin,
  listVehicleDiagrams,
  partDiagrams,
  placeHotspot,
} from './diagrams.service';

const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};
const idParams = z.object({ id: z.string().max(100) });

/** Issue #36 item 1 (decision 197): parts diagrams, read by anyone, written by admins. */
export const diagramsRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });
  // The callout import reads a CSV body; 300 rows are far below 256 kB.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    '/diagrams/:vehicle/:assembly',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'A parts diagram of a vehicle: the drawing, its numbered callouts with the part sold for each, and the vehicle’s other diagrams',
        params: diagramParamsSchema,
        response: { 200: diagramSchema, 404: errorResponseSchema },
      },
    },
    async (req) => getDiagram(app.db, req.params.vehicle, req.params.assembly, opts),
  );

  app.get(
    '/diagrams/:vehicle',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'The parts diagrams of a vehicle (by its address word, e.g. 2019-yamaha-mt-07), A to Z',
        params: z.object({ vehicle: z.string().max(200) }),
        response: { 200: vehicleDiagramsSchema, 404: errorResponseSchema },
      },
    },
    async (req) => listVehicleDiagrams(app.db, req.params.vehicle),
  );

  app.get(
    '/product/:id/diagrams',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'The diagrams that show this part, each with its callout number and the vehicles it applies to',
        params: idParams,
        response: { 200: partDiagramListSchema, 404: errorResponseSchema },
      },
    },
    async (req) => partDiagrams(app.db, req.params.id),
  );

  app.get(
    '/admin/diagrams',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'Every diagram with its vehicles and callouts (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: adminDiagramListSchema, ...adminErrors },
      },
    },
    async () => listDiagramsAdmin(app.db),
  );

  app.get(
    '/admin/diagrams/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'One diagram with its vehicles and callouts (admin)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: adminDiagramSchema, ...adminErrors },
      },
    },
    async (req) => getDiagramAdmin(app.db, req.params.id),
  );

  app.post(
    '/admin/diagrams',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'Create a diagram for every listed vehicle of a make and model over model years (admin)',
        security: [{ bearerAuth: [] }],
        body: createDiagramSchema,
        response: { 201: adminDiagramSchema, ...adminErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await createDiagram(app.db, req.body, actor(req))),
  );

  app.delete(
    '/admin/diagrams/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'Delete a diagram (admin)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (req, reply) => {
      await deleteDiagram(app.db, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/diagrams/:id/callouts',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary:
          'Replace every callout from CSV (admin, body text/csv, header number,part_number,label,quantity,notes,x,y,w,h): all or none; bad rows are listed by line',
        security: [{ bearerAuth: [] }],
        consumes: ['text/csv'],
        params: idParams,
        body: z.string({ message: 'Send the CSV as the request body with Content-Type: text/csv' }),
        response: { 200: diagramImportResultSchema, ...adminErrors },
      },
    },
    async (req) => importCallouts(app.db, req.params.id, req.body, actor(req)),
  );

  app.get(
    '/admin/diagrams/:id/callouts.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'The callouts as CSV, in the columns the import reads (admin)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...adminErrors },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await exportCallouts(app.db, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.patch(
    '/admin/diagrams/:id/callouts/:number',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['diagrams'],
        summary: 'Move one callout’s hotspot (admin; percentages of the drawing)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().max(100), number: z.coerce.number({ message: 'number must be a whole number' }).int().min(1).max(999) }),
        body: hotspotSchema,
        response: { 200: adminDiagramSchema, ...adminErrors },
      },
    },
    async (req) => placeHotspot(app.db, req.params.id, req.params.number, req.body, actor(req)),
  );
};
