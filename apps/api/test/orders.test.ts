import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, session, user } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser, signOut } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, getProductStock, orderRequest, payOrder, placeOrder } from './orders-fixtures';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
  alice = await signUpUser(t.app, { name: 'Alice Rider' });
  bob = await signUpUser(t.app, { name: 'Bob Mechanic' });
});
afterAll(async () => t.close());

const NIL_UUID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/order', () => {
  it('creates an unpaid order priced by the server, for the signed-in user, and takes the units from stock', async () => {
    const product = await addProduct(t.app, admin, { name: 'Brake pads EBC FA196', unitPrice: 30, minOrder: 10, stock: 200 });
    const res = await orderRequest(t.app, alice, product._id, 25, {
      // A tampering client: every one of these must be ignored.
      price: 0.01,
      paid: true,
      email: 'victim@example.com',
      userName: 'Somebody Else',
      productName: 'Free stuff',
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      productId: product._id,
      productName: 'Brake pads EBC FA196',
      userName: 'Alice Rider',
      email: alice.email,
      country: 'Germany',
      address: 'Ringstraße 1, Berlin',
      // Issue #24: kept in E.164 for the country.
      phone: '+49301234567',
      quantity: 25,
      // unitPrice / minOrder × quantity = 30 / 10 × 25
      price: 75,
      paid: false,
      transactionId: null,
      deleverd: false,
    });
    expect(order._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(order.createdAt))).toBe(false);
    expect(await getProductStock(t.app, product._id)).toBe(175);

    const stored = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(stored.json().price).toBe(75);
    expect(stored.json().paid).toBe(false);
  });

  it('rounds the price half-up to the cent', async () => {
    const product = await addProduct(t.app, admin, { unitPrice: 10, minOrder: 3, stock: 50 });
    expect((await placeOrder(t.app, alice, product._id, 4)).price).toBe(13.33); // 13.333…
    expect((await placeOrder(t.app, alice, product._id, 5)).price).toBe(16.67); // 16.666…
  });

  it('accepts the spec payload with a numeric phone', async () => {
    const product = await addProduct(t.app, admin);
    const res = await orderRequest(t.app, alice, product._id, '3', { phone: 301234567 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity: 3, phone: '+49301234567' });
  });

  it('issue #24: refuses an order that does not say where it ships, and keeps the plus of a phone number', async () => {
    const product = await addProduct(t.app, admin, { stock: 50 });
    const empty = await orderRequest(t.app, alice, product._id, 1, { country: '', address: '', phone: '' });
    expect(empty.statusCode).toBe(400);
    for (const text of ['Enter the country the parts ship to', 'Enter the delivery address', 'Enter a phone number for the carrier']) {
      expect(empty.json().error.message).toContain(text);
    }
    const nowhere = await orderRequest(t.app, alice, product._id, 1, { country: 'Atlantis' });
    expect(nowhere.json().error.message).toContain('We do not know a country called "Atlantis"');
    const badPhone = await orderRequest(t.app, alice, product._id, 1, { country: 'United States', phone: '12' });
    expect(badPhone.json().error.message).toContain('Enter a phone number that can be dialled in United States');
    expect(await getProductStock(t.app, product._id)).toBe(50);
    const us = await orderRequest(t.app, alice, product._id, 1, { country: 'usa', address: '500 Broadway, Nashville, TN 37203', phone: '+1 212 736 5000' });
    expect(us.statusCode).toBe(201);
    expect(us.json()).toMatchObject({ country: 'United States', phone: '+12127365000', orderNumber: expect.stringMatching(/^TT-\d+$/) });
  });

  it('refuses a quantity outside minOrder..stock with the bounds in the message, and keeps the stock', async () => {
    const product = await addProduct(t.app, admin, { minOrder: 5, stock: 20 });
    for (const q of [4, 21]) {
      const res = await orderRequest(t.app, alice, product._id, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_QUANTITY', message: 'Please enter a valid quantity! Order between 5 and 20 units.' });
    }
    for (const q of [0, -3, 2.5, 'many']) {
      const res = await orderRequest(t.app, alice, product._id, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toMatch(/Quantity/);
    }
    expect(await getProductStock(t.app, product._id)).toBe(20);
    // The edges are allowed.
    expect((await orderRequest(t.app, alice, product._id, 5)).statusCode).toBe(201);
    expect((await orderRequest(t.app, alice, product._id, 15)).statusCode).toBe(201);
    expect(await getProductStock(t.app, product._id)).toBe(0);
  });

  it('answers 409 OUT_OF_STOCK once what is left is less than the minimum order', async () => {
    const product = await addProduct(t.app, admin, { minOrder: 4, stock: 6 });
    await placeOrder(t.app, alice, product._id, 4);
    for (const q of [4, 2, 1]) {
      const res = await orderRequest(t.app, bob, product._id, q);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Not enough stock left for that quantity.' });
    }
    expect(await getProductStock(t.app, product._id)).toBe(2);
  });

  it('answers 404 for an unknown product and 400 without a product id', async () => {
    const unknown = await orderRequest(t.app, alice, NIL_UUID, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No product with that id.');
    expect((await orderRequest(t.app, alice, 'not-an-id', 1)).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(alice.token), payload: { quantity: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('productId: productId is required');
  });

  it('refuses a visitor with 401', async () => {
    const product = await addProduct(t.app, admin);
    const res = await t.app.inject({ method: 'POST', url: '/api/order', payload: { productId: product._id, quantity: 1 } });
    expect(res.statusCode).toBe(401);
    // Before any validation: a visitor learns nothing from a malformed body.
    const malformed = await t.app.inject({ method: 'POST', url: '/api/order', payload: { quantity: 'x' } });
    expect(malformed.statusCode).toBe(401);
    expect(await getProductStock(t.app, product._id)).toBe(100);
  });
});

// Decision 140: the session check runs inside the order's transaction, and a token's signature is checked once per process.
describe('POST /api/order: the session and the user are checked with the order', () => {
  const ordersOf = async (customer: TestUser) => (await t.app.db.select().from(orders).where(eq(orders.userId, customer.id))).length;

  it('refuses a signed-out token at once, though the same token placed an order a moment before', async () => {
    const customer = await signUpUser(t.app);
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    expect((await orderRequest(t.app, customer, product._id, 1)).statusCode).toBe(201);
    const out = await signOut(t.app, customer);
    expect(out.statusCode).toBe(200);
    const after = await orderRequest(t.app, customer, product._id, 1);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_ENDED');
    // Nothing was written: one order, one unit out of stock.
    expect(await ordersOf(customer)).toBe(1);
    expect(await getProductStock(t.app, product._id)).toBe(99);
    // An unknown product does not tell a signed-out token anything either.
    expect((await orderRequest(t.app, customer, NIL_UUID, 1)).statusCode).toBe(401);
  });

  it('refuses a banned customer and an expired session with 401, and takes no stock', async () => {
    const customer = await signUpUser(t.app);
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    expect((await orderRequest(t.app, customer, product._id, 1)).statusCode).toBe(201);
    await t.app.db.update(user).set({ banned: true }).where(eq(user.id, customer.id));
    const banned = await orderRequest(t.app, customer, product._id, 1);
    expect(banned.statusCode).toBe(401);
    expect(banned.json().error.code).toBe('SESSION_ENDED');
    await t.app.db.update(user).set({ banned: false }).where(eq(user.id, customer.id));
    expect((await orderRequest(t.app, customer, product._id, 1)).statusCode).toBe(201);
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, customer.id));
    const expired = await orderRequest(t.app, customer, product._id, 1);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('SESSION_ENDED');
    expect(await ordersOf(customer)).toBe(2);
    expect(await getProductStock(t.app, product._id)).toBe(98);
  });

  it('refuses a session that still owes its second factor with 403, and takes no stock', async () => {
    const customer = await signUpUser(t.app);
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    await t.app.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, customer.id));
    const res = await orderRequest(t.app, customer, product._id, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await ordersOf(customer)).toBe(0);
    expect(await getProductStock(t.app, product._id)).toBe(100);
  });

  it("orders as the token's user: name and e-mail from the account as it is now", async () => {
    const customer = await signUpUser(t.app, { name: 'Dora Before' });
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    await t.app.db.update(user).set({ name: 'Dora After' }).where(eq(user.id, customer.id));
    const res = await orderRequest(t.app, customer, product._id, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userName: 'Dora After', email: customer.email });
  });
});

