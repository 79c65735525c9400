import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderRefunds, orders, testPaymentIntents, testPaymentRefunds } from '../src/db/schema';
import { ledgerMismatches } from '../src/modules/stock/stock.service';
import { reconcilePayments } from '../src/workflows/reconcile-payments';
import type { FakeStripe } from './fake-stripe/server';
import { startStripeShop, type StripeShop } from './support/stripe-shop';
import { orderPrice, type Order } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import {
  addProduct,
  CARDS,
  confirmPayment,
  createPaymentMethod,
  getProductStock,
  payAtProcessor,
  placeOrder,
  receiptsFor,
  recordPaymentRequest,
} from './orders-fixtures';
import { OREGON, SHIP_TO } from './support/ship-to';

/** Issue #9 part 5: one checkout of the cart, one payment (decision 120). */

const NIL_UUID = '00000000-0000-4000-8000-000000000000';
const MODAL = SHIP_TO;

function useClock(t: TestApp) {
  let offsetMs = 0;
  t.app.clock.now = () => new Date(Date.now() + offsetMs);
  return {
    advanceSeconds(s: number) {
      offsetMs += s * 1000;
    },
  };
}

const putLine = (t: TestApp, user: TestUser, productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });
const getCart = (t: TestApp, user: TestUser) => t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) });
const checkout = (t: TestApp, user: TestUser, body: Record<string, unknown> = MODAL) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user.token), payload: body });
const getCheckout = (t: TestApp, user: TestUser, id: string) => t.app.inject({ method: 'GET', url: `/api/checkouts/${id}`, headers: bearer(user.token) });
const payCheckoutRequest = (t: TestApp, user: TestUser, id: string, transactionId: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/checkouts/${id}`, headers: bearer(user.token), payload: { transactionId } });
const checkoutIntent = (t: TestApp, user: TestUser, checkoutId: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user.token), payload: { checkoutId } });

/** What the payment page does for a checkout with the test processor. Returns the PaymentIntent id. */
async function payCheckoutAtProcessor(t: TestApp, user: TestUser, checkoutId: string): Promise<string> {
  const intent = await checkoutIntent(t, user, checkoutId);
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.statusCode} ${intent.body}`);
  const pm = await createPaymentMethod(t.app, CARDS.success);
  const confirmed = await confirmPayment(t.app, intent.json().clientSecret, pm.json().id);
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return confirmed.json().paymentIntent.id;
}

