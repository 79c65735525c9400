import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Order } from '@shop/shared';
import { auditLog, orders, paymentRefunds, testPaymentIntents } from '../src/db/schema';
import { markOrderPaid } from '../src/modules/orders/orders.service';
import { reconcilePayments } from '../src/workflows/reconcile-payments';
import type { FakeStripe } from './fake-stripe/server';
import { startStripeShop, type StripeShop } from './support/stripe-shop';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createIntent, createPaymentMethod, getProductStock, recordPaymentRequest } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #22: a line of a checkout could be paid on its own and then the whole
 * checkout too: a $260 checkout of a $116 and a $144 line was charged $376,
 * the second payment's recording failed with 409 ALREADY_PAID and the money
 * was recorded nowhere. Now a line is paid only with its checkout, and a
 * payment that succeeded but cannot be recorded is refunded through the
 * provider, or left "refund due" for the admin.
 */

const MODAL = SHIP_TO;
const putLine = (t: TestApp, user: TestUser, productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });
const checkoutIntent = (t: TestApp, user: TestUser, checkoutId: string) =>
  t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(user.token), payload: { checkoutId } });
const payCheckoutRequest = (t: TestApp, user: TestUser, id: string, transactionId: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/checkouts/${id}`, headers: bearer(user.token), payload: { transactionId } });
const getCheckout = async (t: TestApp, user: TestUser, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/checkouts/${id}`, headers: bearer(user.token) })).json() as Checkout;
const auditOf = async (t: TestApp, action: string) => t.app.db.select().from(auditLog).where(eq(auditLog.action, action));
const refundRow = async (t: TestApp, paymentId: string) => (await t.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)))[0];

/** The $260 checkout of the issue: a $116 line and a $144 line. */
async function twoLineCheckout(t: TestApp, admin: TestUser, user: TestUser): Promise<Checkout> {
  const a = await addProduct(t.app, admin, { name: 'A fork seals', unitPrice: 116, minOrder: 1, stock: 20 });
  const b = await addProduct(t.app, admin, { name: 'B brake disc', unitPrice: 144, minOrder: 1, stock: 20 });
  await putLine(t, user, a._id, 1);
  await putLine(t, user, b._id, 1);
  const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user.token), payload: MODAL });
  expect(res.statusCode).toBe(201);
  const placed = res.json() as Checkout;
  expect(placed.total).toBe(260);
  expect(placed.orders.map((o) => o.price)).toEqual([116, 144]);
  return placed;
}

/**
 * An intent for one line alone, as create-payment-intent {orderId} made it
 * before the rule (it may still be open at the provider, or paid there).
 */
async function legacyLineIntent(t: TestApp, line: Order): Promise<{ id: string; clientSecret: string }> {
  const created = await t.app.payments.createPayment({
    orderId: line._id,
    amountCents: Math.round(line.price * 100),
    email: line.email,
    idempotencyKey: `order-${line._id}-legacy`,
  });
  await t.app.db.update(orders).set({ paymentIntentId: created.id }).where(eq(orders.id, line._id));
  return created;
}

async function payAtTestProcessor(t: TestApp, clientSecret: string): Promise<string> {
  const pm = await createPaymentMethod(t.app, CARDS.success);
  const confirmed = await confirmPayment(t.app, clientSecret, pm.json().id);
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().paymentIntent.id;
}

