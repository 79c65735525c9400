import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product, Purchase } from '@shop/shared';
import { auditLog, stockMovements, testPaymentIntents } from '../src/db/schema';
import { documents } from '../src/db/schema/documents';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { pdfText } from './support/pdf-text';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, getProductStock, payOrder, placeOrder, readOutbox } from './orders-fixtures';
import { startStripeShop, type StripeShop } from './support/stripe-shop';

/**
 * Issue #25 item 3 (decision 162): an admin refunds a paid order in full or in
 * part (lines and units, the shipping, a free amount) through the payment
 * provider, once per idempotency key, until nothing is left; each refund
 * issues a credit note, can put units back in stock and e-mails the customer.
 * Figures are worked out by hand in the comments.
 */

const BERLIN = { name: 'Jonas Weber', line1: 'Friedrichstraße 10', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '030 901820' };
const year = new Date().getUTCFullYear();
const cn = (n: number) => `CN-${year}-${String(n).padStart(6, '0')}`;

describe('refunds through the test processor', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let a: Product;
  let b: Product;
  let order: Checkout;

  const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(payload ? { payload } : {}) });
  const refund = (body: Record<string, unknown>, user: TestUser | null = admin, ref = order.number) =>
    api(user, 'POST', `/api/purchases/${ref}/refunds`, { reason: 'Wrong part', idempotencyKey: randomUUID(), ...body });
  const lineOf = (p: Product) => order.orders.find((o) => o.productId === p._id)!._id;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Workshop' });
    // A: $30 a unit; B: $10 a lot of 2. Both 20 g.
    a = await addProduct(t.app, admin, { name: 'Brake lever', unitPrice: 30, minOrder: 1, stock: 50 });
    b = await addProduct(t.app, admin, { name: 'Cable ties', unitPrice: 10, minOrder: 2, stock: 50 });
    for (const [p, q] of [
      [a, 3],
      [b, 4],
    ] as const) {
      expect((await api(alice, 'PUT', `/api/cart/lines/${p._id}`, { quantity: q })).statusCode).toBe(200);
    }
    // To Berlin: goods 90 + 20 = 110; DHL Parcel International 24.99; VAT 19 %: 17.10 + 3.80 + 4.75 = 25.65; total 160.64.
    const placed = await api(alice, 'POST', '/api/checkout', { shippingAddress: BERLIN });
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json();
    expect(order.total).toBe(160.64);
    const intent = await api(alice, 'POST', '/api/create-payment-intent', { checkoutId: order._id });
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id as string;
    expect((await api(alice, 'PATCH', `/api/checkouts/${order._id}`, { transactionId: pi })).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  it('refuses a visitor, the customer, another customer and bad input; an unpaid order cannot be refunded', async () => {
    expect((await refund({ lines: [{ orderId: lineOf(a), quantity: 1 }] }, null)).statusCode).toBe(401);
    expect((await refund({ lines: [{ orderId: lineOf(a), quantity: 1 }] }, alice)).statusCode).toBe(403);
    expect((await refund({ lines: [{ orderId: lineOf(a), quantity: 1 }] }, bob)).statusCode).toBe(403);
    const noReason = await refund({ reason: '', shipping: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('Say why it is refunded.');
    expect((await refund({ shipping: true, idempotencyKey: 'again' })).statusCode).toBe(400);
    expect((await refund({ amount: 1.005 })).json().error.message).toContain('at most 2 decimals');
    expect((await refund({})).json().error).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' });
    expect((await refund({ shipping: true }, admin, 'TT-1')).statusCode).toBe(404);
    const unpaid = await placeOrder(t.app, bob, a._id, 1);
    const notPaid = await refund({ amount: 1 }, admin, unpaid._id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('REFUND_NOT_PAID');
    // Nothing was refunded by any of these.
    const [intent] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.checkoutId, order._id));
    expect(intent.amountRefundedCents).toBe(0);
  });

  it('one unit of a line, back in stock: goods and its tax, a credit note, an e-mail, the Activity log; the same key again refunds nothing more', async () => {
    const stockBefore = await getProductStock(t.app, a._id);
    const key = randomUUID();
    const res = await refund({ lines: [{ orderId: lineOf(a), quantity: 1 }], restock: true, idempotencyKey: key, reason: 'Does not fit' });
    expect(res.statusCode, res.body).toBe(201);
    const p: Purchase = res.json();
    // 30.00 and 19 % of it (5.70).
    expect(p.refunded).toBe(35.7);
    expect(p.refunds).toMatchObject([
      { total: 35.7, goods: 30, tax: 5.7, shipping: 0, extra: 0, reason: 'Does not fit', restocked: true, status: 'succeeded', creditNoteNumber: cn(1) },
    ]);
    expect(p.lines.find((l) => l.orderId === lineOf(a))!.refundedQuantity).toBe(1);
    expect(await getProductStock(t.app, a._id)).toBe(stockBefore + 1);
    const ledger = await t.app.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, a._id), eq(stockMovements.kind, 'refund_restock')));
    expect(ledger).toMatchObject([{ delta: 1, orderId: lineOf(a) }]);

    // The same request again (a double click): the same refund, no second provider refund, no second e-mail.
    const again = await refund({ lines: [{ orderId: lineOf(a), quantity: 1 }], restock: true, idempotencyKey: key, reason: 'Does not fit' });
    expect(again.statusCode).toBe(201);
    expect(again.json().refunds).toHaveLength(1);
    const [intent] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.checkoutId, order._id));
    expect(intent.amountRefundedCents).toBe(3570);
    expect(await getProductStock(t.app, a._id)).toBe(stockBefore + 1);
    const mails = readOutbox(t.dataDir).filter((m) => m.to === alice.email && m.subject === `We refunded $35.70 of your order ${order.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Brake lever × 1');
    expect(mails[0].text).toContain(`Credit note ${cn(1)} is attached.`);

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'order.refund'));
    expect(entry).toMatchObject({ entityType: 'order', entityId: order.number });
    expect(entry.note).toContain(`Refunded $35.70 of order ${order.number} (1 × Brake lever), units back in stock; credit note ${cn(1)}`);
  });

  it('the credit note refers to the invoice and says what was credited; its customer and an admin can download it, nobody else', async () => {
    const url = `/api/purchases/${order.number}/credit-notes/${cn(1)}.pdf`;
    const mine = await api(alice, 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(mine.rawPayload);
    const [invoice] = await t.app.db
      .select()
      .from(documents)
      .where(and(eq(documents.kind, 'invoice'), eq(documents.checkoutId, order._id)));
    for (const expected of ['CREDIT NOTE', cn(1), invoice.number, order.number, 'Brake lever', '$30.00', '$5.70', '$35.70', 'Does not fit'])
      expect(text).toContain(expected);
    expect((await api(admin, 'GET', url)).statusCode).toBe(200);
    expect((await api(bob, 'GET', url)).statusCode).toBe(404);
    expect((await api(null, 'GET', url)).statusCode).toBe(401);
    const [doc] = await t.app.db
      .select()
      .from(documents)
      .where(eq(documents.number, cn(1)));
    expect(doc).toMatchObject({ kind: 'credit_note', correctsId: invoice.id });
  });

  it('the shipping once, then only what is left, until the order is refunded in full', async () => {
    // Shipping 24.99 with its 4.75 of VAT.
    const shipping = await refund({ shipping: true, reason: 'Late delivery' });
    expect(shipping.statusCode, shipping.body).toBe(201);
    expect(shipping.json().refunded).toBe(65.44);
    const twice = await refund({ shipping: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('The shipping of this order is refunded already.');
    const tooMany = await refund({ lines: [{ orderId: lineOf(a), quantity: 3 }] });
    expect(tooMany.json().error.message).toContain('Only 2 units of that line are left to refund.');
    // 160.64 - 35.70 - 29.74 = 95.20 left.
    const tooMuch = await refund({ amount: 95.21 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toContain('That is more than is left to refund on this order ($95.20).');
    // The rest: 2 × A (60.00 + 11.40) and 4 × B (20.00 + 3.80) = 95.20.
    const rest = await refund({
      lines: [
        { orderId: lineOf(a), quantity: 2 },
        { orderId: lineOf(b), quantity: 4 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ refunded: 160.64 });
    expect(rest.json().refunds.map((r: { total: number }) => r.total)).toEqual([35.7, 29.74, 95.2]);
    const done = await refund({ amount: 0.01 });
    expect(done.json().error.message).toContain('This order is refunded in full already.');
    // What the processor gave back is what the order shows.
    const [intent] = await t.app.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.checkoutId, order._id));
    expect(intent.amountRefundedCents).toBe(16064);
    const mails = readOutbox(t.dataDir).filter((m) => m.to === alice.email && m.subject.startsWith('We refunded'));
    expect(mails.map((m) => m.subject)).toEqual([
      `We refunded $35.70 of your order ${order.number}`,
      `We refunded $29.74 of your order ${order.number}`,
      `We refunded $95.20 of your order ${order.number}`,
    ]);
    expect(mails[2].text).toContain('Your order is now refunded in full.');
  });

  it('a lone order: a free amount, and the customer sees the refunds on the order', async () => {
    // $30 to Germany: 30 + 24.99 + 5.70 + 4.75 = 65.44.
    const lone = await placeOrder(t.app, bob, a._id, 1);
    await payOrder(t.app, bob, lone._id);
    const goodwill = await refund({ amount: 10, reason: 'Goodwill for the delay' }, admin, lone._id);
    expect(goodwill.statusCode, goodwill.body).toBe(201);
    const seen: Purchase = (await api(bob, 'GET', `/api/purchases/${lone._id}`)).json();
    expect(seen).toMatchObject({ total: 65.44, refunded: 10, refunds: [{ total: 10, extra: 10, reason: 'Goodwill for the delay' }] });
  });
});

describe('refunds through Stripe', () => {
  let shop: StripeShop;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    shop = await startStripeShop('whsec_refunds');
    admin = await signUpUser(shop.t.app, { admin: true });
    alice = await signUpUser(shop.t.app);
  });
  afterAll(async () => shop.close());

  it("goes through Stripe's Refunds API for part of the payment, with an idempotency key of its own", async () => {
    const { t, fake, stripe } = shop;
    const part = await addProduct(t.app, admin, { unitPrice: 40, stock: 10 });
    const order = await placeOrder(t.app, alice, part._id, 2);
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: { orderId: order._id } });
    const pi = intent.json().clientSecret.split('_secret_')[0];
    await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/orders/${order._id}`, headers: bearer(alice.token), payload: { transactionId: pi } })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${order._id}/refunds`,
      headers: bearer(admin.token),
      payload: { lines: [{ orderId: order._id, quantity: 1 }], reason: 'Damaged', idempotencyKey: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(201);
    // One of two units: 40.00 and its 19 % VAT (7.60).
    const calls = fake.calls('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0].params).toMatchObject({ payment_intent: pi, amount: '4760' });
    expect(calls[0].headers['idempotency-key']).toMatch(/^order-refund-/);
    expect(res.json().refunds).toMatchObject([{ total: 47.6, status: 'succeeded' }]);
  });
});
