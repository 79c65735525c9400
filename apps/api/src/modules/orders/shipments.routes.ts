import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createShipmentSchema, errorResponseSchema, purchaseRefParamsSchema, purchaseSchema } from '@shop/shared';
import { shipmentEmail } from '../../lib/shipment-email';
import { customerOrderUrl } from '../guest/guest-link';
import { getPurchase } from './purchases.service';
import { createShipment } from './shipments.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Issue #25 (decision 157): an admin ships some or all of a paid order's lines. */
export const shipmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/purchases/:ref/shipments',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: 'Ship units of a paid order’s lines with a carrier and tracking number (admin); answers the order with its shipments and e-mails the customer',
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        body: createShipmentSchema,
        response: { 201: purchaseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const admin = req.user!;
      const now = app.clock.now();
      const created = await createShipment(app.db, { id: admin.id, email: admin.email }, req.params.ref, req.body, now);
      try {
        await app.mailer.send(shipmentEmail(created.mail, app.config.publicUrl, await customerOrderUrl(app.db, app.config, created.key, created.mail.number)));
      } catch (err) {
        // The shipment is recorded either way; a mail outage must not turn it into an error.
        req.log.error({ err, shipmentId: created.shipment.id }, 'could not send the shipment e-mail');
      }
      return reply.status(201).send(await getPurchase(app.db, admin, created.key, now));
    },
  );
};
