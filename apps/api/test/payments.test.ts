import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPaymentIntents, testPaymentMethods } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import {
  CARDS,
  addProduct,
  confirmPayment,
  createIntent,
  createPaymentMethod,
  getProductStock,
  payAtProcessor,
  placeOrder,
  receiptsFor,
  recordPaymentRequest,
} from './orders-fixtures';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  alice = await signUpUser(t.app, { name: 'Alice Rider' });
  bob = await signUpUser(t.app);
});
afterAll(async () => t.close());

async function newOrder(user: TestUser = alice, fields: { unitPrice?: number; minOrder?: number; quantity?: number } = {}) {
  const product = await addProduct(t.app, admin, { unitPrice: fields.unitPrice ?? 19.99, minOrder: fields.minOrder ?? 1, stock: 100 });
  return placeOrder(t.app, user, product._id, fields.quantity ?? 3);
}

const intentsOf = (orderId: string) => t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, orderId));

describe('POST /api/create-payment-intent', () => {
  it("answers a client secret for the order's own amount; the body's price is ignored", async () => {
    const order = await newOrder(alice, { unitPrice: 19.99, quantity: 3 });
    const res = await createIntent(t.app, alice, order._id, { price: 0.01 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Decision 160: goods 59.97 to Germany, with DHL Parcel International 24.99 (up to 1 kg) and 19 % VAT on both
    // (11.3943 → 11.39 and 4.7481 → 4.75): 101.10.
    expect(body).toMatchObject({ provider: 'test', publishableKey: null, amount: 101.1 });
    expect(body.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const [intent] = await intentsOf(order._id);
    expect(intent).toMatchObject({ amountCents: 10110, currency: 'usd', status: 'requires_payment_method' });
  });

  it('returns the same intent when asked again, also when asked twice at once (one intent per order)', async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([createIntent(t.app, alice, order._id), createIntent(t.app, alice, order._id)]);
    const c = await createIntent(t.app, alice, order._id);
    expect(a.statusCode).toBe(200);
    expect(b.json().clientSecret).toBe(a.json().clientSecret);
    expect(c.json().clientSecret).toBe(a.json().clientSecret);
    expect(await intentsOf(order._id)).toHaveLength(1);
  });

  it('refuses a visitor (401), another customer (404), an admin who is not the payer (403), an unknown order (404), a missing id (400)', async () => {
    const order = await newOrder();
    expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { orderId: order._id } })).statusCode).toBe(401);
    const other = await createIntent(t.app, bob, order._id);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('No order with that id.');
    const byAdmin = await createIntent(t.app, admin, order._id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe('Only the customer who placed this order can pay for it.');
    expect((await createIntent(t.app, alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: { price: 10 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/orderId/);
    expect(await intentsOf(order._id)).toHaveLength(0);
  });

  it('answers 409 for a paid order', async () => {
    const order = await newOrder();
    const pi = await payAtProcessor(t.app, alice, order._id);
    expect((await recordPaymentRequest(t.app, alice, order._id, pi)).statusCode).toBe(200);
    const res = await createIntent(t.app, alice, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ALREADY_PAID', message: 'This order is already paid.' });
  });

  it('records a payment that succeeded but was never confirmed to the shop (closed tab), then answers 409', async () => {
    const order = await newOrder(alice, { unitPrice: 7, quantity: 2 });
    await payAtProcessor(t.app, alice, order._id);
    const before = receiptsFor(t.dataDir, alice.email).length;
    const res = await createIntent(t.app, alice, order._id);
    expect(res.statusCode).toBe(409);
    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json()).toMatchObject({ paid: true, transactionId: expect.stringMatching(/^pi_/) });
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
  });
});

describe('the test processor (POST /api/test-payments/*)', () => {
  it('succeeds with 4242 4242 4242 4242 and keeps only brand and last four digits', async () => {
    const pm = await createPaymentMethod(t.app, CARDS.success);
    expect(pm.statusCode).toBe(200);
    expect(pm.json()).toEqual({ id: expect.stringMatching(/^pm_[A-Za-z0-9]{24}$/), card: { brand: 'visa', last4: '4242' } });
    const [row] = await t.app.db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, pm.json().id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    const order = await newOrder(alice, { unitPrice: 19.99, quantity: 3 });
    const intent = (await createIntent(t.app, alice, order._id)).json();
    const res = await confirmPayment(t.app, intent.clientSecret, pm.json().id);
    expect(res.statusCode).toBe(200);
    // 59.97 of goods to Germany, with shipping and VAT (decision 160).
    expect(res.json()).toEqual({ paymentIntent: { id: expect.stringMatching(/^pi_/), status: 'succeeded', amount: 10110 } });
    expect(intent.clientSecret.startsWith(`${res.json().paymentIntent.id}_secret_`)).toBe(true);
  });

  it('declines 4000 0000 0000 0002 and 4000 0000 0000 9995 with 402 and the card message; a good card then pays the same intent', async () => {
    const order = await newOrder();
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();

    const declined = await confirmPayment(t.app, clientSecret, (await createPaymentMethod(t.app, CARDS.declined)).json().id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });

    const poor = await confirmPayment(t.app, clientSecret, (await createPaymentMethod(t.app, CARDS.insufficientFunds)).json().id);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({ error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });

    const [afterDeclines] = await intentsOf(order._id);
    expect(afterDeclines.status).toBe('requires_payment_method');

    const ok = await confirmPayment(t.app, clientSecret, (await createPaymentMethod(t.app, CARDS.success)).json().id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paymentIntent.status).toBe('succeeded');
  });

  it('accepts any other Luhn-valid number and refuses bad numbers, expiry dates and security codes with Stripe codes', async () => {
    const mastercard = await createPaymentMethod(t.app, '5555 5555 5555 4444');
    expect(mastercard.statusCode).toBe(200);
    expect(mastercard.json().card).toEqual({ brand: 'mastercard', last4: '4444' });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['4242 4242 4242 4241', {}, 'invalid_number', 'Your card number is invalid.'],
      ['1234', {}, 'invalid_number', 'Your card number is invalid.'],
      ['abcd efgh ijkl mnop', {}, 'invalid_number', 'Your card number is invalid.'],
      [CARDS.success, { expMonth: 13 }, 'invalid_expiry', "Your card's expiration month is invalid."],
      [CARDS.success, { expMonth: 1, expYear: 2001 }, 'invalid_expiry', "Your card's expiration date is in the past."],
      [CARDS.success, { expYear: 'xx' }, 'invalid_expiry', "Your card's expiration year is invalid."],
      [CARDS.success, { cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
      ['3782 822463 10005', { cvc: '123' }, 'invalid_cvc', "Your card's security code is invalid."],
    ];
    for (const [number, overrides, code, message] of cases) {
      const res = await createPaymentMethod(t.app, number, overrides);
      expect(res.statusCode, `${number} ${JSON.stringify(overrides)}`).toBe(400);
      expect(res.json()).toEqual({ error: { code, message } });
    }
    const amex = await createPaymentMethod(t.app, '3782 822463 10005', { cvc: '1234', expYear: (new Date().getFullYear() + 3) % 100 });
    expect(amex.statusCode).toBe(200);
    expect(amex.json().card.brand).toBe('amex');
  });

  it('refuses an unknown client secret (404) and an unknown payment method (400)', async () => {
    const pm = (await createPaymentMethod(t.app, CARDS.success)).json().id;
    const unknownSecret = await confirmPayment(t.app, 'pi_nope_secret_nope', pm);
    expect(unknownSecret.statusCode).toBe(404);
    expect(unknownSecret.json().error.code).toBe('resource_missing');

    const order = await newOrder();
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    const unknownPm = await confirmPayment(t.app, clientSecret, 'pm_doesnotexist');
    expect(unknownPm.statusCode).toBe(400);
    expect(unknownPm.json().error.code).toBe('resource_missing');
    expect((await intentsOf(order._id))[0].status).toBe('requires_payment_method');
  });

  it('charges once: a replayed or concurrent confirmation answers the same succeeded intent', async () => {
    const order = await newOrder();
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    const pm1 = (await createPaymentMethod(t.app, CARDS.success)).json().id;
    const pm2 = (await createPaymentMethod(t.app, '5555 5555 5555 4444')).json().id;
    const results = await Promise.all([
      confirmPayment(t.app, clientSecret, pm1),
      confirmPayment(t.app, clientSecret, pm1),
      confirmPayment(t.app, clientSecret, pm2),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().paymentIntent.id));
    expect(ids.size).toBe(1);
    const intents = await intentsOf(order._id);
    expect(intents).toHaveLength(1);
    expect(intents[0].status).toBe('succeeded');
    const replay = await confirmPayment(t.app, clientSecret, pm2);
    expect(replay.json().paymentIntent).toEqual(results[0].json().paymentIntent);
    expect((await intentsOf(order._id))[0].cardLast4).toBe(intents[0].cardLast4);
  });
});

describe('PATCH /api/orders/{id} { transactionId }', () => {
  it('marks the order paid after the processor confirms, sends one receipt, and a replay changes nothing', async () => {
    const order = await newOrder(alice, { unitPrice: 19.99, quantity: 3 });
    const pi = await payAtProcessor(t.app, alice, order._id);
    const before = receiptsFor(t.dataDir, alice.email).length;

    const res = await recordPaymentRequest(t.app, alice, order._id, pi);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: order._id, paid: true, transactionId: pi, deleverd: false, price: 59.97 });

    const receipts = receiptsFor(t.dataDir, alice.email);
    expect(receipts).toHaveLength(before + 1);
    const receipt = receipts.at(-1)!;
    expect(receipt.text).toContain(pi);
    expect(receipt.text).toContain('$59.97');
    expect(receipt.text).toContain(order.productName);
    expect(receipt.html).toContain(pi);

    const replay = await recordPaymentRequest(t.app, alice, order._id, pi);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    expect(receiptsFor(t.dataDir, alice.email)).toHaveLength(before + 1);
  });

  it('refuses a different transaction id on a paid order with 409 (pay twice)', async () => {
    const order = await newOrder();
    const pi = await payAtProcessor(t.app, alice, order._id);
    await recordPaymentRequest(t.app, alice, order._id, pi);
    const other = await newOrder();
    const otherPi = await payAtProcessor(t.app, alice, other._id);
    const res = await recordPaymentRequest(t.app, alice, order._id, otherPi);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ALREADY_PAID', message: 'This order is already paid with another payment.' });
    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json().transactionId).toBe(pi);
  });

  describe('refuses a forged transaction id and leaves the order unpaid', () => {
    const expectUnpaid = async (orderId: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(alice.token) });
      expect(res.json()).toMatchObject({ paid: false, transactionId: null });
    };

    it('a pi_ that does not exist (400)', async () => {
      const order = await newOrder();
      for (const forged of ['pi_3PxFakeFakeFake', 'not-a-payment', 'pi_../../v1/charges']) {
        const res = await recordPaymentRequest(t.app, alice, order._id, forged);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'PAYMENT_NOT_FOUND', message: 'No payment with that transaction id.' });
      }
      await expectUnpaid(order._id);
    });

    it("another order's succeeded payment (400)", async () => {
      const order = await newOrder(alice, { unitPrice: 10, quantity: 2 });
      const twin = await newOrder(alice, { unitPrice: 10, quantity: 2 });
      const twinPi = await payAtProcessor(t.app, alice, twin._id);
      const res = await recordPaymentRequest(t.app, alice, order._id, twinPi);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_ORDER_MISMATCH', message: 'That payment belongs to another order.' });
      await expectUnpaid(order._id);
    });

    it('a succeeded payment for this order but a different amount (400)', async () => {
      const order = await newOrder(alice, { unitPrice: 50, quantity: 2 });
      // A payment made for one cent, e.g. with a tampered intent request.
      const cheap = await t.app.payments.createPayment({ orderId: order._id, amountCents: 1, email: alice.email, idempotencyKey: `forged-${order._id}` });
      const paid = await confirmPayment(t.app, cheap.clientSecret, (await createPaymentMethod(t.app, CARDS.success)).json().id);
      expect(paid.json().paymentIntent).toMatchObject({ status: 'succeeded', amount: 1 });
      const res = await recordPaymentRequest(t.app, alice, order._id, cheap.id);
      expect(res.statusCode).toBe(400);
      // It succeeded but can never be recorded: the money goes back (issue #22).
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH', details: { refund: 'refunded' } });
      expect(res.json().error.message).toBe(
        // 100.00 of goods, 24.99 shipping, 19 % VAT on each (19.00 and 4.75): 148.74.
        "That payment's amount does not match this order (148.74 USD). That payment could not be recorded and has been refunded in full.",
      );
      await expectUnpaid(order._id);
    });

    it('a payment that has not succeeded: never confirmed, or declined (402)', async () => {
      const order = await newOrder();
      const intent = (await createIntent(t.app, alice, order._id)).json();
      const piId = intent.clientSecret.split('_secret_')[0];
      const pending = await recordPaymentRequest(t.app, alice, order._id, piId);
      expect(pending.statusCode).toBe(402);
      expect(pending.json().error).toMatchObject({
        code: 'PAYMENT_NOT_SUCCEEDED',
        message: 'That payment has not succeeded (status: requires_payment_method). Please complete the payment first.',
      });
      await confirmPayment(t.app, intent.clientSecret, (await createPaymentMethod(t.app, CARDS.declined)).json().id);
      expect((await recordPaymentRequest(t.app, alice, order._id, piId)).statusCode).toBe(402);
      await expectUnpaid(order._id);
    });
  });

  it('refuses a visitor (401), another customer (404), an admin who is not the payer (403) and a missing transaction id (400)', async () => {
    const order = await newOrder();
    const pi = await payAtProcessor(t.app, alice, order._id);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, payload: { transactionId: pi } })).statusCode).toBe(401);
    expect((await recordPaymentRequest(t.app, bob, order._id, pi)).statusCode).toBe(404);
    expect((await recordPaymentRequest(t.app, admin, order._id, pi)).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: bearer(alice.token), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/transactionId/);
    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json().paid).toBe(false);
  });
});

