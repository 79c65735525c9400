import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, Purchase } from '@shop/shared';
import type { MailMessage } from '../src/lib/mailer';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, payOrder, placeOrder, readOutbox, recordPaymentRequest } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #39 item 2 (decision 180): the shop's inbox hears of every paid order and every return request, once each,
 * after the commit; a mail outage never fails the request; the customer's e-mails that say "reply to this e-mail"
 * carry the inbox as their Reply-To.
 */

const INBOX = 'orders-desk@torque-throttle.example';

describe("the shop's inbox is told", () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let lever: Product;
  let chain: Product;

  const inboxMail = (about: string) =>
    readOutbox(t.dataDir).filter((m) => m.to === INBOX && m.subject.includes(about)) as (ReturnType<typeof readOutbox>[number] & { replyTo?: string })[];
  const purchase = async (ref: string): Promise<Purchase> =>
    (await t.app.inject({ method: 'GET', url: `/api/purchases/${ref}`, headers: bearer(admin.token) })).json();
  const ship = (ref: string, orderId: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/purchases/${ref}/shipments`,
      headers: bearer(admin.token),
      payload: { carrier: 'dhl', trackingNumber: 'JD014600006281230704', lines: [{ orderId, quantity }] },
    });
  const askReturn = (ref: string, orderId: string, quantity: number, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/purchases/${ref}/returns`,
      headers: bearer(alice.token),
      payload: { lines: [{ orderId, quantity }], reason: 'damaged', note },
    });

  beforeAll(async () => {
    t = await createTestApp({ SHOP_INBOX_EMAIL: INBOX });
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    lever = await addProduct(t.app, admin, { name: 'Clutch lever', unitPrice: 30, minOrder: 1, stock: 50 });
    chain = await addProduct(t.app, admin, { name: 'Drive chain', unitPrice: 80, minOrder: 1, stock: 50 });
  });
  afterAll(async () => t.close());

  it('a paid lone order: one mail with its number, customer, country, line, total and the admin link, even when the payment is reported twice', async () => {
    const order = await placeOrder(t.app, alice, lever._id, 2);
    const paid: Order = await payOrder(t.app, alice, order._id);
    const again = await recordPaymentRequest(t.app, alice, order._id, paid.transactionId!);
    expect(again.statusCode).toBe(200);
    const { number, total } = await purchase(order._id);

    const mails = inboxMail(`Paid: order ${number},`);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Paid: order ${number}, Clutch lever × 2, $${total.toFixed(2)} to Germany`);
    expect(mail.replyTo).toBe(alice.email);
    expect(mail.text).toContain(`Customer: Alice Rider <${alice.email}>`);
    expect(mail.text).toContain('Ship to: Germany');
    expect(mail.text).toContain('Clutch lever × 2: $60.00');
    expect(mail.text).toContain(`Total paid: $${total.toFixed(2)} (test payment, no real money)`);
    expect(mail.text).toContain(`http://localhost:${t.app.config.PORT}/dashboard/myorders/${number}`);
    expect(mail.html).toContain(`/dashboard/myorders/${number}`);

    // The receipt says "reply to this e-mail": the reply reaches the shop's inbox.
    const receipt = readOutbox(t.dataDir).find((m) => m.to === alice.email && m.subject.includes(`order ${number} paid`)) as { replyTo?: string; text: string };
    expect(receipt.text).toContain('Reply to this e-mail');
    expect(receipt.replyTo).toBe(INBOX);
  });

  it('a paid checkout: one mail for the whole order with every line, reported twice', async () => {
    for (const [p, q] of [
      [lever, 1],
      [chain, 1],
    ] as const) {
      await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${p._id}`, headers: bearer(alice.token), payload: { quantity: q } });
    }
    const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(alice.token), payload: SHIP_TO });
    expect(placed.statusCode, placed.body).toBe(201);
    const { _id: checkoutId, number, total } = placed.json();
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: { checkoutId } });
    const pm = await createPaymentMethod(t.app, CARDS.success);
    const pi = (await confirmPayment(t.app, intent.json().clientSecret, pm.json().id)).json().paymentIntent.id;
    const report = () => t.app.inject({ method: 'PATCH', url: `/api/checkouts/${checkoutId}`, headers: bearer(alice.token), payload: { transactionId: pi } });
    expect((await report()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(200);

    const mails = inboxMail(`Paid: order ${number},`);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Paid: order ${number}, 2 parts, $${total.toFixed(2)} to US`);
    expect(mails[0].text).toContain('Clutch lever × 1: $30.00');
    expect(mails[0].text).toContain('Drive chain × 1: $80.00');
    expect(mails[0].text).toContain(`/dashboard/myorders/${number}`);
  });

  it('a return request: one mail per request, with its lines, reason and note; the customer’s copy replies to the inbox', async () => {
    const order = await placeOrder(t.app, alice, lever._id, 3);
    await payOrder(t.app, alice, order._id);
    expect((await ship(order._id, order._id, 3)).statusCode).toBe(201);
    const { number } = await purchase(order._id);

    expect((await askReturn(order._id, order._id, 1, 'Bent <in> the box')).statusCode).toBe(201);
    expect((await askReturn(order._id, order._id, 1)).statusCode).toBe(201);
    const mails = inboxMail(`Return requested: order ${number},`);
    expect(mails).toHaveLength(2);
    const [first, second] = mails;
    expect(first.subject).toBe(`Return requested: order ${number}, damaged`);
    expect(first.replyTo).toBe(alice.email);
    expect(first.text).toContain(`Customer: Alice Rider <${alice.email}>`);
    expect(first.text).toContain('Reason: Damaged');
    expect(first.text).toContain('Note: Bent <in> the box');
    expect(first.html).toContain('Bent &lt;in&gt; the box');
    expect(first.text).toContain('Clutch lever × 1');
    expect(first.text).toContain(`/dashboard/myorders/${number}`);
    expect(second.text).toContain('Note: —');

    const copy = readOutbox(t.dataDir).find((m) => m.to === alice.email && m.subject === `We have your return request for order ${number}`) as {
      replyTo?: string;
    };
    expect(copy.replyTo).toBe(INBOX);
  });

  it('a mail outage never fails the payment or the return request: it is logged', async () => {
    const order = await placeOrder(t.app, alice, lever._id, 2);
    const original = t.app.mailer.send;
    t.app.mailer.send = async (msg: MailMessage) => {
      if (msg.to === INBOX) throw new Error('SMTP is down');
      return original.call(t.app.mailer, msg);
    };
    try {
      const paid = await payOrder(t.app, alice, order._id);
      expect(paid.paid).toBe(true);
      expect((await ship(order._id, order._id, 2)).statusCode).toBe(201);
      expect((await askReturn(order._id, order._id, 1)).statusCode).toBe(201);
    } finally {
      t.app.mailer.send = original;
    }
    const { number } = await purchase(order._id);
    expect(inboxMail(`order ${number},`)).toHaveLength(0);
    expect(readOutbox(t.dataDir).some((m) => m.to === alice.email && m.subject.includes(`order ${number} paid`))).toBe(true);
  });
});

