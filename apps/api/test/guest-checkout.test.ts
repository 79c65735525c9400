import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, orders } from '../src/db/schema';
import crypto from 'node:crypto';
import { guestToken } from '../src/modules/guest/guest-token';
import { customerOrderUrl } from '../src/modules/guest/guest-link';
import { bearer, cookieHeader, createTestApp, latestVerificationLink, syncToken, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, CARDS, confirmPayment, createPaymentMethod, getProductStock, readOutbox } from './orders-fixtures';
import { OREGON } from './support/ship-to';

/** Issue #39 item 9 (decision 188): guest checkout, its link, its caps, and linking to an account after verification. */

let ipCounter = 0;
const someIp = () => `203.0.113.${++ipCounter}`;
let mailCounter = 0;
const someEmail = (name = 'guest') => `${name}${++mailCounter}-${Date.now().toString(36)}@example.org`;

interface Placed {
  id: string;
  token: string;
  number: string;
  email: string;
}

const guestCheckout = (t: TestApp, body: Record<string, unknown>, ip = someIp()) =>
  t.app.inject({ method: 'POST', url: '/api/guest/checkout', payload: body, remoteAddress: ip });
const guestOrder = (t: TestApp, token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/guest/order', headers: token === undefined ? {} : { 'x-guest-token': token } });

async function placeGuest(t: TestApp, productId: string, quantity: number, email = someEmail(), ip = someIp()): Promise<Placed> {
  const res = await guestCheckout(t, { email, lines: [{ productId, quantity }], shippingAddress: OREGON }, ip);
  if (res.statusCode !== 201) throw new Error(`guest checkout failed: ${res.statusCode} ${res.body}`);
  const { checkout, token } = res.json();
  return { id: checkout._id, token, number: checkout.number, email };
}

/** What the guest order page does with the test processor: the intent, the card, then the record. */
async function payGuest(t: TestApp, token: string) {
  const intent = await t.app.inject({ method: 'POST', url: '/api/guest/order/payment-intent', headers: { 'x-guest-token': token } });
  expect(intent.statusCode, intent.body).toBe(200);
  const pm = await createPaymentMethod(t.app, CARDS.success);
  const confirmed = await confirmPayment(t.app, intent.json().clientSecret, pm.json().id);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return t.app.inject({
    method: 'PATCH',
    url: '/api/guest/order',
    headers: { 'x-guest-token': token },
    payload: { transactionId: confirmed.json().paymentIntent.id },
  });
}

describe('guest checkout (decision 188)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ EXPIRY_SWEEP_SECONDS: 0, MAX_UNPAID_ORDERS: 2 });
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    productId = (await addProduct(t.app, admin, { name: 'Guest brake pads', unitPrice: 60, stock: 50 }))._id;
  });
  afterAll(() => t.close());

  it('places, pays and follows an order without an account: reserved stock, the receipt with the link, the order and its invoice through it', async () => {
    const before = await getProductStock(t.app, productId);
    const email = someEmail('Rider');
    const placed = await placeGuest(t, productId, 2, email);
    expect(await getProductStock(t.app, productId)).toBe(before - 2);
    const [head] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, placed.id));
    expect(head).toMatchObject({ guest: true, userId: null, email: email.toLowerCase() });
    const lines = await t.app.db.select().from(orders).where(eq(orders.checkoutId, placed.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ userId: null, email: email.toLowerCase(), userName: OREGON.name, quantity: 2, status: 'unpaid' });

    const unpaid = await guestOrder(t, placed.token);
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json()).toMatchObject({ _id: placed.id, status: 'unpaid', guest: true, number: placed.number, invoiceNumber: null, total: 120 });

    const paid = await payGuest(t, placed.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');

    // The same receipt as a customer's, to the guest's address, with the order's link instead of My Orders.
    const receipts = readOutbox(t.dataDir).filter((m) => m.to === email.toLowerCase() && m.subject.startsWith('Your receipt'));
    expect(receipts).toHaveLength(1);
    const link = receipts[0].text.match(/Follow your order: (\S+)/)?.[1] ?? '';
    expect(link).toBe(`${t.app.config.publicUrl}/guest-order#${placed.token}`);
    expect(receipts[0].text).not.toContain('/dashboard/myorders/');

    const view = await guestOrder(t, new URL(link).hash.slice(1));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'paid', guest: true, shipments: [] });
    expect(view.json().invoiceNumber).toMatch(/^INV-/);
    const pdf = await t.app.inject({ method: 'GET', url: '/api/guest/order/invoice.pdf', headers: { 'x-guest-token': placed.token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Paying again is refused as for a customer's checkout.
    const again = await t.app.inject({ method: 'POST', url: '/api/guest/order/payment-intent', headers: { 'x-guest-token': placed.token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_PAID');
  });

  it('sends the guest the order’s own link in the shipment and refund e-mails, never My Orders (they have no account)', async () => {
    const email = someEmail('Shipped');
    const placed = await placeGuest(t, productId, 2, email);
    expect((await payGuest(t, placed.token)).statusCode).toBe(200);
    const [line] = await t.app.db.select().from(orders).where(eq(orders.checkoutId, placed.id));
    const asAdmin = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload });
    const shipped = await asAdmin(`/api/purchases/${placed.number}/shipments`, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ orderId: line.id, quantity: 1 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const refunded = await asAdmin(`/api/purchases/${placed.number}/refunds`, { amount: 5, reason: 'Scratched box', idempotencyKey: crypto.randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(201);

    const link = `${t.app.config.publicUrl}/guest-order#${placed.token}`;
    const mails = readOutbox(t.dataDir).filter((m) => m.to === email.toLowerCase());
    const shipment = mails.find((m) => m.subject.includes('has shipped'));
    const refund = mails.find((m) => m.subject.startsWith('We refunded'));
    for (const mail of [shipment, refund]) {
      expect(mail?.text).toContain(`Your order: ${link}`);
      expect(mail?.text).not.toContain('/dashboard/myorders/');
    }
    // A customer's order still points to My Orders.
    expect(await customerOrderUrl(t.app.db, t.app.config, crypto.randomUUID(), 'TT-1')).toBe(`${t.app.config.publicUrl}/dashboard/myorders/TT-1`);
  });

  it('opens only the order of its own token: none, altered, a customer’s checkout id signed, another customer and a visitor all get 404', async () => {
    const a = await placeGuest(t, productId, 1);
    const b = await placeGuest(t, productId, 1);
    expect((await guestOrder(t, a.token)).json()._id).toBe(a.id);
    expect((await guestOrder(t, b.token)).json()._id).toBe(b.id);

    for (const token of [undefined, '', 'nonsense', `${a.id}.`, `${a.id}.${b.token.split('.')[1]}`, `${b.id}.${a.token.split('.')[1]}`, a.token.slice(0, -1)]) {
      const res = await guestOrder(t, token);
      expect(res.statusCode, String(token)).toBe(404);
      expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
    }
    const noPay = await t.app.inject({ method: 'POST', url: '/api/guest/order/payment-intent', headers: { 'x-guest-token': `${a.id}.x` } });
    expect(noPay.statusCode).toBe(404);
    const noPdf = await t.app.inject({ method: 'GET', url: '/api/guest/order/invoice.pdf', headers: { 'x-guest-token': `${a.id}.x` } });
    expect(noPdf.statusCode).toBe(404);
    // Unpaid: no invoice yet, even with the right token.
    expect((await t.app.inject({ method: 'GET', url: '/api/guest/order/invoice.pdf', headers: { 'x-guest-token': a.token } })).statusCode).toBe(404);

    // A customer's own checkout cannot be opened as a guest's, even with a correctly signed token.
    await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(alice.token), payload: { quantity: 1 } });
    const mine = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(alice.token), payload: { shippingAddress: OREGON } });
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await guestOrder(t, guestToken(t.app.config, mine.json()._id))).statusCode).toBe(404);

    // A signed-in other customer, and a visitor, reach the guest order by none of the account routes.
    for (const url of [`/api/checkouts/${a.id}`, `/api/purchases/${a.number}`, `/api/purchases/${a.id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(alice.token) })).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: { checkoutId: a.id } });
    expect(pay.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/purchases?limit=50', headers: bearer(alice.token) });
    expect(list.json().items.map((p: { _id: string }) => p._id)).not.toContain(a.id);

    // The admin sees it in Manage All Orders, marked as a guest's.
    const all = await t.app.inject({ method: 'GET', url: `/api/admin/purchases?q=${a.number}`, headers: bearer(admin.token) });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().items).toEqual([expect.objectContaining({ _id: a.id, guest: true, email: a.email.toLowerCase() })]);
    const one = await t.app.inject({ method: 'GET', url: `/api/purchases/${a.number}`, headers: bearer(admin.token) });
    expect(one.json()).toMatchObject({ _id: a.id, guest: true });
    // A customer's order carries no guest mark.
    const own = await t.app.inject({ method: 'GET', url: `/api/purchases/${mine.json().number}`, headers: bearer(admin.token) });
    expect(own.json()).not.toHaveProperty('guest');
  });

  it('refuses bad input with 4xx and a message, and a short line by name, reserving nothing', async () => {
    const bad = await guestCheckout(t, { email: 'not-an-email', lines: [{ productId, quantity: 1 }], shippingAddress: OREGON });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Provide a valid Email');
    const empty = await guestCheckout(t, { email: someEmail(), lines: [], shippingAddress: OREGON });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Your cart is empty');
    const unknown = await guestCheckout(t, {
      email: someEmail(),
      lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      shippingAddress: OREGON,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PRODUCT_NOT_FOUND');
    const stock = await getProductStock(t.app, productId);
    const short = await guestCheckout(t, { email: someEmail(), lines: [{ productId, quantity: stock + 1 }], shippingAddress: OREGON });
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe('CHECKOUT_SHORT');
    expect(short.json().error.message).toContain('Guest brake pads');
    expect(await getProductStock(t.app, productId)).toBe(stock);
  });

  it('caps unpaid guest checkouts per e-mail address and per client address (MAX_UNPAID_ORDERS)', async () => {
    const email = someEmail('holder');
    await placeGuest(t, productId, 1, email, someIp());
    await placeGuest(t, productId, 1, email.toUpperCase(), someIp());
    const third = await guestCheckout(t, { email, lines: [{ productId, quantity: 1 }], shippingAddress: OREGON }, someIp());
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');

    const ip = someIp();
    await placeGuest(t, productId, 1, someEmail(), ip);
    await placeGuest(t, productId, 1, someEmail(), ip);
    const fromSameIp = await guestCheckout(t, { email: someEmail(), lines: [{ productId, quantity: 1 }], shippingAddress: OREGON }, ip);
    expect(fromSameIp.statusCode).toBe(409);
    expect(fromSameIp.json().error.code).toBe('TOO_MANY_UNPAID_ORDERS');
  });

  it('quotes a browser cart like a customer’s cart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guest/checkout/quote',
      payload: { lines: [{ productId, quantity: 1 }], country: 'US', region: 'OR' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options.length).toBeGreaterThan(0);
    expect(res.json().goods).toBe(60);
  });

  it('links guest orders to an account only once its address is verified: a sign-up with the address alone sees nothing', async () => {
    const victim = someEmail('victim');
    const placed = await placeGuest(t, productId, 1, victim);
    expect((await payGuest(t, placed.token)).statusCode).toBe(200);

    // Someone signs up with the victim's address and never opens the e-mail.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.app.config.publicUrl },
      payload: { email: victim, password: 'attacker-password-1', name: 'Mallory' },
    });
    expect(signUp.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.app.config.publicUrl },
      payload: { email: victim, password: 'attacker-password-1' },
    });
    expect(signIn.statusCode).not.toBe(200);
    expect(signIn.headers['set-cookie'] ?? '').not.toContain('session_token');
    const [stillGuest] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, placed.id));
    expect(stillGuest.userId).toBeNull();
    expect(stillGuest.linkedAt).toBeNull();

    // The owner of the mailbox opens the verification link: the order is theirs now, in My Orders.
    const link = latestVerificationLink(t.app, victim.toLowerCase());
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const token = await syncToken(t.app, victim.toLowerCase(), 'Mallory', cookieHeader(opened.headers['set-cookie']));
    const [linked] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, placed.id));
    expect(linked.userId).not.toBeNull();
    expect(linked.linkedAt).not.toBeNull();
    const lines = await t.app.db.select().from(orders).where(eq(orders.checkoutId, placed.id));
    expect(lines.every((o) => o.userId === linked.userId)).toBe(true);
    const mine = await t.app.inject({ method: 'GET', url: '/api/purchases', headers: bearer(token) });
    expect(mine.json().items).toEqual([expect.objectContaining({ _id: placed.id, status: 'paid', guest: true })]);
    const spec = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(victim.toLowerCase())}`, headers: bearer(token) });
    expect(spec.json().map((o: { checkoutId?: string }) => o.checkoutId)).toContain(placed.id);
    // The link in the e-mail still opens it.
    expect((await guestOrder(t, placed.token)).statusCode).toBe(200);
  });

  it('gives a verified account the guest orders placed with its address at its next sign-in, and no one else’s', async () => {
    const bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
    const placed = await placeGuest(t, productId, 1, bob.email.toUpperCase());
    const other = await placeGuest(t, productId, 1, someEmail('stranger'));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.app.config.publicUrl },
      payload: { email: bob.email, password: bob.password },
    });
    expect(signIn.statusCode).toBe(200);
    const [head] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, placed.id));
    expect(head.userId).toBe(bob.id);
    const [strangers] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, other.id));
    expect(strangers.userId).toBeNull();
    // Bob may pay it as his own now.
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(bob.token), payload: { checkoutId: placed.id } });
    expect(intent.statusCode, intent.body).toBe(200);
  });
});