describe('GET /api/orders?email= and GET /api/orders/{id}', () => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await signUpUser(t.app, { name: 'Carol' });
  });

  it("lists the customer's own orders, newest first, and nobody else's", async () => {
    const product = await addProduct(t.app, admin);
    const first = await placeOrder(t.app, carol, product._id, 1);
    const second = await placeOrder(t.app, carol, product._id, 2);
    await placeOrder(t.app, bob, product._id, 3);
    const res = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(carol.email)}`, headers: bearer(carol.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
  });

  it("refuses another customer's e-mail with 403, a visitor with 401 and a missing e-mail with 400", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(carol.email)}`, headers: bearer(bob.token) });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('You can only see your own orders.');
    const visitor = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(carol.email)}` });
    expect(visitor.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(carol.token) });
    expect(missing.statusCode).toBe(400);
  });

  it("lets an admin read anyone's orders", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(carol.email)}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json().every((o: { email: string }) => o.email === carol.email)).toBe(true);
  });

  it('shows one order to its customer and an admin; 404 to another customer, 401 to a visitor', async () => {
    const product = await addProduct(t.app, admin);
    const order = await placeOrder(t.app, carol, product._id, 2);
    const own = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(carol.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: order._id, productName: product.name, userName: 'Carol', quantity: 2, price: 25 });
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(bob.token) });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('No order with that id.');
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${NIL_UUID}`, headers: bearer(carol.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/nope', headers: bearer(carol.token) })).statusCode).toBe(404);
  });
});

