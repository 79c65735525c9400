import type Stripe from 'stripe';
import type { LightMyRequestResponse } from 'fastify';
import { createStripeClient } from '../../src/payments/providers/stripe-provider';
import { FakeStripe } from '../fake-stripe/server';
import { createTestApp, type TestApp } from '../helpers';

export interface StripeShop {
  fake: FakeStripe;
  t: TestApp;
  /** The real SDK, pointed at the fake server (as a customer's browser confirms a payment). */
  stripe: Stripe;
  /** Posts an event to the shop's webhook, signed with the shop's secret. */
  postEvent(payload: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A shop with PAYMENT_PROVIDER=stripe against a local fake Stripe server (decision 043), no expiry sweep. */
export async function startStripeShop(webhookSecret: string): Promise<StripeShop> {
  const fake = await new FakeStripe().start();
  const t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_shop_key',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
    EXPIRY_SWEEP_SECONDS: 0,
  });
  const stripe = createStripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
  return {
    fake,
    t,
    stripe,
    postEvent: (payload) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
        payload,
      }),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
