import Stripe from 'stripe';
import type { AppConfig } from '../../config/env';
import { PaymentError } from '../../lib/errors';
import { PAYMENT_ID_RE, WebhookSignatureError } from '../provider-common';
import type { PaymentProvider, PaymentWebhookEvent, RetrievedPayment } from './payment-provider';

function toPayment(pi: Stripe.PaymentIntent): RetrievedPayment {
  return {
    id: pi.id,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: pi.metadata?.orderId ?? null,
    checkoutId: pi.metadata?.checkoutId ?? null,
    clientSecret: pi.client_secret,
    livemode: pi.livemode === true,
  };
}

const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);

/**
 * Stripe being unreachable, rate limiting us or refusing our key is not the
 * customer's fault and not a bug of ours: answer 502 with a clear message
 * (and log the cause) instead of a bare 500.
 */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError ||
      err instanceof Stripe.errors.StripeAuthenticationError ||
      err instanceof Stripe.errors.StripePermissionError
    ) {
      const unavailable = new PaymentError(
        'The payment provider cannot be reached right now. Please try again in a minute.',
        'PAYMENT_PROVIDER_UNAVAILABLE',
        502,
      );
      unavailable.cause = err;
      throw unavailable;
    }
    throw err;
  }
}

/** The SDK client: api.stripe.com, or a local fake Stripe server when STRIPE_API_BASE is set (tests). */
export function createStripeClient(config: Pick<AppConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    telemetry: false,
    // Every write carries an idempotency key, so retrying a network failure never charges twice.
    maxNetworkRetries: base ? 0 : 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

export function createStripeProvider(config: AppConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? '';

  return {
    name: 'stripe',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,

    async createPayment({ orderId, checkoutId, amountCents, email, idempotencyKey }) {
      const pi = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            metadata: orderId ? { orderId } : { checkoutId: checkoutId ?? '' },
            receipt_email: email,
            // The web app confirms in place with Stripe Elements; no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        ),
      );
      return { id: pi.id, clientSecret: pi.client_secret ?? '' };
    },

    async retrievePayment(id) {
      if (!PAYMENT_ID_RE.test(id)) return null;
      try {
        return toPayment(await call(() => stripe.paymentIntents.retrieve(id)));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async listSucceededPayments({ since, limit }) {
      const found: RetrievedPayment[] = [];
      for await (const pi of stripe.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: Math.min(limit, 100) })) {
        if (pi.status === 'succeeded') found.push(toPayment(pi));
        if (found.length >= limit) break;
      }
      return found;
    },

    async cancelPayment(id) {
      if (!PAYMENT_ID_RE.test(id)) return null;
      let pi: Stripe.PaymentIntent;
      try {
        pi = await call(() => stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      if (pi.status === 'succeeded' || pi.status === 'canceled') return toPayment(pi);
      try {
        return toPayment(await call(() => stripe.paymentIntents.cancel(id)));
      } catch (err) {
        // The customer's payment may have completed between the two calls: Stripe then refuses to cancel.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          return toPayment(await call(() => stripe.paymentIntents.retrieve(id)));
        }
        throw err;
      }
    },

    async refundPayment({ paymentId, amountCents, idempotencyKey, reason }) {
      try {
        const refund = await call(() =>
          stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, metadata: { reason: reason.slice(0, 500) } }, { idempotencyKey }),
        );
        return { id: refund.id, status: refund.status ?? 'pending', amountCents: refund.amount };
      } catch (err) {
        // Refunded already (by an earlier call whose answer was lost, or by hand in the dashboard): the money is back.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
          return { id: `already_refunded_${paymentId}`, status: 'succeeded', amountCents };
        }
        throw err;
      }
    },

    constructWebhookEvent(rawBody, signature): PaymentWebhookEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
      const object = event.data.object as { object?: string };
      const payment = object.object === 'payment_intent' ? toPayment(object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, payment };
    },
  };
}
