import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processedWebhookEvents } from '../src/db/schema';
import { createStripeClient } from '../src/payments/providers/stripe-provider';
import { FakeStripe } from './fake-stripe/server';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, createIntent, placeOrder, readOutbox, receiptsFor, recordPaymentRequest } from './orders-fixtures';

/** POST /api/webhooks/stripe: signed with Stripe's scheme, verified by the real SDK. */

const WEBHOOK_SECRET = 'whsec_test_webhook_secret';
let fake: FakeStripe;
let t: TestApp;
let stripe: Stripe;
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_shop_key',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  stripe = createStripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
  admin = await signUpUser(t.app, { admin: true });
  alice = await signUpUser(t.app, { name: 'Alice Rider' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function postEvent(payload: string, signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

/** An order whose PaymentIntent the customer paid at Stripe, without the page ever reporting back (tab closed). */
async function paidAtStripeOnly(unitPrice = 40, quantity = 3) {
  const product = await addProduct(t.app, admin, { unitPrice, stock: 50 });
  const order = await placeOrder(t.app, alice, product._id, quantity);
  const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
  const pi = await stripe.paymentIntents.confirm(clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  return { order, pi };
}

const orderOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(alice.token) })).json();

describe('POST /api/webhooks/stripe', () => {
  it('records payment_intent.succeeded on its order even if the customer closed the tab, and sends one receipt', async () => {
    const { order, pi } = await paidAtStripeOnly(40, 3);
    expect((await orderOf(order._id)).paid).toBe(false);
    const before = receiptsFor(t.dataDir, alice.email).length;

    const res = await postEvent(fake.event('payment_intent.succeeded', pi));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await orderOf(order._id)).toMatchObject({ paid: true, transactionId: pi.id, price: 120 });
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
    // Issue #39 item 2: the shop's inbox hears of it once.
    const { number } = (await t.app.inject({ method: 'GET', url: `/api/purchases/${order._id}`, headers: bearer(alice.token) })).json();
    const toInbox = () => readOutbox(t.dataDir).filter((m) => m.to === t.app.config.SHOP_INBOX_EMAIL && m.subject.startsWith(`Paid: order ${number},`));
    expect(toInbox()).toHaveLength(1);

    // The page reporting late is then a no-op.
    const late = await recordPaymentRequest(t.app, alice, order._id, pi.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ paid: true, transactionId: pi.id });
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
    expect(toInbox()).toHaveLength(1);
  });

  it('ignores a replayed event: same answer, nothing changes, no second receipt', async () => {
    const { order, pi } = await paidAtStripeOnly();
    const event = fake.event('payment_intent.succeeded', pi);
    expect((await postEvent(event)).json()).toEqual({ received: true });
    const before = receiptsFor(t.dataDir, alice.email).length;
    const paid = await orderOf(order._id);

    const replay = await postEvent(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Stripe may also deliver the same payment under a new event id.
    const again = await postEvent(fake.event('payment_intent.succeeded', pi));
    expect(again.statusCode).toBe(200);
    expect(await orderOf(order._id)).toEqual(paid);
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before);
    const rows = await t.app.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, JSON.parse(event).id));
    expect(rows).toHaveLength(1);
  });

  it('handles the same event delivered twice at once exactly once', async () => {
    const { order, pi } = await paidAtStripeOnly();
    const before = receiptsFor(t.dataDir, alice.email).length;
    const event = fake.event('payment_intent.succeeded', pi);
    const results = await Promise.all([postEvent(event), postEvent(event), postEvent(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().duplicate).length).toBe(2);
    expect((await orderOf(order._id)).paid).toBe(true);
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
  });

  it('answers 400 for a bad, missing or stale signature and a tampered body, and changes nothing', async () => {
    const { order, pi } = await paidAtStripeOnly();
    const payload = fake.event('payment_intent.succeeded', pi);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const signedOriginal = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace(`"amount":${pi.amount}`, `"amount":${pi.amount + 1}`);
    expect(tampered).not.toBe(payload);

    for (const res of [await postEvent(payload, wrongSecret), await postEvent(payload, stale), await postEvent(tampered, signedOriginal)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderOf(order._id)).paid).toBe(false);
    const rows = await t.app.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, JSON.parse(payload).id));
    expect(rows).toHaveLength(0);
  });

  it('acknowledges but does not record a payment for another amount, one not succeeded, or an unknown order', async () => {
    const product = await addProduct(t.app, admin, { unitPrice: 40, stock: 50 });
    const order = await placeOrder(t.app, alice, product._id, 3);

    const cheap = await stripe.paymentIntents.create({ amount: 100, currency: 'usd', metadata: { orderId: order._id } });
    const cheapPaid = await stripe.paymentIntents.confirm(cheap.id, { payment_method: 'pm_card_visa' });
    const wrongAmount = await postEvent(fake.event('payment_intent.succeeded', cheapPaid));
    expect(wrongAmount.statusCode).toBe(200);
    expect(wrongAmount.json().ignored).toMatch(/amount does not match/);

    // The order's own amount (decision 160): 120.00 to Germany, 24.99 shipping, 19 % VAT on each (22.80 and 4.75).
    const pending = await stripe.paymentIntents.create({ amount: 17254, currency: 'usd', metadata: { orderId: order._id } });
    const notSucceeded = await postEvent(fake.event('payment_intent.succeeded', pending));
    expect(notSucceeded.json().ignored).toMatch(/has not succeeded/);

    const orphan = await stripe.paymentIntents.create({ amount: 12000, currency: 'usd', metadata: { orderId: '00000000-0000-4000-8000-000000000000' } });
    const unknown = await postEvent(fake.event('payment_intent.succeeded', await stripe.paymentIntents.confirm(orphan.id, { payment_method: 'pm_card_visa' })));
    expect(unknown.json()).toEqual({ received: true, ignored: 'no such order' });

    expect(await orderOf(order._id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('acknowledges other event types without acting on them', async () => {
    const { order, pi } = await paidAtStripeOnly();
    const res = await postEvent(fake.event('payment_intent.created', pi));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: 'event type payment_intent.created' });
    const charge = await postEvent(fake.event('charge.succeeded', { id: 'ch_1', object: 'charge', amount: pi.amount }));
    expect(charge.statusCode).toBe(200);
    expect((await orderOf(order._id)).paid).toBe(false);
  });

  it('does not disturb the JSON parsing of the other routes', async () => {
    const product = await addProduct(t.app, admin);
    expect(product.name).toMatch(/^Test part/);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

it('uses the real SDK error type for a bad signature (sanity check of the test setup)', () => {
  expect(() => stripe.webhooks.constructEvent('{}', 't=1,v1=00', WEBHOOK_SECRET)).toThrow(Stripe.errors.StripeSignatureVerificationError);
});