describe('GET /api/admin/waiting: what waits on the shop', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;

  const waiting = (user: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/admin/waiting', headers: user ? bearer(user.token) : {} });
  const post = (user: TestUser, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  const counts = async () => {
    const res = await waiting(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
  });
  afterAll(async () => t.close());

  it('is for admins only: a visitor 401, a customer 403', async () => {
    expect((await waiting(null)).statusCode).toBe(401);
    expect((await waiting(alice)).statusCode).toBe(403);
  });

  it('counts paid orders with nothing shipped, each step of a return, refunds due and open messages', async () => {
    expect(await counts()).toEqual({ toShip: 0, returnsToApprove: 0, returnsToReceive: 0, refundsDue: 0, openMessages: 0 });
    const part = await addProduct(t.app, admin, { name: 'Brake pads', unitPrice: 20, minOrder: 1, stock: 50 });
    const unpaid = await placeOrder(t.app, alice, part._id, 1);
    const first = await placeOrder(t.app, alice, part._id, 2);
    await payOrder(t.app, alice, first._id);
    const second = await placeOrder(t.app, alice, part._id, 2);
    await payOrder(t.app, alice, second._id);
    expect(unpaid.paid).toBe(false);
    expect(await counts()).toMatchObject({ toShip: 2 });

    // A parcel leaves: the order no longer waits to be shipped.
    const shipped = await post(admin, `/api/purchases/${second._id}/shipments`, {
      carrier: 'dhl',
      trackingNumber: 'JD014600006281230704',
      lines: [{ orderId: second._id, quantity: 1 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(await counts()).toMatchObject({ toShip: 1 });

    const asked = await post(alice, `/api/purchases/${second._id}/returns`, { lines: [{ orderId: second._id, quantity: 1 }], reason: 'damaged' });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = (asked.json() as Purchase).returns[0]!._id;
    expect(await counts()).toMatchObject({ returnsToApprove: 1, returnsToReceive: 0, refundsDue: 0 });
    expect((await post(admin, `/api/returns/${returnId}/approve`)).statusCode).toBe(200);
    expect(await counts()).toMatchObject({ returnsToApprove: 0, returnsToReceive: 1, refundsDue: 0 });
    expect((await post(admin, `/api/returns/${returnId}/receive`)).statusCode).toBe(200);
    expect(await counts()).toMatchObject({ returnsToApprove: 0, returnsToReceive: 0, refundsDue: 1 });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'workshop@example.com', subject: 'Fitment', message: 'Does it fit a 2012 model?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await counts()).toEqual({ toShip: 1, returnsToApprove: 0, returnsToReceive: 0, refundsDue: 1, openMessages: 1 });
  });
});