describe('DELETE /api/orders/{id}', () => {
  it('cancels an unpaid order of its customer and restores the stock', async () => {
    const product = await addProduct(t.app, admin, { stock: 30 });
    const order = await placeOrder(t.app, alice, product._id, 12);
    expect(await getProductStock(t.app, product._id)).toBe(18);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await getProductStock(t.app, product._id)).toBe(30);
    // Issue #25 item 5 (decision 165): the order is kept as cancelled, not deleted.
    const kept = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(kept.json()).toMatchObject({ _id: order._id, status: 'cancelled', paid: false, expiresAt: null });
    const view = await t.app.inject({ method: 'GET', url: `/api/purchases/${order._id}`, headers: bearer(alice.token) });
    expect(view.json()).toMatchObject({ status: 'cancelled', goods: order.price });
    expect(Date.parse(view.json().cancelledAt)).toBeGreaterThan(Date.parse(order.createdAt) - 1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/purchases?status=cancelled', headers: bearer(alice.token) });
    expect(mine.json().items.map((p: { _id: string }) => p._id)).toContain(order._id);
    expect(mine.json().counts.cancelled).toBeGreaterThanOrEqual(1);
    // The spec's list of lines leaves it out, as the spec's delete did.
    const lines = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(alice.email)}`, headers: bearer(alice.token) });
    expect(lines.json().map((o: { _id: string }) => o._id)).not.toContain(order._id);
    // Cancelling again changes nothing; paying it is refused.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(alice.token) });
    expect(again.statusCode).toBe(200);
    expect(await getProductStock(t.app, product._id)).toBe(30);
    const pay = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: bearer(alice.token), payload: { orderId: order._id } });
    expect([pay.statusCode, pay.json().error.code]).toEqual([409, 'ORDER_CANCELLED']);
  });

  it("refuses another customer (404, order kept) and a visitor (401); an admin may cancel a customer's unpaid order", async () => {
    const product = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, alice, product._id, 4);
    const other = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(bob.token) });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) })).statusCode).toBe(200);
    expect(await getProductStock(t.app, product._id)).toBe(6);

    const byAdmin = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(admin.token) });
    expect(byAdmin.statusCode).toBe(200);
    expect(await getProductStock(t.app, product._id)).toBe(10);
  });

  it('refuses to cancel a paid order with 409, for the customer and the admin', async () => {
    const product = await addProduct(t.app, admin, { stock: 10 });
    const order = await placeOrder(t.app, alice, product._id, 3);
    await payOrder(t.app, alice, order._id);
    for (const who of [alice, admin]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(who.token) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'ORDER_PAID', message: 'Paid orders cannot be cancelled.' });
    }
    expect(await getProductStock(t.app, product._id)).toBe(7);
  });
});

describe('admin: GET /api/allorders and PATCH /api/paidorders/{id}', () => {
  it('lists every order, newest first, for an admin only', async () => {
    const product = await addProduct(t.app, admin);
    const a = await placeOrder(t.app, alice, product._id, 1);
    const b = await placeOrder(t.app, bob, product._id, 1);
    const res = await t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((o: { _id: string }) => o._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(ids.indexOf(a._id)).toBeGreaterThanOrEqual(0);
    const emails = new Set(res.json().map((o: { email: string }) => o.email));
    expect(emails.has(alice.email) && emails.has(bob.email)).toBe(true);

    const customer = await t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(alice.token) });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error.code).toBe('ADMIN_ONLY');
    expect((await t.app.inject({ method: 'GET', url: '/api/allorders' })).statusCode).toBe(401);
  });

  it('delivers only paid orders (409 for unpaid), idempotently, and only for an admin', async () => {
    const product = await addProduct(t.app, admin);
    const order = await placeOrder(t.app, alice, product._id, 2);

    const unpaid = await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}`, headers: bearer(admin.token) });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error).toMatchObject({ code: 'ORDER_NOT_PAID', message: 'Only paid orders can be marked as delivered.' });

    const paid = await payOrder(t.app, alice, order._id);
    expect(paid).toMatchObject({ paid: true, deleverd: false });

    const customer = await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}`, headers: bearer(alice.token) });
    expect(customer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(alice.token) })).json().deleverd).toBe(false);

    const delivered = await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}`, headers: bearer(admin.token) });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ _id: order._id, paid: true, deleverd: true, transactionId: paid.transactionId });
    const again = await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}`, headers: bearer(admin.token), payload: {} });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(delivered.json());

    expect((await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${NIL_UUID}`, headers: bearer(admin.token) })).statusCode).toBe(404);
  });
});

describe('deleting a product', () => {
  it('keeps its orders with their name and price; the product id becomes null', async () => {
    const product = await addProduct(t.app, admin, { name: 'Discontinued exhaust', unitPrice: 199.99, stock: 5 });
    const unpaid = await placeOrder(t.app, alice, product._id, 1);
    const paidOrder = await placeOrder(t.app, alice, product._id, 2);
    await payOrder(t.app, alice, paidOrder._id);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(alice.email)}`, headers: bearer(alice.token) });
    const kept = list.json().filter((o: { _id: string }) => o._id === unpaid._id || o._id === paidOrder._id);
    expect(kept).toHaveLength(2);
    for (const o of kept) expect(o).toMatchObject({ productId: null, productName: 'Discontinued exhaust' });
    expect(kept.find((o: { _id: string }) => o._id === paidOrder._id)).toMatchObject({ price: 399.98, paid: true });

    // The unpaid one can still be cancelled; there is no stock left to restore.
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${unpaid._id}`, headers: bearer(alice.token) });
    expect(cancel.statusCode).toBe(200);
  });
});
