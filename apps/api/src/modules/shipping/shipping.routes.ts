import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParamsSchema,
  shippingMethodInputSchema,
  shippingMethodSchema,
  shippingZoneInputSchema,
  shippingZoneListSchema,
  shippingZoneSchema,
  shopTaxSettingsSchema,
  taxRateInputSchema,
  taxRateListSchema,
  taxRateSchema,
} from '@shop/shared';
import {
  createMethod,
  createTaxRate,
  createZone,
  deleteMethod,
  deleteTaxRate,
  deleteZone,
  getTaxSettings,
  listTaxRates,
  listZones,
  setTaxSettings,
  updateMethod,
  updateTaxRate,
  updateZone,
} from './shipping.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const deleted = z.object({ deleted: z.literal(true) });

/**
 * Issue #24 (decision 153): the admin's shipping zones and methods, tax rates
 * and tax setting. Every call is an admin's (requireAdmin: the role and, when
 * required, the second factor); every write is audited.
 */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: [app.requireAdmin], security: [{ bearerAuth: [] }] };
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });

  app.get(
    '/shipping/zones',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Every shipping zone with its methods (admin)',
        security: admin.security,
        response: { 200: shippingZoneListSchema, ...errors },
      },
    },
    async () => listZones(app.db),
  );
  app.post(
    '/shipping/zones',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Add a shipping zone: countries, optionally only some regions (admin)',
        security: admin.security,
        body: shippingZoneInputSchema,
        response: { 201: shippingZoneSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createZone(app.db, actor(req), req.body)),
  );
  app.put(
    '/shipping/zones/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Change a shipping zone (admin)',
        security: admin.security,
        params: idParamsSchema,
        body: shippingZoneInputSchema,
        response: { 200: shippingZoneSchema, ...errors },
      },
    },
    async (req) => updateZone(app.db, actor(req), req.params.id, req.body),
  );
  app.delete(
    '/shipping/zones/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Delete a shipping zone and its methods (admin); orders keep the method they were shipped with',
        security: admin.security,
        params: idParamsSchema,
        response: { 200: deleted, ...errors },
      },
    },
    async (req) => {
      await deleteZone(app.db, actor(req), req.params.id);
      return { deleted: true as const };
    },
  );
  app.post(
    '/shipping/zones/:id/methods',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Add a shipping method to a zone: carrier, delivery days, weight bands, free-shipping threshold (admin)',
        security: admin.security,
        params: idParamsSchema,
        body: shippingMethodInputSchema,
        response: { 201: shippingMethodSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createMethod(app.db, actor(req), req.params.id, req.body)),
  );
  app.put(
    '/shipping/methods/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Change a shipping method (admin)',
        security: admin.security,
        params: idParamsSchema,
        body: shippingMethodInputSchema,
        response: { 200: shippingMethodSchema, ...errors },
      },
    },
    async (req) => updateMethod(app.db, actor(req), req.params.id, req.body),
  );
  app.delete(
    '/shipping/methods/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['shipping'],
        summary: 'Delete a shipping method (admin)',
        security: admin.security,
        params: idParamsSchema,
        response: { 200: deleted, ...errors },
      },
    },
    async (req) => {
      await deleteMethod(app.db, actor(req), req.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/tax/rates',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['tax'],
        summary: 'Every tax rate by country, region and category (admin)',
        security: admin.security,
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    async () => listTaxRates(app.db),
  );
  app.post(
    '/tax/rates',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['tax'],
        summary: 'Add a tax rate for a country (optionally a region) and category (admin)',
        security: admin.security,
        body: taxRateInputSchema,
        response: { 201: taxRateSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createTaxRate(app.db, actor(req), req.body)),
  );
  app.put(
    '/tax/rates/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['tax'],
        summary: 'Change a tax rate (admin)',
        security: admin.security,
        params: idParamsSchema,
        body: taxRateInputSchema,
        response: { 200: taxRateSchema, ...errors },
      },
    },
    async (req) => updateTaxRate(app.db, actor(req), req.params.id, req.body),
  );
  app.delete(
    '/tax/rates/:id',
    {
      onRequest: admin.onRequest,
      schema: { tags: ['tax'], summary: 'Delete a tax rate (admin)', security: admin.security, params: idParamsSchema, response: { 200: deleted, ...errors } },
    },
    async (req) => {
      await deleteTaxRate(app.db, actor(req), req.params.id);
      return { deleted: true as const };
    },
  );
  app.get(
    '/tax/settings',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['tax'],
        summary: 'Whether prices are entered including tax (admin)',
        security: admin.security,
        response: { 200: shopTaxSettingsSchema, ...errors },
      },
    },
    async () => getTaxSettings(app.db),
  );
  app.put(
    '/tax/settings',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['tax'],
        summary: 'Set whether prices are entered including tax (EU style) or excluding it (US style) (admin)',
        security: admin.security,
        body: shopTaxSettingsSchema,
        response: { 200: shopTaxSettingsSchema, ...errors },
      },
    },
    async (req) => setTaxSettings(app.db, actor(req), req.body),
  );
};