describe('cancelling an order that has a payment intent', () => {
  it('cancels the intent with the order, so it can no longer be paid', async () => {
    const product = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, alice, product._id, 4);
    const { clientSecret } = (await createIntent(t.app, alice, order._id)).json();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(del.statusCode).toBe(200);
    expect(await getProductStock(t.app, product._id)).toBe(10);
    const late = await confirmPayment(t.app, clientSecret, (await createPaymentMethod(t.app, CARDS.success)).json().id);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('payment_intent_unexpected_state');
    expect((await intentsOf(order._id))[0].status).toBe('canceled');
  });

  it('refuses to cancel when the payment went through meanwhile, and records it', async () => {
    const product = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, alice, product._id, 4);
    const pi = await payAtProcessor(t.app, alice, order._id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('Paid orders cannot be cancelled.');
    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json()).toMatchObject({ paid: true, transactionId: pi });
    expect(await getProductStock(t.app, product._id)).toBe(6);
  });
});

describe('POST /api/webhooks/stripe with the test processor', () => {
  it('is off (404)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'stripe-signature': 't=1,v1=x', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('WEBHOOKS_OFF');
  });
});

// Last: it uses up this client's allowance on the processor.
describe('rate limit of the test processor', () => {
  it('answers 429 after 30 card attempts a minute from one client', async () => {
    const client = '203.0.113.7';
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await createPaymentMethod(t.app, '4242 4242 4242 4241', {}, client)).statusCode);
    expect(codes.every((c) => c === 400)).toBe(true);
    const limited = await createPaymentMethod(t.app, CARDS.success, {}, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await confirmPayment(t.app, 'pi_x_secret_y', 'pm_x', client)).statusCode).toBe(404);
    // Another client is not affected.
    expect((await createPaymentMethod(t.app, CARDS.success, {}, '203.0.113.8')).statusCode).toBe(200);
  });
});
