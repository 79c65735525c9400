import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product, Purchase } from '@shop/shared';
import { auditLog, orderRefunds, orders, testPaymentIntents, testPaymentRefunds } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, getProductStock, payOrder, placeOrder, readOutbox } from './orders-fixtures';

/**
 * Issue #39 item 9 (decision 189): a customer cancels their own paid order before anything of it ships, and is
 * refunded in full through the payment provider (the test processor's own tables are read, not the shop's answer).
 */

const TEXAS = { name: 'Dana Garage', line1: '500 Main St', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', phone: '+15125550100' };

describe('a customer cancels a paid order that has not shipped', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let pads: Product;
  let tyre: Product;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
  const cancel = (ref: string, user: TestUser | null = alice) => api(user, 'POST', `/api/purchases/${ref}/cancel`);
  const ship = (ref: string, lines: { orderId: string; quantity: number }[]) =>
    api(admin, 'POST', `/api/purchases/${ref}/shipments`, { carrier: 'ups', trackingNumber: '1Z999AA10123456784', lines });
  const providerRefundedCents = async (paymentId: string) =>
    Number(
      (
        await t.app.db
          .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
          .from(testPaymentRefunds)
          .where(eq(testPaymentRefunds.paymentId, paymentId))
      )[0].cents,
    );

  /** A paid checkout of Alice's: 2 brake pads and 1 tyre, shipped to Texas. */
  async function paidCheckout(): Promise<Checkout> {
    for (const [p, q] of [
      [pads, 2],
      [tyre, 1],
    ] as const) {
      expect((await api(alice, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
    }
    const placed = await api(alice, 'POST', '/api/checkout', { shippingAddress: TEXAS });
    expect(placed.statusCode, placed.body).toBe(201);
    const order: Checkout = placed.json();
    const intent = await api(alice, 'POST', '/api/create-payment-intent', { checkoutId: order._id });
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id as string;
    const paid = await api(alice, 'PATCH', `/api/checkouts/${order._id}`, { transactionId: pi });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json();
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Workshop' });
    pads = await addProduct(t.app, admin, { name: 'Brake pads', unitPrice: 40, stock: 50 });
    tyre = await addProduct(t.app, admin, { name: 'Rear tyre', unitPrice: 149, stock: 50, weightGrams: 5000 });
  });
  afterAll(async () => t.close());

  it('refunds the whole amount at the provider, puts the parts back in stock, issues a credit note, says Cancelled and tells both sides', async () => {
    const padsBefore = await getProductStock(t.app, pads._id);
    const tyreBefore = await getProductStock(t.app, tyre._id);
    const order = await paidCheckout();
    expect(await getProductStock(t.app, pads._id)).toBe(padsBefore - 2);
    expect(order.total).toBeGreaterThan(0);

    const res = await cancel(order.number);
    expect(res.statusCode, res.body).toBe(200);
    const view: Purchase = res.json();
    expect(view.status).toBe('cancelled');
    expect(view.cancelledAt).not.toBeNull();
    expect(view.refunded).toBe(order.total);
    expect(view.total).toBe(order.total);
    expect(view.refunds).toHaveLength(1);
    expect(view.refunds[0]).toMatchObject({ status: 'succeeded', total: order.total, restocked: true });
    expect(view.refunds[0].creditNoteNumber).toMatch(/^CN-/);
    // The provider gave back every cent of the payment.
    expect(await providerRefundedCents(order.transactionId!)).toBe(Math.round(order.total * 100));
    const [intent] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.transactionId!));
    expect(intent.amountRefundedCents).toBe(intent.amountCents);
    // The units are for sale again.
    expect(await getProductStock(t.app, pads._id)).toBe(padsBefore);
    expect(await getProductStock(t.app, tyre._id)).toBe(tyreBefore);
    // My Orders lists it as cancelled, refunded.
    const mine = await api(alice, 'GET', '/api/purchases?status=cancelled');
    expect(mine.json().items.map((p: Purchase) => p.number)).toContain(order.number);
    // The admin's tabs list it under Cancelled, no longer under Paid (nothing waits to ship).
    const adminTab = async (status: string) =>
      (await api(admin, 'GET', `/api/allorders?status=${status}&limit=100`)).json().items.map((o: { _id: string }) => o._id);
    const lineIds = order.orders.map((o) => o._id);
    expect(await adminTab('paid')).not.toEqual(expect.arrayContaining([lineIds[0]]));
    expect(await adminTab('cancelled')).toEqual(expect.arrayContaining(lineIds));
    // The customer's e-mail names the amount, with the credit note; the shop's inbox hears of it, Reply-To the customer.
    const mails = readOutbox(t.dataDir);
    const customerMail = mails.filter(
      (m) => m.to === alice.email && m.subject === `Your order ${order.number} is cancelled: $${order.total.toFixed(2)} refunded`,
    );
    expect(customerMail).toHaveLength(1);
    expect(customerMail[0].text).toContain('everything you paid');
    const owner = mails.filter((m) => m.subject.startsWith(`Order cancelled by customer: ${order.number}`));
    expect(owner).toHaveLength(1);
    expect(owner[0].to).toBe(t.app.config.SHOP_INBOX_EMAIL);
    expect((owner[0] as { replyTo?: string }).replyTo).toBe(alice.email);
    expect(owner[0].text).toContain('do not ship it');
    // The Activity log says who cancelled it.
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, order.number));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.cancel', 'order.refund']));
    // Nothing can ship or be refunded any more.
    const late = await ship(order.number, [{ orderId: order.orders[0]._id, quantity: 1 }]);
    expect(late.statusCode).toBe(409);
    // Cancelling again refunds nothing more and answers the same cancelled order.
    const again = await cancel(order.number);
    expect(again.statusCode).toBe(200);
    expect(again.json().refunds).toHaveLength(1);
    expect(await providerRefundedCents(order.transactionId!)).toBe(Math.round(order.total * 100));
    expect(readOutbox(t.dataDir).filter((m) => m.subject.startsWith(`Order cancelled by customer: ${order.number}`))).toHaveLength(1);
  });

  it('a lone (one-product) order is cancelled and refunded alike', async () => {
    const before = await getProductStock(t.app, pads._id);
    const order = await placeOrder(t.app, alice, pads._id, 3);
    const paid = await payOrder(t.app, alice, order._id);
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', kind: 'single' });
    expect(res.json().refunded).toBe(res.json().total);
    expect(await providerRefundedCents(paid.transactionId!)).toBe(Math.round(res.json().total * 100));
    expect(await getProductStock(t.app, pads._id)).toBe(before);
  });

  it('refuses a visitor (401), another customer and an admin (404), an unknown order (404)', async () => {
    const order = await paidCheckout();
    expect((await cancel(order.number, null)).statusCode).toBe(401);
    const other = await cancel(order.number, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await cancel(order.number, admin)).statusCode).toBe(404);
    expect((await cancel('TT-1')).statusCode).toBe(404);
    expect((await cancel('not-an-order')).statusCode).toBe(404);
    // Still paid, nothing refunded.
    expect((await api(alice, 'GET', `/api/purchases/${order.number}`)).json()).toMatchObject({ status: 'paid', refunded: 0 });
  });

  it('a shipped order answers 409 with a clear message and is not refunded', async () => {
    const order = await paidCheckout();
    expect((await ship(order.number, [{ orderId: order.orders[0]._id, quantity: 1 }])).statusCode).toBe(201);
    const res = await cancel(order.number);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_SHIPPED');
    expect(res.json().error.message).toBe(
      `Order ${order.number} has already shipped, so it can no longer be cancelled. Once it arrives you can ask to return the parts from the order page.`,
    );
    expect(await providerRefundedCents(order.transactionId!)).toBe(0);
  });

  it('an order with a refund already is refused (409); an unpaid order is cancelled with the unpaid cancel instead', async () => {
    const order = await paidCheckout();
    const partial = await api(admin, 'POST', `/api/purchases/${order.number}/refunds`, {
      amount: 5,
      reason: 'Late',
      idempotencyKey: randomUUID(),
    });
    expect(partial.statusCode).toBe(201);
    const res = await cancel(order.number);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_REFUND_IN_PROGRESS');

    const unpaid = await placeOrder(t.app, alice, pads._id, 1);
    const refused = await cancel(unpaid._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ORDER_NOT_PAID');
    expect(refused.json().error.message).toContain('is not paid yet');
    // The existing cancel of an unpaid order still does it.
    expect((await api(alice, 'DELETE', `/api/orders/${unpaid._id}`)).statusCode).toBe(200);
    expect((await api(alice, 'GET', `/api/purchases/${unpaid._id}`)).json()).toMatchObject({ status: 'cancelled', refunded: 0 });
    expect((await cancel(unpaid._id)).json().error.code).toBe('ORDER_CANCELLED');
  });

  it('a double click (two cancels at once) refunds once', async () => {
    const order = await paidCheckout();
    const answers = await Promise.all([cancel(order.number), cancel(order.number), cancel(order.number)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const refunds = await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderKey, order._id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0].status).toBe('succeeded');
    expect(await providerRefundedCents(order.transactionId!)).toBe(Math.round(order.total * 100));
    expect(readOutbox(t.dataDir).filter((m) => m.subject.startsWith(`Your order ${order.number} is cancelled`))).toHaveLength(1);
  });

  it('a refund the provider refuses leaves the order paid, as it was, and can be tried again', async () => {
    const order = await paidCheckout();
    // The money went back at the provider by other means: it refuses a second refund of it.
    await t.app.db
      .update(testPaymentIntents)
      .set({ amountRefundedCents: sql`${testPaymentIntents.amountCents}` })
      .where(eq(testPaymentIntents.id, order.transactionId!));
    const res = await cancel(order.number);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('REFUND_FAILED');
    const view = (await api(alice, 'GET', `/api/purchases/${order.number}`)).json();
    expect(view).toMatchObject({ status: 'paid', refunded: 0, cancelledAt: null });
    const rows = await t.app.db.select().from(orders).where(eq(orders.checkoutId, order._id));
    expect(rows.every((o) => o.status === 'paid')).toBe(true);
    // Parts are still held for it (nothing was put back).
    await t.app.db.update(testPaymentIntents).set({ amountRefundedCents: 0 }).where(eq(testPaymentIntents.id, order.transactionId!));
    const retry = await cancel(order.number);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('cancelled');
  });

  it('a cancel and a shipment at the same moment: exactly one wins, never both shipped and refunded', async () => {
    for (let i = 0; i < 4; i += 1) {
      const order = await paidCheckout();
      const [cancelled, shipped] = await Promise.all([cancel(order.number), ship(order.number, [{ orderId: order.orders[0]._id, quantity: 1 }])]);
      const codes = [cancelled.statusCode, shipped.statusCode];
      expect(
        codes.filter((c) => c === 200 || c === 201),
        JSON.stringify([cancelled.body, shipped.body]),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(1);
      const view: Purchase = (await api(alice, 'GET', `/api/purchases/${order.number}`)).json();
      const refundedAtProvider = await providerRefundedCents(order.transactionId!);
      if (cancelled.statusCode === 200) {
        expect(view.shipments).toHaveLength(0);
        expect(view.status).toBe('cancelled');
        expect(refundedAtProvider).toBe(Math.round(order.total * 100));
      } else {
        expect(cancelled.json().error.code).toBe('ORDER_SHIPPED');
        expect(view.shipments).toHaveLength(1);
        expect(view.refunds).toHaveLength(0);
        expect(refundedAtProvider).toBe(0);
      }
    }
  });
});
