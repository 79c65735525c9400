import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutQuoteRequestSchema,
  checkoutQuoteSchema,
  checkoutRequestSchema,
  checkoutSchema,
  errorResponseSchema,
  idParamsSchema,
  payOrderSchema,
} from '@shop/shared';
import { pricedCartRows } from '../cart/cart.service';
import { priceOrder, toQuoteDto } from './checkout-pricing';
import { expireReservations, reservationPolicy } from '../../workflows/reservations';
import { confirmCheckoutPayment, createCheckout, getCheckout } from '../../workflows/checkout';
import { issueAccountInvoice } from '../../workflows/account-invoices';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/** Issue #9 part 5: one checkout of the cart, paid once (decision 120). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onError', async (req, _reply, err) => {
    if ((err as { code?: string }).code === 'PAYMENT_PROVIDER_UNAVAILABLE') req.log.error({ err: err.cause ?? err }, 'payment provider call failed');
  });

  app.post(
    '/checkout',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['checkout'],
        summary:
          'Check out your whole cart: one order per line, all reserved in one transaction or none (409 CHECKOUT_SHORT names each short line in error.details.lines); the cart empties',
        security: [{ bearerAuth: [] }],
        body: checkoutRequestSchema,
        response: { 201: checkoutSchema, ...errors },
      },
    },
    async (req, reply) => {
      // Expired reservations must not count against the customer's limit.
      await expireReservations(app, { userId: req.user!.id });
      const checkout = await createCheckout(app.db, req.user!, req.body, reservationPolicy(app));
      // Decision 208: an order on account gets its invoice at the payment provider once it is placed.
      if (checkout.onAccount) checkout.onAccount.invoiceUrl = await issueAccountInvoice(app, checkout._id);
      return reply.status(201).send(checkout);
    },
  );

  app.post(
    '/checkout/quote',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['checkout'],
        summary:
          'Issue #24: the shipping methods that can carry your cart to this country and region, cheapest first, each with the order’s goods, shipping, tax and total; `problem` says why none can',
        security: [{ bearerAuth: [] }],
        body: checkoutQuoteRequestSchema,
        response: { 200: checkoutQuoteSchema, ...errors },
      },
    },
    async (req) => toQuoteDto(await priceOrder(app.db, req.user!.id, await pricedCartRows(app.db, req.user!.id, app.clock.now()), req.body)),
  );

  app.get(
    '/checkouts/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['checkout'],
        summary: 'One checkout with its orders, total and status (its customer or an admin)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    async (req) => getCheckout(app, req.user!, req.params.id),
  );

  app.patch(
    '/checkouts/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['checkout'],
        summary:
          'Record the one payment of a checkout: every order becomes paid with this transaction id once the provider confirms it for the checkout total; the same id again changes nothing',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: payOrderSchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    async (req) => confirmCheckoutPayment(app, req.user!, req.params.id, req.body.transactionId),
  );
};
