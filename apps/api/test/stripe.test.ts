import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../src/payments/providers/stripe-provider';
import { FakeStripe } from './fake-stripe/server';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, createIntent, createPaymentMethod, getProductStock, placeOrder, receiptsFor, recordPaymentRequest } from './orders-fixtures';

/** The `stripe` provider with the real SDK against a local fake Stripe server. */

let fake: FakeStripe;
let t: TestApp;
let stripe: Stripe;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_shop_key',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
    STRIPE_API_BASE: fake.url,
  });
  // Plays Stripe.js in the browser: confirms the intent with a test payment method.
  stripe = createStripeClient({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_API_BASE: fake.url });
  admin = await signUpUser(t.app, { admin: true });
  alice = await signUpUser(t.app, { name: 'Alice Rider' });
  bob = await signUpUser(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function newOrder(unitPrice = 24.5, quantity = 4) {
  const product = await addProduct(t.app, admin, { unitPrice, stock: 50 });
  return placeOrder(t.app, alice, product._id, quantity);
}

const piIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

describe('POST /api/create-payment-intent with Stripe', () => {
  it("creates a PaymentIntent at Stripe for the order's amount, with its id in metadata and an idempotency key", async () => {
    const order = await newOrder(24.5, 4);
    const res = await createIntent(t.app, alice, order._id, { price: 1 });
    expect(res.statusCode).toBe(200);
    // Decision 160: 98.00 of goods to Germany, 24.99 shipping, 19 % VAT on each (18.62 and 4.75): 146.36.
    expect(res.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake_shop_key', amount: 146.36 });

    const created = fake.calls('POST', '/v1/payment_intents').filter((r) => (r.params.metadata as Record<string, string>)?.orderId === order._id);
    expect(created).toHaveLength(1);
    const [call] = created;
    expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(call.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call.headers['idempotency-key']).toBe(`order-${order._id}-14636`);
    expect(call.params).toMatchObject({
      amount: '14636',
      currency: 'usd',
      metadata: { orderId: order._id },
      receipt_email: alice.email,
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    const intent = fake.intents.get(piIdOf(res.json().clientSecret))!;
    expect(intent.client_secret).toBe(res.json().clientSecret);
  });

  it("reuses the order's intent instead of creating another", async () => {
    const order = await newOrder();
    const first = await createIntent(t.app, alice, order._id);
    const second = await createIntent(t.app, alice, order._id);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
    const creates = fake.calls('POST', '/v1/payment_intents').filter((r) => (r.params.metadata as Record<string, string>)?.orderId === order._id);
    expect(creates).toHaveLength(1);
  });

  it('refuses another customer (404) and a visitor (401) without calling Stripe', async () => {
    const order = await newOrder();
    const before = fake.requests.length;
    expect((await createIntent(t.app, bob, order._id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } })).statusCode).toBe(401);
    expect(fake.requests.length).toBe(before);
  });
});

describe('PATCH /api/orders/{id} with Stripe', () => {
  it('marks the order paid once Stripe says the PaymentIntent succeeded; one receipt; a replay changes nothing', async () => {
    const order = await newOrder(24.5, 4);
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    const pi = await stripe.paymentIntents.confirm(piIdOf(clientSecret), { payment_method: 'pm_card_visa' });
    expect(pi.status).toBe('succeeded');
    const before = receiptsFor(t.dataDir, alice.email).length;

    const res = await recordPaymentRequest(t.app, alice, order._id, pi.id);
    expect(res.statusCode).toBe(200);
    // Stripe's own livemode (false with test keys) decides the order's payment mode.
    expect(res.json()).toMatchObject({ paid: true, transactionId: pi.id, price: 98, paymentMode: 'test' });
    expect(fake.calls('GET', `/v1/payment_intents/${pi.id}`).length).toBeGreaterThan(0);
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);

    const replay = await recordPaymentRequest(t.app, alice, order._id, pi.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
    expect((await createIntent(t.app, alice, order._id)).statusCode).toBe(409);
  });

  it('surfaces a declined card to Stripe.js and keeps the order unpaid', async () => {
    const order = await newOrder();
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    await expect(stripe.paymentIntents.confirm(piIdOf(clientSecret), { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
      type: 'StripeCardError',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const res = await recordPaymentRequest(t.app, alice, order._id, piIdOf(clientSecret));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('PAYMENT_NOT_SUCCEEDED');
  });

  it('refuses forged transaction ids: unknown at Stripe, for another order, for another amount', async () => {
    const order = await newOrder(30, 2);
    const unknown = await recordPaymentRequest(t.app, alice, order._id, 'pi_000000000000000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('PAYMENT_NOT_FOUND');

    const other = await newOrder(30, 2);
    const otherPi = await stripe.paymentIntents.create({ amount: 6000, currency: 'usd', metadata: { orderId: other._id } });
    await stripe.paymentIntents.confirm(otherPi.id, { payment_method: 'pm_card_visa' });
    const wrongOrder = await recordPaymentRequest(t.app, alice, order._id, otherPi.id);
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().error.code).toBe('PAYMENT_ORDER_MISMATCH');

    const cheap = await stripe.paymentIntents.create({ amount: 100, currency: 'usd', metadata: { orderId: order._id } });
    await stripe.paymentIntents.confirm(cheap.id, { payment_method: 'pm_card_visa' });
    const wrongAmount = await recordPaymentRequest(t.app, alice, order._id, cheap.id);
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().error.code).toBe('PAYMENT_AMOUNT_MISMATCH');

    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json()).toMatchObject({ paid: false, transactionId: null });
  });
});

describe('cancelling with Stripe', () => {
  it('cancels the PaymentIntent at Stripe with the order', async () => {
    const product = await addProduct(t.app, admin, { stock: 20 });
    const order = await placeOrder(t.app, alice, product._id, 5);
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(del.statusCode).toBe(200);
    expect(fake.intents.get(piIdOf(clientSecret))!.status).toBe('canceled');
    expect(await getProductStock(t.app, product._id)).toBe(20);
    await expect(stripe.paymentIntents.confirm(piIdOf(clientSecret), { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('refuses to cancel an order whose PaymentIntent already succeeded, and records the payment', async () => {
    const order = await newOrder();
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    await stripe.paymentIntents.confirm(piIdOf(clientSecret), { payment_method: 'pm_card_visa' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(del.statusCode).toBe(409);
    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json()).toMatchObject({ paid: true, transactionId: piIdOf(clientSecret) });
  });
});

describe('when Stripe fails', () => {
  it('answers 502 with a clear message and keeps the order as it was', async () => {
    const product = await addProduct(t.app, admin, { stock: 20 });
    const order = await placeOrder(t.app, alice, product._id, 2);
    fake.failNext = 1;
    const intent = await createIntent(t.app, alice, order._id);
    expect(intent.statusCode).toBe(502);
    expect(intent.json().error).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment provider cannot be reached right now. Please try again in a minute.',
    });

    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    fake.failNext = 1;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(cancel.statusCode).toBe(502);
    expect(fake.intents.get(piIdOf(clientSecret))!.status).toBe('requires_payment_method');
    expect(await getProductStock(t.app, product._id)).toBe(18);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) })).statusCode).toBe(200);
  });
});

describe('the built-in test processor when Stripe is configured', () => {
  it('is off (404)', async () => {
    const res = await createPaymentMethod(t.app, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('TEST_PROCESSOR_OFF');
  });
});

it('the fake refuses a wrong secret key the way Stripe does (sanity check of the fake)', async () => {
  const wrongKey = createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_wrong', STRIPE_API_BASE: fake.url });
  await expect(wrongKey.paymentIntents.retrieve('pi_x')).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
});
