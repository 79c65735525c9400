import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderPage, Order, Purchase } from '@shop/shared';
import { orders } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';

/** GET /api/allorders with paging, status and search; GET /api/allorders/export.csv. */

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let brakeOrders: Order[];
let paidOrder: Order;
let deliveredOrder: Order;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  alice = await signUpUser(t.app, { name: 'Alice Throttle', email: 'alice.throttle@example.com' });
  bob = await signUpUser(t.app, { name: 'Bob Sprocket', email: 'bob.sprocket@example.com' });
  const pads = await addProduct(t.app, admin, { name: 'Brake pads EBC FA196HH', stock: 1000 });
  const chain = await addProduct(t.app, admin, { name: 'Chain kit 520 =SUM(A1)', stock: 1000 });
  brakeOrders = [];
  for (let i = 0; i < 5; i++) brakeOrders.push(await placeOrder(t.app, alice, pads._id, 1 + i));
  paidOrder = await placeOrder(t.app, bob, chain._id, 2);
  await payOrder(t.app, bob, paidOrder._id);
  deliveredOrder = await placeOrder(t.app, bob, chain._id, 3);
  await payOrder(t.app, bob, deliveredOrder._id);
  const delivered = await t.app.inject({ method: 'PATCH', url: `/api/paidorders/${deliveredOrder._id}`, headers: bearer(admin.token) });
  expect(delivered.statusCode).toBe(200);
});
afterAll(async () => t.close());

const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const page = async (query: string) => {
  const res = await get(`/api/allorders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminOrderPage;
};

describe('GET /api/allorders', () => {
  it("still answers the spec's array without parameters", async () => {
    const res = await get('/api/allorders');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(7);
  });

  it('pages newest first with total and pages', async () => {
    const first = await page('page=1&limit=3');
    expect(first).toMatchObject({ total: 7, page: 1, limit: 3, pages: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.items[0]._id).toBe(deliveredOrder._id);
    const last = await page('page=3&limit=3');
    expect(last.items).toHaveLength(1);
    expect(last.items[0]._id).toBe(brakeOrders[0]._id);
    const seen = new Set([...first.items, ...(await page('page=2&limit=3')).items, ...last.items].map((o) => o._id));
    expect(seen.size).toBe(7);
    const beyond = await page('page=9&limit=3');
    expect(beyond.items).toEqual([]);
  });

  it('filters by status and counts every tab', async () => {
    const unpaid = await page('status=unpaid');
    expect(unpaid.total).toBe(5);
    expect(unpaid.items.every((o) => !o.paid)).toBe(true);
    expect(unpaid.counts).toEqual({ all: 7, unpaid: 5, paid: 1, delivered: 1, expired: 0, cancelled: 0 });
    const paid = await page('status=paid');
    expect(paid.items.map((o) => o._id)).toEqual([paidOrder._id]);
    const delivered = await page('status=delivered');
    expect(delivered.items.map((o) => o._id)).toEqual([deliveredOrder._id]);
  });

  it('searches by customer e-mail, customer name, product name and order id', async () => {
    expect((await page('q=BOB.SPROCKET@')).total).toBe(2);
    expect((await page('q=alice%20throttle')).total).toBe(5);
    expect((await page('q=fa196')).total).toBe(5);
    const byId = await page(`q=${paidOrder._id.slice(0, 8).toUpperCase()}`);
    expect(byId.items.map((o) => o._id)).toEqual([paidOrder._id]);
    const none = await page('q=%25');
    expect(none.total).toBe(0);
    const combined = await page('q=bob&status=delivered');
    expect(combined.items.map((o) => o._id)).toEqual([deliveredOrder._id]);
    expect(combined.counts).toMatchObject({ all: 2, unpaid: 0, paid: 1, delivered: 1 });
  });

  it('answers 400 with a message for bad parameters', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be 1 or more'],
      ['limit=500', 'limit must be 100 or less'],
      ['page=abc', 'page must be a number'],
      ['status=lost', 'status must be one of all, unpaid, paid, delivered, expired'],
    ]) {
      const res = await get(`/api/allorders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/allorders?page=1', '')).statusCode).toBe(401);
    const res = await get('/api/allorders?page=1', alice.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().items).toBeUndefined();
  });
});

describe('issue #24: a lone order is an order with its own number', () => {
  it('numbers every order placed with POST /order, and the number opens it as a single order', async () => {
    const numbers = [...brakeOrders, paidOrder, deliveredOrder].map((o) => o.orderNumber);
    expect(numbers.every((n) => /^TT-\d+$/.test(n ?? ''))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
    const res = await get(`/api/purchases/${paidOrder.orderNumber}`, bob.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'single', number: paidOrder.orderNumber, _id: paidOrder._id, status: 'paid' });
    // It keeps its part's number, as a checkout's lines do.
    expect((res.json() as Purchase).lines[0].sku).not.toBe('');
    expect((await get(`/api/purchases/${paidOrder.orderNumber}`, alice.token)).statusCode).toBe(404);
  });
});

describe('GET /api/allorders/export.csv', () => {
  it('exports the filtered orders with a header row, safe for spreadsheets', async () => {
    const res = await get('/api/allorders/export.csv?q=bob');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual([deliveredOrder._id, paidOrder._id]);
    expect(rows[0]).toMatchObject({ status: 'delivered', email: 'bob.sprocket@example.com', quantity: '3', productName: 'Chain kit 520 =SUM(A1)' });
    expect(rows[1].status).toBe('paid');
    // Issue #24: every line names its order's number.
    expect(rows[0].orderNumber).toMatch(/^TT-\d+$/);
    expect(Number(rows[1].price)).toBe(paidOrder.price);
    const unpaid = parse((await get('/api/allorders/export.csv?status=unpaid')).body, { columns: true }) as Record<string, string>[];
    expect(unpaid).toHaveLength(5);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const product = await addProduct(t.app, admin, { name: '=HYPERLINK("http://evil.example")' });
    await placeOrder(t.app, alice, product._id, 1);
    const rows = parse((await get('/api/allorders/export.csv?q=hyperlink')).body, { columns: true }) as Record<string, string>[];
    expect(rows[0].productName).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/allorders/export.csv', '')).statusCode).toBe(401);
    expect((await get('/api/allorders/export.csv', bob.token)).statusCode).toBe(403);
  });
});

describe('GET /api/allorders and the catalogue', () => {
  it('finds orders by the part number, without regard to case, spaces or dashes, and puts expired orders in their own tab', async () => {
    const product = await addProduct(t.app, admin, { name: 'Spark plug', sku: 'NGK-CR9EIX' });
    const order = await placeOrder(t.app, alice, product._id, 1);
    const byPart = await page('q=cr9%20eix');
    expect(byPart.items.map((o) => o._id)).toEqual([order._id]);
    await t.app.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order._id));
    const expired = await page('status=expired');
    expect(expired.items.map((o) => o._id)).toEqual([order._id]);
    expect((await page('q=cr9eix&status=unpaid')).total).toBe(0);
  });
});