async function myOrders(t: TestApp, user: TestUser): Promise<Order[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(user.email)}`, headers: bearer(user.token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/checkout', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ EXPIRY_SWEEP_SECONDS: 0 });
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    carol = await signUpUser(t.app, { name: 'Carol Dealer' });
  });
  afterAll(async () => t.close());

  it('reserves every line as one order each in the spec Order shape, linked by checkoutId, and empties the cart', async () => {
    const pads = await addProduct(t.app, admin, { name: 'A brake pads', unitPrice: 10, minOrder: 3, stock: 50 });
    const chain = await addProduct(t.app, admin, { name: 'B chain', unitPrice: 30, minOrder: 10, stock: 200 });
    await putLine(t, alice, pads._id, 4);
    await putLine(t, alice, chain._id, 25);
    const cartTotal = (await getCart(t, alice)).json().total;

    const res = await checkout(t, alice, { ...MODAL, price: 0.01, paid: true });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.total).toBe(orderPrice(10, 3, 4) + orderPrice(30, 10, 25));
    expect(body.total).toBe(cartTotal);
    expect(body.status).toBe('unpaid');
    expect(body.orders).toHaveLength(2);
    expect(body.orders[0]).toMatchObject({
      productId: pads._id,
      productName: 'A brake pads',
      userName: 'Alice Rider',
      email: alice.email,
      // Issue #24: the spec's three fields come from the delivery address.
      country: 'United States',
      address: '1200 SE Morrison St, Portland, OR 97214',
      phone: '+15035550142',
      quantity: 4,
      price: 13.33,
      paid: false,
      transactionId: null,
      deleverd: false,
      status: 'unpaid',
      checkoutId: body._id,
    });
    expect(body.orders[1]).toMatchObject({ productId: chain._id, quantity: 25, price: 75, checkoutId: body._id });
    expect(body.orders[0].expiresAt).toBe(body.orders[1].expiresAt);
    expect(body.expiresAt).toBe(body.orders[0].expiresAt);
    // Issue #24: one order with a number, where it goes, how, and its figures (free standard shipping from $50, no tax in Oregon).
    expect(body.number).toMatch(/^TT-\d{5,}$/);
    expect(body.shipTo).toEqual({ ...OREGON, line2: '', phone: '+15035550142' });
    expect(body.shippingMethod).toEqual({ name: 'Standard', carrier: 'USPS Ground Advantage', minDays: 3, maxDays: 5 });
    expect(body).toMatchObject({ goods: body.total, shipping: 0, tax: 0, taxIncluded: false, taxExempt: false, taxId: '' });
    expect(body.lines.map((l: { sku: string }) => l.sku)).toEqual([pads.sku, chain.sku]);

    expect(await getProductStock(t.app, pads._id)).toBe(46);
    expect(await getProductStock(t.app, chain._id)).toBe(175);
    expect((await getCart(t, alice)).json()).toEqual({ lines: [], total: 0 });

    // My Orders lists the lines as ordinary orders.
    const mine = await myOrders(t, alice);
    expect(
      mine
        .filter((o) => o.checkoutId === body._id)
        .map((o) => o._id)
        .sort(),
    ).toEqual(body.orders.map((o: Order) => o._id).sort());
    const one = await t.app.inject({ method: 'GET', url: `/api/orders/${body.orders[0]._id}`, headers: bearer(alice.token) });
    expect(one.json()).toMatchObject({ _id: body.orders[0]._id, checkoutId: body._id, status: 'unpaid' });

    // GET answers the same checkout.
    const read = await getCheckout(t, alice, body._id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it('single orders keep their exact shape (no checkoutId)', async () => {
    const part = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, alice, part._id, 2);
    expect(order).not.toHaveProperty('checkoutId');
  });

  it('refuses an empty cart with 400 and bad modal fields with 400', async () => {
    const empty = await checkout(t, carol);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('CART_EMPTY');
    const part = await addProduct(t.app, admin, { stock: 10 });
    await putLine(t, carol, part._id, 1);
    const bad = await checkout(t, carol, { shippingAddress: { ...OREGON, line1: 'x'.repeat(201) } });
    expect(bad.statusCode).toBe(400);
    // Issue #24: no address, or a postal code that is not one, is refused with what is wrong; nothing is reserved.
    const none = await checkout(t, carol, {});
    expect(none.statusCode).toBe(400);
    const wrongZip = await checkout(t, carol, { shippingAddress: { ...OREGON, postalCode: '9721' } });
    expect(wrongZip.statusCode).toBe(400);
    expect(wrongZip.json().error.message).toContain('Enter a valid ZIP code for United States');
    expect(await getProductStock(t.app, part._id)).toBe(10);
    await t.app.inject({ method: 'DELETE', url: `/api/cart/lines/${part._id}`, headers: bearer(carol.token) });
  });

  it('a short line answers 409 naming each short line, and nothing is reserved', async () => {
    const fine = await addProduct(t.app, admin, { name: 'Fine part', minOrder: 1, stock: 100 });
    const shortA = await addProduct(t.app, admin, { name: 'Short part A', minOrder: 1, stock: 10 });
    const shortB = await addProduct(t.app, admin, { name: 'Short part B', minOrder: 5, stock: 20 });
    await putLine(t, bob, fine._id, 5);
    await putLine(t, bob, shortA._id, 10);
    await putLine(t, bob, shortB._id, 20);
    // Other customers take units meanwhile.
    await placeOrder(t.app, carol, shortA._id, 4);
    await placeOrder(t.app, carol, shortB._id, 17);

    const res = await checkout(t, bob);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error.code).toBe('CHECKOUT_SHORT');
    expect(error.message).toContain('Short part A: you want 10, only 6 left');
    expect(error.message).toContain('Short part B: sold out');
    expect(error.message).not.toContain('Fine part');
    expect(error.details.lines).toEqual([
      { productId: shortA._id, productName: 'Short part A', requested: 10, available: 6, minOrder: 1 },
      { productId: shortB._id, productName: 'Short part B', requested: 20, available: 3, minOrder: 5 },
    ]);
    // Nothing reserved, no order made, the cart kept.
    expect(await getProductStock(t.app, fine._id)).toBe(100);
    expect(await getProductStock(t.app, shortA._id)).toBe(6);
    expect(await getProductStock(t.app, shortB._id)).toBe(3);
    expect(await myOrders(t, bob)).toEqual([]);
    expect((await getCart(t, bob)).json().lines).toHaveLength(3);
    for (const id of [fine._id, shortA._id, shortB._id]) await t.app.inject({ method: 'DELETE', url: `/api/cart/lines/${id}`, headers: bearer(bob.token) });
  });

  it('all or nothing under a race: two carts want the last units, exactly one wins, the other takes nothing', async () => {
    const common = await addProduct(t.app, admin, { name: 'Race common', minOrder: 1, stock: 100 });
    const last = await addProduct(t.app, admin, { name: 'Race last units', minOrder: 1, stock: 8 });
    const racers = [await signUpUser(t.app), await signUpUser(t.app)];
    for (const r of racers) {
      await putLine(t, r, common._id, 10);
      await putLine(t, r, last._id, 6);
    }
    const results = await Promise.all(racers.map((r) => checkout(t, r)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = racers[results.findIndex((r) => r.statusCode === 409)];
    const lost = results.find((r) => r.statusCode === 409)!.json().error;
    expect(lost.code).toBe('CHECKOUT_SHORT');
    expect(lost.details.lines).toEqual([{ productId: last._id, productName: 'Race last units', requested: 6, available: 2, minOrder: 1 }]);
    expect(await getProductStock(t.app, last._id)).toBe(2);
    expect(await getProductStock(t.app, common._id)).toBe(90);
    expect(await myOrders(t, loser)).toEqual([]);
    expect((await getCart(t, loser)).json().lines).toHaveLength(2);
  });

  describe('one payment', () => {
    it('pays every order of the checkout with one transaction id; a replay changes nothing', async () => {
      const a = await addProduct(t.app, admin, { name: 'Pay A', unitPrice: 12.5, minOrder: 2, stock: 40, weightGrams: 500 });
      const b = await addProduct(t.app, admin, { name: 'Pay B', unitPrice: 7, minOrder: 1, stock: 40, weightGrams: 500 });
      await putLine(t, carol, a._id, 3);
      await putLine(t, carol, b._id, 2);
      const placed = (await checkout(t, carol)).json();

      const intent = await checkoutIntent(t, carol, placed._id);
      expect(intent.statusCode).toBe(200);
      expect(intent.json()).toMatchObject({ provider: 'test', amount: placed.total });
      // Issue #24: $32.75 of goods weighing 2.5 kg (these parts weigh 500 g) to Oregon: standard shipping $12.99, no tax.
      expect(placed.goods).toBe(orderPrice(12.5, 2, 3) + orderPrice(7, 1, 2));
      expect(placed).toMatchObject({ goods: 32.75, shipping: 12.99, tax: 0, total: 45.74 });
      // Asking again resumes the same intent.
      expect((await checkoutIntent(t, carol, placed._id)).json().clientSecret).toBe(intent.json().clientSecret);

      const pi = await payCheckoutAtProcessor(t, carol, placed._id);
      // A single order's confirmation cannot take the checkout's payment: a line is paid only with its checkout (issue #22).
      const wrongPath = await recordPaymentRequest(t.app, carol, placed.orders[0]._id, pi);
      expect(wrongPath.statusCode).toBe(409);
      expect(wrongPath.json().error).toMatchObject({ code: 'PAY_WITH_CHECKOUT', details: { checkoutId: placed._id } });

      const res = await payCheckoutRequest(t, carol, placed._id, pi);
      expect(res.statusCode).toBe(200);
      const paid = res.json();
      expect(paid.status).toBe('paid');
      expect(paid.transactionId).toBe(pi);
      expect(paid.orders).toHaveLength(2);
      for (const o of paid.orders) expect(o).toMatchObject({ paid: true, status: 'paid', transactionId: pi, paymentMode: 'test', expiresAt: null });
      const mine = (await myOrders(t, carol)).filter((o) => o.checkoutId === placed._id);
      expect(mine.every((o) => o.paid && o.transactionId === pi)).toBe(true);
      // One receipt for the whole checkout, listing every line and the total paid.
      const receipts = receiptsFor(t.dataDir, carol.email).length;
      const combined = receiptsFor(t.dataDir, carol.email).filter((m) => m.text.includes(pi));
      expect(combined).toHaveLength(1);
      for (const o of paid.orders) expect(combined[0]!.text).toContain(`${o.productName} × ${o.quantity}`);
      expect(combined[0]!.text).toContain(`Total paid: $${paid.total.toFixed(2)}`);
      expect(combined[0]!.subject).toContain(`order ${placed.number} paid, 2 parts, $${paid.total.toFixed(2)}`);
      // Issue #24: it says Paid, with the order number, shipping and tax.
      expect(combined[0]!.text).toContain(`Paid: order ${placed.number}.`);
      expect(combined[0]!.text).toContain('Shipping: $12.99');
      expect(combined[0]!.text).toContain('Tax: $0.00');
      expect(combined[0]!.text).toContain('Ship to: Dana Reyes, Reyes Moto Works, 1200 SE Morrison St, Portland, OR 97214, United States');

      // The replay changes nothing: same answer, no more receipts.
      const replay = await payCheckoutRequest(t, carol, placed._id, pi);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(paid);
      expect(receiptsFor(t.dataDir, carol.email)).toHaveLength(receipts);
      // Another transaction id is refused; paying again is refused.
      const other = await payCheckoutRequest(t, carol, placed._id, 'pi_test_someotherpayment');
      expect(other.statusCode).toBe(409);
      expect((await checkoutIntent(t, carol, placed._id)).statusCode).toBe(409);
      // The single-order confirmation of an order of the checkout still answers it as paid with that id.
      expect((await recordPaymentRequest(t.app, carol, placed.orders[0]._id, pi)).statusCode).toBe(200);
    });

    it("refuses a payment that is not this checkout's, or has not succeeded", async () => {
      const part = await addProduct(t.app, admin, { minOrder: 1, stock: 40 });
      const single = await placeOrder(t.app, carol, part._id, 1);
      const singlePi = await payAtProcessor(t.app, carol, single._id);
      await putLine(t, carol, part._id, 2);
      const placed = (await checkout(t, carol)).json();
      const mismatch = await payCheckoutRequest(t, carol, placed._id, singlePi);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.code).toBe('PAYMENT_ORDER_MISMATCH');
      const unknown = await payCheckoutRequest(t, carol, placed._id, 'pi_test_doesnotexist');
      expect(unknown.statusCode).toBe(400);
      const intent = (await checkoutIntent(t, carol, placed._id)).json();
      const unpaidPi = intent.clientSecret.split('_secret_')[0];
      const notYet = await payCheckoutRequest(t, carol, placed._id, unpaidPi);
      expect(notYet.statusCode).toBe(402);
      expect(notYet.json().error.code).toBe('PAYMENT_NOT_SUCCEEDED');
      expect((await getCheckout(t, carol, placed._id)).json().status).toBe('unpaid');
    });

    it('the reconciliation records a checkout payment nobody reported, on every order, once', async () => {
      const a = await addProduct(t.app, admin, { name: 'Reconcile A', unitPrice: 10, minOrder: 1, stock: 40 });
      const b = await addProduct(t.app, admin, { name: 'Reconcile B', unitPrice: 20, minOrder: 1, stock: 40 });
      await putLine(t, carol, a._id, 1);
      await putLine(t, carol, b._id, 2);
      const placed = (await checkout(t, carol)).json();
      const pi = await payCheckoutAtProcessor(t, carol, placed._id);
      expect((await getCheckout(t, carol, placed._id)).json().status).toBe('unpaid');

      // Other tests of this file leave unreported payments too; this checkout's orders are among those recorded.
      const sweep = await reconcilePayments(t.app);
      expect(sweep.paid).toEqual(expect.arrayContaining(placed.orders.map((o: Order) => o._id)));
      const after = (await getCheckout(t, carol, placed._id)).json();
      expect(after).toMatchObject({ status: 'paid', transactionId: pi });
      expect(after.orders.every((o: Order) => o.paid && o.transactionId === pi)).toBe(true);
      const again = await reconcilePayments(t.app);
      for (const o of placed.orders) expect(again.paid).not.toContain(o._id);
      // One receipt names both lines.
      const receipts = receiptsFor(t.dataDir, carol.email).filter((m) => m.text.includes(pi));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain('Reconcile A × 1');
      expect(receipts[0]!.text).toContain('Reconcile B × 2');
    });

    it('cancelling one order of a checkout changes the amount and makes a new intent', async () => {
      const a = await addProduct(t.app, admin, { name: 'Cancel A', unitPrice: 10, minOrder: 1, stock: 40 });
      const b = await addProduct(t.app, admin, { name: 'Cancel B', unitPrice: 20, minOrder: 1, stock: 40 });
      await putLine(t, carol, a._id, 1);
      await putLine(t, carol, b._id, 1);
      const placed = (await checkout(t, carol)).json();
      const first = (await checkoutIntent(t, carol, placed._id)).json();
      // $30 of goods to Oregon: standard shipping $7.99 (under $50), no sales tax.
      expect(first.amount).toBe(37.99);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${placed.orders[0]._id}`, headers: bearer(carol.token) });
      expect(del.statusCode).toBe(200);
      expect(await getProductStock(t.app, a._id)).toBe(40);
      const second = (await checkoutIntent(t, carol, placed._id)).json();
      expect(second.amount).toBe(27.99);
      expect(second.clientSecret).not.toBe(first.clientSecret);
      const pi = await payCheckoutAtProcessor(t, carol, placed._id);
      const paid = await payCheckoutRequest(t, carol, placed._id, pi);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'paid', total: 27.99 });
      // Issue #25 item 5: the cancelled line is kept but is no longer part of the order it was dropped from.
      const view = (await t.app.inject({ method: 'GET', url: `/api/purchases/${placed._id}`, headers: bearer(carol.token) })).json();
      expect(view).toMatchObject({ status: 'paid', total: 27.99, cancelledAt: null });
      expect(view.lines.map((l: { orderId: string }) => l.orderId)).toEqual([placed.orders[1]._id]);
      const [dropped] = await t.app.db.select().from(orders).where(eq(orders.id, placed.orders[0]._id));
      expect([dropped.status, dropped.paid]).toEqual(['cancelled', false]);
    });
  });

  describe('authorization', () => {
    let placed: { _id: string; orders: Order[] };
    beforeAll(async () => {
      const part = await addProduct(t.app, admin, { minOrder: 1, stock: 40 });
      await putLine(t, alice, part._id, 2);
      placed = (await checkout(t, alice)).json();
    });

    it('a visitor gets 401 on every checkout call', async () => {
      const calls = [
        { method: 'POST' as const, url: '/api/checkout', payload: MODAL },
        { method: 'GET' as const, url: `/api/checkouts/${placed._id}` },
        { method: 'PATCH' as const, url: `/api/checkouts/${placed._id}`, payload: { transactionId: 'pi_x' } },
        { method: 'POST' as const, url: '/api/create-payment-intent', payload: { checkoutId: placed._id } },
      ];
      for (const call of calls) {
        expect((await t.app.inject(call)).statusCode).toBe(401);
        expect((await t.app.inject({ ...call, headers: bearer('not-a-token') })).statusCode).toBe(401);
      }
    });

    it("another customer's checkout is refused (404, its existence not confirmed), and so is paying it", async () => {
      const read = await getCheckout(t, bob, placed._id);
      expect(read.statusCode).toBe(404);
      expect(read.json().error.code).toBe('CHECKOUT_NOT_FOUND');
      expect((await checkoutIntent(t, bob, placed._id)).statusCode).toBe(404);
      expect((await payCheckoutRequest(t, bob, placed._id, 'pi_test_x')).statusCode).toBe(404);
      expect((await getCheckout(t, bob, NIL_UUID)).statusCode).toBe(404);
      expect((await getCheckout(t, bob, 'nope')).statusCode).toBe(404);
    });

    it('an admin can read a checkout but not pay it (403)', async () => {
      const read = await getCheckout(t, admin, placed._id);
      expect(read.statusCode).toBe(200);
      expect(read.json()._id).toBe(placed._id);
      const pay = await checkoutIntent(t, admin, placed._id);
      expect(pay.statusCode).toBe(403);
      expect((await payCheckoutRequest(t, admin, placed._id, 'pi_test_x')).statusCode).toBe(403);
    });

    it('create-payment-intent wants exactly one of orderId and checkoutId', async () => {
      const both = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(alice.token),
        payload: { orderId: placed.orders[0]._id, checkoutId: placed._id },
      });
      expect(both.statusCode).toBe(400);
      const none = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toContain('orderId is required');
    });

    it('is documented in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/checkout', '/api/checkouts/{id}']));
      expect(doc.paths['/api/checkouts/{id}'].patch.security).toEqual([{ bearerAuth: [] }]);
      expect(JSON.stringify(doc.paths['/api/create-payment-intent'].post.requestBody)).toContain('checkoutId');
    });
  });
});