describe('a line of a checkout is paid only with its checkout (test processor)', () => {
  let t: TestApp;
  let admin: TestUser;
  let rita: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ EXPIRY_SWEEP_SECONDS: 0 });
    admin = await signUpUser(t.app, { admin: true });
    rita = await signUpUser(t.app, { name: 'Rita Racer' });
  });
  afterAll(async () => t.close());

  it('create-payment-intent and PATCH /orders/{id} for a line answer 409 pointing to the checkout; the checkout pays $260 once', async () => {
    const placed = await twoLineCheckout(t, admin, rita);
    const line = placed.orders[0];
    const intent = await createIntent(t.app, rita, line._id);
    expect(intent.statusCode).toBe(409);
    expect(intent.json().error).toMatchObject({ code: 'PAY_WITH_CHECKOUT', details: { checkoutId: placed._id } });
    expect(intent.json().error.message).toContain('pay the whole checkout');
    const patch = await recordPaymentRequest(t.app, rita, line._id, 'pi_test_whatever');
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.code).toBe('PAY_WITH_CHECKOUT');

    const whole = await checkoutIntent(t, rita, placed._id);
    expect(whole.json().amount).toBe(260);
    const pi = await payAtTestProcessor(t, whole.json().clientSecret);
    const paid = await payCheckoutRequest(t, rita, placed._id, pi);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', total: 260 });
    // Paid now, a line answers as paid (409 ALREADY_PAID), not as payable.
    expect((await createIntent(t.app, rita, line._id)).json().error.code).toBe('ALREADY_PAID');
  });

  it('a line paid on its own through an intent from before the rule is refunded, and the checkout is charged its $260 once', async () => {
    const placed = await twoLineCheckout(t, admin, rita);
    const line = placed.orders[0];
    const legacy = await legacyLineIntent(t, line);
    const linePi = await payAtTestProcessor(t, legacy.clientSecret);

    const patch = await recordPaymentRequest(t.app, rita, line._id, linePi);
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error).toMatchObject({ code: 'PAY_WITH_CHECKOUT', details: { checkoutId: placed._id, refund: 'refunded' } });
    expect(patch.json().error.message).toContain('refunded in full');
    const [atProcessor] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, linePi));
    expect(atProcessor).toMatchObject({ status: 'succeeded', amountCents: 11600, amountRefundedCents: 11600 });
    expect(atProcessor.refundId).toMatch(/^re_/);
    expect(await refundRow(t, linePi)).toMatchObject({ status: 'refunded', amountCents: 11600, orderId: line._id, email: rita.email });
    const audit = (await auditOf(t, 'payment.refund')).find((a) => (a.after as { paymentId?: string }).paymentId === linePi);
    expect(audit?.note).toContain('$116.00');
    // Asking again changes nothing: one refund.
    const again = await recordPaymentRequest(t.app, rita, line._id, linePi);
    expect(again.statusCode).toBe(409);
    expect((await t.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, linePi))).length).toBe(1);

    // The line is still unpaid and the checkout pays every line, once.
    expect((await getCheckout(t, rita, placed._id)).orders.every((o) => !o.paid)).toBe(true);
    const whole = await checkoutIntent(t, rita, placed._id);
    expect(whole.json().amount).toBe(260);
    const pi = await payAtTestProcessor(t, whole.json().clientSecret);
    expect((await payCheckoutRequest(t, rita, placed._id, pi)).json()).toMatchObject({ status: 'paid', total: 260, transactionId: pi });
  });

  it('a checkout one of whose lines was recorded as paid on its own before the rule charges only the other lines', async () => {
    const placed = await twoLineCheckout(t, admin, rita);
    const [first, second] = placed.orders;
    const legacy = await legacyLineIntent(t, first);
    const linePi = await payAtTestProcessor(t, legacy.clientSecret);
    // What the old PATCH /orders/{id} did.
    await markOrderPaid(t.app.db, first._id, linePi, 'test');

    const whole = await checkoutIntent(t, rita, placed._id);
    expect(whole.statusCode).toBe(200);
    // Not $260 again: $116 is paid already.
    expect(whole.json().amount).toBe(144);
    const pi = await payAtTestProcessor(t, whole.json().clientSecret);
    const paid = await payCheckoutRequest(t, rita, placed._id, pi);
    expect(paid.statusCode).toBe(200);
    const after = paid.json() as Checkout;
    expect(after.status).toBe('paid');
    expect(after.orders.find((o) => o._id === first._id)).toMatchObject({ paid: true, transactionId: linePi });
    expect(after.orders.find((o) => o._id === second._id)).toMatchObject({ paid: true, transactionId: pi });
    expect(await refundRow(t, pi)).toBeUndefined();
  });

  it('a second payment of a paid checkout is refunded instead of being dropped', async () => {
    const placed = await twoLineCheckout(t, admin, rita);
    const first = await checkoutIntent(t, rita, placed._id);
    // Another tab made its own intent for the same checkout meanwhile.
    const other = await t.app.payments.createPayment({ checkoutId: placed._id, amountCents: 26000, email: rita.email, idempotencyKey: 'another-tab' });
    const pi = await payAtTestProcessor(t, first.json().clientSecret);
    expect((await payCheckoutRequest(t, rita, placed._id, pi)).statusCode).toBe(200);
    const secondPi = await payAtTestProcessor(t, other.clientSecret);

    const res = await payCheckoutRequest(t, rita, placed._id, secondPi);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ALREADY_PAID', details: { refund: 'refunded' } });
    expect(await refundRow(t, secondPi)).toMatchObject({ status: 'refunded', amountCents: 26000, checkoutId: placed._id });
    const [atProcessor] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, secondPi));
    expect(atProcessor.amountRefundedCents).toBe(26000);
    expect((await getCheckout(t, rita, placed._id)).transactionId).toBe(pi);
  });

  it('the reconciliation refunds a line paid on its own that nobody reported, and cancelling such a line gives the money back', async () => {
    const placed = await twoLineCheckout(t, admin, rita);
    const legacy = await legacyLineIntent(t, placed.orders[1]);
    const linePi = await payAtTestProcessor(t, legacy.clientSecret);
    const sweep = await reconcilePayments(t.app);
    expect(sweep.refunded).toContain(linePi);
    expect(sweep.paid).not.toContain(placed.orders[1]._id);
    expect(await refundRow(t, linePi)).toMatchObject({ status: 'refunded', amountCents: 14400 });
    expect((await reconcilePayments(t.app)).refunded).not.toContain(linePi);

    // Cancelling a line whose own payment went through: refunded, and the cancel goes on.
    const next = await twoLineCheckout(t, admin, rita);
    const stockBefore = await getProductStock(t.app, next.orders[0].productId!);
    const other = await legacyLineIntent(t, next.orders[0]);
    const otherPi = await payAtTestProcessor(t, other.clientSecret);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/orders/${next.orders[0]._id}`, headers: bearer(rita.token) });
    expect(del.statusCode).toBe(200);
    expect(await refundRow(t, otherPi)).toMatchObject({ status: 'refunded', amountCents: 11600 });
    expect(await getProductStock(t.app, next.orders[0].productId!)).toBe(stockBefore + 1);
  });
});

describe('with Stripe (fake Stripe server): the Refunds API, the webhook, and a refund that fails', () => {
  const WEBHOOK_SECRET = 'whsec_test_double_charge';
  let fake: FakeStripe;
  let t: TestApp;
  let stripe: Stripe;
  let admin: TestUser;
  let sam: TestUser;

  let shop: StripeShop;
  beforeAll(async () => {
    shop = await startStripeShop(WEBHOOK_SECRET);
    ({ fake, t, stripe } = shop);
    admin = await signUpUser(t.app, { admin: true });
    sam = await signUpUser(t.app, { name: 'Sam Stripe' });
  });
  afterAll(() => shop.close());

  const postEvent = (payload: string) => shop.postEvent(payload);
  const refundsDue = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/refunds-due', headers: bearer(user.token) });

  it("the webhook of a line's own payment refunds it through Stripe's Refunds API; the line stays unpaid", async () => {
    const placed = await twoLineCheckout(t, admin, sam);
    const legacy = await legacyLineIntent(t, placed.orders[0]);
    const pi = await stripe.paymentIntents.confirm(legacy.id, { payment_method: 'pm_card_visa' });
    const res = await postEvent(fake.event('payment_intent.succeeded', pi));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, ignored: expect.stringContaining('paid only together') });
    const calls = fake.calls('POST', '/v1/refunds');
    expect(calls.at(-1)!.params).toMatchObject({ payment_intent: pi.id, amount: '11600' });
    expect(calls.at(-1)!.headers['idempotency-key']).toBe(`refund-${pi.id}`);
    expect(fake.refunded(pi.id)).toBe(11600);
    expect(await refundRow(t, pi.id)).toMatchObject({ status: 'refunded', amountCents: 11600 });
    expect((await getCheckout(t, sam, placed._id)).orders.every((o) => !o.paid)).toBe(true);
    // The same event again changes nothing.
    expect((await postEvent(fake.event('payment_intent.succeeded', pi))).statusCode).toBe(200);
    expect(fake.refunded(pi.id)).toBe(11600);
  });

  it('a refund Stripe refuses is flagged "refund due" with its amount for the admin, and the reconciliation refunds it later', async () => {
    const placed = await twoLineCheckout(t, admin, sam);
    const first = (await checkoutIntent(t, sam, placed._id)).json();
    const other = await t.app.payments.createPayment({ checkoutId: placed._id, amountCents: 26000, email: sam.email, idempotencyKey: 'second-tab' });
    const firstId = first.clientSecret.split('_secret_')[0];
    await stripe.paymentIntents.confirm(firstId, { payment_method: 'pm_card_visa' });
    expect((await payCheckoutRequest(t, sam, placed._id, firstId)).statusCode).toBe(200);
    await stripe.paymentIntents.confirm(other.id, { payment_method: 'pm_card_visa' });

    fake.failRefunds = 1;
    const res = await payCheckoutRequest(t, sam, placed._id, other.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ALREADY_PAID', details: { refund: 'refund_due' } });
    expect(res.json().error.message).toContain('the shop will refund it in full');
    expect(fake.refunded(other.id)).toBe(0);

    // The admin sees it, with its amount; a customer may not.
    // Decision 191: the admin's list; a visitor is refused before anything else (401), a customer too (403).
    expect((await t.app.inject({ method: 'GET', url: '/api/refunds-due' })).statusCode).toBe(401);
    expect((await refundsDue(sam)).statusCode).toBe(403);
    const due = await refundsDue(admin);
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual([
      expect.objectContaining({ paymentId: other.id, amount: 260, currency: 'usd', checkoutId: placed._id, email: sam.email, attempts: 1 }),
    ]);
    const flagged = (await auditOf(t, 'payment.refund_due')).find((a) => (a.after as { paymentId?: string }).paymentId === other.id);
    // Issue #25 item 5: named by its order number.
    expect(flagged).toMatchObject({ entityType: 'order', entityId: placed.number, after: { refundDue: true, amount: 260 } });
    expect(flagged?.note).toContain('Refund due: $260.00');

    const sweep = await reconcilePayments(t.app);
    expect(sweep.refunded).toContain(other.id);
    expect(fake.refunded(other.id)).toBe(26000);
    expect((await refundsDue(admin)).json()).toEqual([]);
    expect(await refundRow(t, other.id)).toMatchObject({ status: 'refunded', attempts: 2 });
    // The checkout keeps its one payment.
    expect((await getCheckout(t, sam, placed._id)).transactionId).toBe(firstId);
  });
});
