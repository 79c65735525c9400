import Stripe from 'stripe';
import type { AppConfig } from '../../config/env';
import { PaymentError } from '../../lib/errors';
import { PAYMENT_ID_RE, WebhookSignatureError } from '../provider-common';
import type { AccountInvoice, PaymentProvider, PaymentWebhookEvent, RetrievedPayment } from './payment-provider';

const INVOICE_ID_RE = /^in_[A-Za-z0-9_]{1,200}$/;

/** Decision 208: a Stripe invoice as the shop reads it; `paymentId` is filled by `invoicePaymentId` when paid. */
function toInvoice(inv: Stripe.Invoice, paymentId: string | null = null): AccountInvoice {
  return {
    id: inv.id ?? '',
    status: inv.status ?? 'draft',
    amountCents: inv.amount_due,
    amountPaidCents: inv.amount_paid,
    currency: inv.currency,
    checkoutId: inv.metadata?.checkoutId ?? null,
    dueAt: inv.due_date ? new Date(inv.due_date * 1000) : null,
    hostedUrl: inv.hosted_invoice_url ?? null,
    paymentId,
    livemode: inv.livemode === true,
  };
}

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

    async createInvoice({ checkoutId, orderNumber, email, name, amountCents, daysUntilDue, idempotencyKey }) {
      // A customer, a draft invoice of the order's one amount, finalized and e-mailed by Stripe; each call with its own
      // key, so a retry after a lost answer makes nothing twice.
      const customer = await call(() => stripe.customers.create({ email, name, metadata: { checkoutId } }, { idempotencyKey: `${idempotencyKey}:customer` }));
      const draft = await call(() =>
        stripe.invoices.create(
          {
            customer: customer.id,
            collection_method: 'send_invoice',
            days_until_due: daysUntilDue,
            pending_invoice_items_behavior: 'exclude',
            description: `Order ${orderNumber}`,
            metadata: { checkoutId, orderNumber },
          },
          { idempotencyKey: `${idempotencyKey}:invoice` },
        ),
      );
      await call(() =>
        stripe.invoiceItems.create(
          { customer: customer.id, invoice: draft.id, amount: amountCents, currency: 'usd', description: `Order ${orderNumber}` },
          { idempotencyKey: `${idempotencyKey}:item` },
        ),
      );
      await call(() => stripe.invoices.finalizeInvoice(draft.id!, {}, { idempotencyKey: `${idempotencyKey}:finalize` }));
      return toInvoice(await call(() => stripe.invoices.sendInvoice(draft.id!, {}, { idempotencyKey: `${idempotencyKey}:send` })));
    },

    async retrieveInvoice(id) {
      if (!INVOICE_ID_RE.test(id)) return null;
      let inv: Stripe.Invoice;
      try {
        inv = await call(() => stripe.invoices.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      if (inv.status !== 'paid') return toInvoice(inv);
      // Since API version 2025-03-31 an invoice names its payments in their own list: the newest comes first.
      const payments = await call(() => stripe.invoicePayments.list({ invoice: id, limit: 1 }));
      const paymentIntent = payments.data[0]?.payment?.payment_intent;
      return toInvoice(inv, typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null));
    },

    async voidInvoice(id) {
      if (!INVOICE_ID_RE.test(id)) return null;
      try {
        return toInvoice(await call(() => stripe.invoices.voidInvoice(id)));
      } catch (err) {
        if (isMissing(err)) return null;
        // Paid meanwhile (or voided already): Stripe refuses; the invoice as it is answers.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveInvoice(id);
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
      const invoice = object.object === 'invoice' ? toInvoice(object as Stripe.Invoice) : null;
      return { id: event.id, type: event.type, payment, invoice };
    },
  };
}
