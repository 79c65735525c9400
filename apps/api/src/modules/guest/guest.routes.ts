import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkoutQuoteSchema,
  checkoutSchema,
  errorResponseSchema,
  guestCheckoutRequestSchema,
  guestCheckoutSchema,
  guestPaySchema,
  guestQuoteRequestSchema,
  paymentIntentResponseSchema,
  purchaseSchema,
} from '@shop/shared';
import { confirmCheckoutPayment, createCheckoutPaymentIntent } from '../../workflows/checkout';
import { expireReservations } from '../../workflows/reservations';
import { getGuestPurchase } from '../orders/purchases.service';
import { guestInvoicePdf } from '../invoices/document-access';
import { createGuestCheckout, guestCheckoutIdOf, guestQuote } from '../../workflows/guest-checkout';
import { GUEST_TOKEN_HEADER } from './guest-token';

const errors = {
  400: errorResponseSchema,
  402: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};

const tokenHeaders = z.object({ [GUEST_TOKEN_HEADER]: z.string().max(200).optional() });
const security = [{ guestToken: [] }];

/**
 * Issue #39 item 9 (decision 188): checking out and following an order without an account. The order calls take
 * the token of the order's link in the X-Guest-Token header and open that one order; any other token is 404.
 * Rate limited per client address (the token is unguessable; the limit keeps scanning and reserving slow).
 */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const tokenOf = (req: FastifyRequest) => {
    const value = req.headers[GUEST_TOKEN_HEADER];
    return Array.isArray(value) ? value[0] : value;
  };

  app.post(
    '/guest/checkout/quote',
    {
      config: limit(60),
      schema: {
        tags: ['guest'],
        summary: "A visitor's browser cart to this country and region: the shipping methods, cheapest first, with the order's figures",
        body: guestQuoteRequestSchema,
        response: { 200: checkoutQuoteSchema, ...errors },
      },
    },
    async (req) => guestQuote(app.db, req.body.lines, req.body),
  );

  app.post(
    '/guest/checkout',
    {
      config: limit(10),
      schema: {
        tags: ['guest'],
        summary:
          "Check out a visitor's browser cart without an account: reserved like a customer's checkout (409 CHECKOUT_SHORT, RESERVATION_LIMIT, TOO_MANY_UNPAID_ORDERS per e-mail and per client address); answers the checkout and its link's token",
        body: guestCheckoutRequestSchema,
        response: { 201: guestCheckoutSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createGuestCheckout(app, req.body, app.clientAddress(req))),
  );

  app.get(
    '/guest/order',
    {
      config: limit(60),
      schema: {
        tags: ['guest'],
        summary: "The order a guest's link opens (X-Guest-Token): status, lines, parcels, invoice; any other token 404",
        security,
        headers: tokenHeaders,
        response: { 200: purchaseSchema, ...errors },
      },
    },
    async (req) => {
      const id = guestCheckoutIdOf(app, tokenOf(req));
      await expireReservations(app, { checkoutId: id });
      return getGuestPurchase(app.db, id, app.clock.now());
    },
  );

  app.post(
    '/guest/order/payment-intent',
    {
      config: limit(30),
      schema: {
        tags: ['guest'],
        summary: "Start (or resume) paying the guest's order for its total, as create-payment-intent does for a customer's checkout",
        security,
        headers: tokenHeaders,
        response: { 200: paymentIntentResponseSchema, ...errors },
      },
    },
    async (req) => {
      const id = guestCheckoutIdOf(app, tokenOf(req));
      return createCheckoutPaymentIntent(app, { guestCheckoutId: id }, id);
    },
  );

  app.patch(
    '/guest/order',
    {
      config: limit(30),
      schema: {
        tags: ['guest'],
        summary: "Record the guest order's payment once the provider confirms it for the order's total (as PATCH /checkouts/{id})",
        security,
        headers: tokenHeaders,
        body: guestPaySchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    async (req) => {
      const id = guestCheckoutIdOf(app, tokenOf(req));
      return confirmCheckoutPayment(app, { guestCheckoutId: id }, id, req.body.transactionId);
    },
  );

  app.get(
    '/guest/order/invoice.pdf',
    {
      config: limit(30),
      schema: {
        tags: ['guest'],
        summary: "The guest order's invoice (PDF), once paid",
        security,
        headers: tokenHeaders,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The invoice, a PDF file'), 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const id = guestCheckoutIdOf(app, tokenOf(req));
      const { number, pdf } = await guestInvoicePdf(app.db, id, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
