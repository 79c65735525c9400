import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardErrorResponseSchema,
  createPaymentIntentSchema,
  errorResponseSchema,
  idParamsSchema,
  orderSchema,
  payOrderSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  refundDueListSchema,
  testConfirmRequestSchema,
  testConfirmResponseSchema,
  testPaymentMethodRequestSchema,
  testPaymentMethodSchema,
  testInvoicePayRequestSchema,
  testInvoiceSchema,
  fromCents,
  orderNumber,
} from '@shop/shared';
import { isProduction } from '../../config/env';
import { NotFoundError } from '../../lib/errors';
import { WebhookSignatureError } from '../../payments/provider-common';
import { confirmTestPayment, createTestPaymentMethod, getTestInvoice, payTestInvoice } from '../../payments/providers/test-provider';
import type { AccountInvoice } from '../../payments/providers/payment-provider';
import { eq } from 'drizzle-orm';
import { checkouts } from '../../db/schema';
import { settleAccountInvoice } from '../../workflows/account-invoices';
import { confirmOrderPayment, createPaymentIntent, handleStripeWebhook } from '../../workflows/order-payments';
import { createCheckoutPaymentIntent } from '../../workflows/checkout';
import { listRefundsDue } from './refunds.service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/** Card attempts per client and minute on the test processor: enough for a customer, too few for card testing. */
const TEST_PROCESSOR_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Identity is checked on request, before the body is validated, so a visitor gets 401 whatever they send.
  // Provider outages answer 502 to the customer; the cause is kept for the operator.
  app.addHook('onError', async (req, _reply, err) => {
    if ((err as { code?: string }).code === 'PAYMENT_PROVIDER_UNAVAILABLE') req.log.error({ err: err.cause ?? err }, 'payment provider call failed');
  });

  // Every page of the web app asks this once, to warn visitors of a shop that takes no real money.
  app.get(
    '/payment-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which payment processor this shop uses, and whether pages must show the test-mode banner',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      provider: app.payments.name,
      testModeBanner: app.payments.name === 'test' && isProduction(app.config),
    }),
  );

  app.post(
    '/create-payment-intent',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['payments'],
        summary:
          "Start (or resume) paying an order ({ orderId }) or a whole checkout ({ checkoutId }, its customer only); the amount is the order's or the checkout's total, the body's price is ignored",
        security: [{ bearerAuth: [] }],
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema, ...errors },
      },
    },
    async (req) =>
      req.body.checkoutId !== undefined
        ? createCheckoutPaymentIntent(app, req.user!, req.body.checkoutId)
        : createPaymentIntent(app, req.user!, req.body.orderId!),
  );

  app.patch(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['payments'],
        summary: 'Record a payment: the order becomes paid once the provider confirms this transaction for its amount',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: payOrderSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (req) => confirmOrderPayment(app, req.user!, req.params.id, req.body.transactionId),
  );

  app.get(
    '/refunds-due',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['payments'],
        summary:
          'Payments the shop owes back (admin): they succeeded at the provider, could not be recorded against anything payable, and the automatic refund failed; the reconciliation keeps trying',
        security: [{ bearerAuth: [] }],
        response: { 200: refundDueListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => listRefundsDue(app),
  );

  const testProcessorOff = () => new NotFoundError('The test payment processor is off: this shop takes payments through Stripe.', 'TEST_PROCESSOR_OFF');

  // Like Stripe.js, these need no Bearer token: the client secret is the capability.
  app.post(
    '/test-payments/payment-methods',
    {
      config: { rateLimit: TEST_PROCESSOR_RATE_LIMIT },
      schema: {
        tags: ['test payment processor'],
        summary: 'Create a card payment method (test mode; Stripe test cards)',
        body: testPaymentMethodRequestSchema,
        response: { 200: testPaymentMethodSchema, 400: cardErrorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      if (app.payments.name !== 'test') throw testProcessorOff();
      const result = await createTestPaymentMethod(app.db, req.body);
      if (!result.ok) return reply.status(result.status).send({ error: result.error });
      return result.value;
    },
  );

  app.post(
    '/test-payments/confirm',
    {
      config: { rateLimit: TEST_PROCESSOR_RATE_LIMIT },
      schema: {
        tags: ['test payment processor'],
        summary: 'Confirm a payment intent with a payment method (test mode)',
        body: testConfirmRequestSchema,
        response: {
          200: testConfirmResponseSchema,
          400: cardErrorResponseSchema,
          402: cardErrorResponseSchema,
          404: cardErrorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      if (app.payments.name !== 'test') throw testProcessorOff();
      const result = await confirmTestPayment(app.db, req.body);
      if (!result.ok) return reply.status(result.status).send({ error: result.error });
      return result.value;
    },
  );

  // Issue #37 item 4 (decision 208): the built-in processor's invoice page, as Stripe's hosted invoice page. Its id
  // is the link the buyer was sent (no Bearer token, as Stripe's page).
  const invoiceView = async (invoice: AccountInvoice) => {
    const [checkout] = invoice.checkoutId ? await app.db.select({ number: checkouts.number }).from(checkouts).where(eq(checkouts.id, invoice.checkoutId)) : [];
    const number = checkout ? orderNumber(checkout.number) : null;
    return {
      id: invoice.id,
      status: invoice.status,
      amount: fromCents(invoice.amountCents),
      currency: invoice.currency,
      dueAt: invoice.dueAt?.toISOString() ?? null,
      orderNumber: number,
      orderPath: number ? `/dashboard/myorders/${number}` : null,
    };
  };
  const invoiceParams = z.object({ id: z.string().trim().min(1).max(100) });

  app.get(
    '/test-payments/invoices/:id',
    {
      config: { rateLimit: TEST_PROCESSOR_RATE_LIMIT },
      schema: {
        tags: ['test payment processor'],
        summary: 'An invoice of an order on account (test mode), as its payment page shows it',
        params: invoiceParams,
        response: { 200: testInvoiceSchema, 404: cardErrorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      if (app.payments.name !== 'test') throw testProcessorOff();
      const result = await getTestInvoice(app.db, req.params.id, app.config.publicUrl);
      if (!result.ok) return reply.status(result.status).send({ error: result.error });
      return invoiceView(result.value);
    },
  );

  app.post(
    '/test-payments/invoices/:id/pay',
    {
      config: { rateLimit: TEST_PROCESSOR_RATE_LIMIT },
      schema: {
        tags: ['test payment processor'],
        summary: 'Pay an invoice on account with a payment method (test mode); the order is then recorded paid, as Stripe’s invoice.paid webhook does',
        params: invoiceParams,
        body: testInvoicePayRequestSchema,
        response: {
          200: testInvoiceSchema,
          400: cardErrorResponseSchema,
          402: cardErrorResponseSchema,
          404: cardErrorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      if (app.payments.name !== 'test') throw testProcessorOff();
      const result = await payTestInvoice(app.db, { invoiceId: req.params.id, paymentMethod: req.body.paymentMethod }, app.config.publicUrl);
      if (!result.ok) return reply.status(result.status).send({ error: result.error });
      // What Stripe's invoice.paid webhook does: the shop records the invoice's payment on its order.
      await settleAccountInvoice(app, result.value.id);
      return invoiceView(result.value);
    },
  );

  // Stripe signs the exact bytes it sent, so this one route keeps the raw body.
  await app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scoped.post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signed): records payment_intent.succeeded; duplicate events change nothing',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional(), ignored: z.string().optional() }),
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (req, reply) => {
        if (!app.payments.constructWebhookEvent) {
          throw new NotFoundError('Stripe webhooks are off: this shop uses the built-in test payment processor.', 'WEBHOOKS_OFF');
        }
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
          return reply.status(400).send({ error: { code: 'INVALID_SIGNATURE', message: 'Missing Stripe-Signature header or body.' } });
        }
        try {
          return await handleStripeWebhook(app, req.body, signature);
        } catch (err) {
          if (err instanceof WebhookSignatureError) {
            return reply.status(400).send({ error: { code: 'INVALID_SIGNATURE', message: `Invalid Stripe signature: ${err.message}` } });
          }
          throw err;
        }
      },
    );
  });
};