describe('checkout reservations: expiry and the unpaid-order cap', () => {
  let t: TestApp;
  let admin: TestUser;
  let clock: ReturnType<typeof useClock>;
  const TTL_SECONDS = 15;

  beforeAll(async () => {
    t = await createTestApp({ UNPAID_ORDER_TTL_MINUTES: 0.25, MAX_UNPAID_ORDERS: 2, EXPIRY_SWEEP_SECONDS: 0 });
    clock = useClock(t);
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  it("expiry releases every line of a checkout's stock, and an expired checkout cannot be paid", async () => {
    const dan = await signUpUser(t.app);
    const a = await addProduct(t.app, admin, { minOrder: 1, stock: 30 });
    const b = await addProduct(t.app, admin, { minOrder: 1, stock: 30 });
    await putLine(t, dan, a._id, 10);
    await putLine(t, dan, b._id, 5);
    const placed = (await checkout(t, dan)).json();
    expect(await getProductStock(t.app, a._id)).toBe(20);
    await checkoutIntent(t, dan, placed._id);

    clock.advanceSeconds(TTL_SECONDS + 1);
    const read = await getCheckout(t, dan, placed._id);
    expect(read.json().status).toBe('expired');
    expect(read.json().orders.map((o: Order) => o.status)).toEqual(['expired', 'expired']);
    expect(await getProductStock(t.app, a._id)).toBe(30);
    expect(await getProductStock(t.app, b._id)).toBe(30);
    const pay = await checkoutIntent(t, dan, placed._id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.code).toBe('CHECKOUT_EXPIRED');
    expect((await payCheckoutRequest(t, dan, placed._id, 'pi_test_x')).statusCode).toBe(409);
  });

  it('a payment after expiry, when one line sold out meanwhile, keeps the other line and refunds that one at once, once (issue #34)', async () => {
    const gil = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const a = await addProduct(t.app, admin, { minOrder: 1, stock: 10 });
    const b = await addProduct(t.app, admin, { minOrder: 1, stock: 30 });
    await putLine(t, gil, a._id, 10);
    await putLine(t, gil, b._id, 5);
    const placed = (await checkout(t, gil)).json();
    const intent = await checkoutIntent(t, gil, placed._id);
    expect(intent.statusCode, intent.body).toBe(200);
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const confirmed = await confirmPayment(t.app, intent.json().clientSecret, pm.json().id);
    const pi: string = confirmed.json().paymentIntent.id;
    // The processor's answer had not arrived when the reservation ran out; meanwhile Bob buys every unit of part A.
    await t.app.db.update(testPaymentIntents).set({ status: 'requires_payment_method' }).where(eq(testPaymentIntents.id, pi));
    clock.advanceSeconds(TTL_SECONDS + 1);
    expect((await getCheckout(t, gil, placed._id)).json().status).toBe('expired');
    await placeOrder(t.app, bob, a._id, 10);
    await t.app.db.update(testPaymentIntents).set({ status: 'succeeded' }).where(eq(testPaymentIntents.id, pi));

    for (let report = 0; report < 2; report++) {
      const res = await payCheckoutRequest(t, gil, placed._id, pi);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('CHECKOUT_EXPIRED');
    }
    const lines = await t.app.db.select().from(orders).where(eq(orders.checkoutId, placed._id));
    const lineA = lines.find((o) => o.productId === a._id)!;
    expect(lines.map((o) => [o.productId === a._id ? 'A' : 'B', o.status, o.refundDue]).sort()).toEqual([
      ['A', 'paid', false],
      ['B', 'paid', false],
    ]);
    // Part B was taken from stock again and ships; part A's ten units went back to the card, without the shipping.
    expect(await getProductStock(t.app, a._id)).toBe(0);
    expect(await getProductStock(t.app, b._id)).toBe(25);
    const refunds = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderKey, placed._id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', shippingCents: 0, restock: false, actorId: null });
    expect(refunds[0].lines.map((l) => [l.orderId, l.quantity])).toEqual([[lineA.id, 10]]);
    const atProcessor = await t.app.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentId, pi));
    expect(atProcessor.map((r) => r.amountCents)).toEqual([refunds[0].totalCents]);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${placed.number}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines: [{ orderId: lineA.id, quantity: 1 }] },
    });
    expect(ship.statusCode).toBe(409);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('a checkout counts once against the unpaid-order cap', async () => {
    const eve = await signUpUser(t.app);
    const parts = [
      await addProduct(t.app, admin, { stock: 100 }),
      await addProduct(t.app, admin, { stock: 100 }),
      await addProduct(t.app, admin, { stock: 100 }),
    ];
    for (const p of parts) await putLine(t, eve, p._id, 1);
    // Three lines, one checkout: one place of two.
    expect((await checkout(t, eve)).statusCode).toBe(201);
    await placeOrder(t.app, eve, parts[0]._id, 1);
    // Two places taken: a further checkout and a further order are refused, with nothing reserved.
    await putLine(t, eve, parts[1]._id, 1);
    const third = await checkout(t, eve);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');
    expect(await getProductStock(t.app, parts[1]._id)).toBe(99);
    expect((await getCart(t, eve)).json().lines).toHaveLength(1);
  });
});

describe('a checkout paid with Stripe (fake Stripe server) and its webhook', () => {
  const WEBHOOK_SECRET = 'whsec_test_checkout_secret';
  let fake: FakeStripe;
  let t: TestApp;
  let stripe: Stripe;
  let admin: TestUser;
  let frank: TestUser;

  let shop: StripeShop;
  beforeAll(async () => {
    shop = await startStripeShop(WEBHOOK_SECRET);
    ({ fake, t, stripe } = shop);
    admin = await signUpUser(t.app, { admin: true });
    frank = await signUpUser(t.app, { name: 'Frank Workshop' });
  });
  afterAll(() => shop.close());

  const postEvent = (payload: string) => shop.postEvent(payload);

  it('the webhook marks every order of the checkout paid once; the page reporting late and a replay change nothing', async () => {
    const a = await addProduct(t.app, admin, { unitPrice: 40, minOrder: 1, stock: 50 });
    const b = await addProduct(t.app, admin, { unitPrice: 15, minOrder: 1, stock: 50 });
    await putLine(t, frank, a._id, 2);
    await putLine(t, frank, b._id, 3);
    const placed = (await checkout(t, frank)).json();
    const intent = (await checkoutIntent(t, frank, placed._id)).json();
    expect(intent).toMatchObject({ provider: 'stripe', amount: 125, publishableKey: 'pk_test_fake_shop_key' });
    const pi = await stripe.paymentIntents.confirm(intent.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    expect(pi.metadata).toEqual({ checkoutId: placed._id });
    expect(pi.amount).toBe(12500);

    const event = fake.event('payment_intent.succeeded', pi);
    const res = await postEvent(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const after = (await getCheckout(t, frank, placed._id)).json();
    expect(after).toMatchObject({ status: 'paid', transactionId: pi.id, total: 125 });
    for (const o of after.orders) expect(o).toMatchObject({ paid: true, transactionId: pi.id, paymentMode: 'test' });
    const receipts = receiptsFor(t.dataDir, frank.email).length;
    // One receipt for both lines.
    expect(receiptsFor(t.dataDir, frank.email).filter((m) => m.text.includes(pi.id))).toHaveLength(1);

    expect((await postEvent(event)).json()).toEqual({ received: true, duplicate: true });
    const late = await payCheckoutRequest(t, frank, placed._id, pi.id);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(after);
    expect(receiptsFor(t.dataDir, frank.email)).toHaveLength(receipts);
  });

  it('PATCH /checkouts/{id} confirms with Stripe before marking paid', async () => {
    const a = await addProduct(t.app, admin, { unitPrice: 9, minOrder: 1, stock: 50 });
    await putLine(t, frank, a._id, 2);
    const placed = (await checkout(t, frank)).json();
    const intent = (await checkoutIntent(t, frank, placed._id)).json();
    const id = intent.clientSecret.split('_secret_')[0];
    const early = await payCheckoutRequest(t, frank, placed._id, id);
    expect(early.statusCode).toBe(402);
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    const res = await payCheckoutRequest(t, frank, placed._id, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.every((o: Order) => o.paid && o.transactionId === id)).toBe(true);
  });
});
