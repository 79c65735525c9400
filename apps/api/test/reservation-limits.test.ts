import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, getProductStock, orderRequest, payOrder, placeOrder } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #22: one account's unpaid reservations (every unpaid order and
 * checkout line together) are capped in lines, units and value. One new
 * account could put every product at its full stock into one cart, check out,
 * and every product showed stock 0 until the reservation ran out.
 */

const MODAL = SHIP_TO;
const putLine = (t: TestApp, user: TestUser, productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });
const cartLines = async (t: TestApp, user: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) })).json().lines;
const checkout = (t: TestApp, user: TestUser) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user.token), payload: MODAL });
const myOrders = async (t: TestApp, user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(user.email)}`, headers: bearer(user.token) })).json() as unknown[];

describe('the configuration', () => {
  it('defaults to 20 lines, 5,000 units and $25,000, and refuses nonsense', () => {
    const c = loadConfig({ NODE_ENV: 'test' }, {});
    expect(c).toMatchObject({ MAX_UNPAID_LINES: 20, MAX_UNPAID_UNITS: 5000, MAX_UNPAID_VALUE_DOLLARS: 25000 });
    expect(loadConfig({ NODE_ENV: 'test', MAX_UNPAID_VALUE_DOLLARS: '1234.5' }, {}).MAX_UNPAID_VALUE_DOLLARS).toBe(1234.5);
    expect(() => loadConfig({ NODE_ENV: 'test', MAX_UNPAID_LINES: 0 }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', MAX_UNPAID_UNITS: 'many' }, {})).toThrow(/MAX_UNPAID_UNITS/);
  });
});

describe('hoarding through one checkout (the default caps)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // The defaults, set explicitly: the test helper may lift the caps for the other suites.
    t = await createTestApp({ EXPIRY_SWEEP_SECONDS: 0, MAX_UNPAID_LINES: 20, MAX_UNPAID_UNITS: 5000, MAX_UNPAID_VALUE_DOLLARS: 25000 });
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  it('a cart of every product at full stock is refused (409 naming the line limit) before anything is reserved', async () => {
    const hoarder = await signUpUser(t.app);
    const parts = [];
    for (let i = 0; i < 21; i++) parts.push(await addProduct(t.app, admin, { unitPrice: 4, minOrder: 1, stock: 30 }));
    for (const p of parts) expect((await putLine(t, hoarder, p._id, 30)).statusCode).toBe(200);
    const res = await checkout(t, hoarder);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'lines', max: 20, wanted: 21 } });
    expect(res.json().error.message).toContain('Your cart has 21 lines');
    expect(res.json().error.message).toContain('limit: 20 lines');
    for (const p of parts) expect(await getProductStock(t.app, p._id)).toBe(30);
    expect(await myOrders(t, hoarder)).toEqual([]);
    expect(await cartLines(t, hoarder)).toHaveLength(21);
  });

  it('20 lines of 300 units pass the line limit but not the 5,000 units', async () => {
    const hoarder = await signUpUser(t.app);
    const parts = [];
    for (let i = 0; i < 20; i++) parts.push(await addProduct(t.app, admin, { unitPrice: 1, minOrder: 10, stock: 300 }));
    for (const p of parts) await putLine(t, hoarder, p._id, 300);
    const res = await checkout(t, hoarder);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'units', max: 5000, wanted: 6000 } });
    expect(res.json().error.message).toContain('6,000 units');
    expect(res.json().error.message).toContain('limit: 5,000 units');
    for (const p of parts) expect(await getProductStock(t.app, p._id)).toBe(300);
    expect(await myOrders(t, hoarder)).toEqual([]);
  });

  it('a checkout worth more than $25,000 is refused naming the value limit', async () => {
    const hoarder = await signUpUser(t.app);
    const engine = await addProduct(t.app, admin, { unitPrice: 9000, minOrder: 1, stock: 10 });
    await putLine(t, hoarder, engine._id, 3);
    const res = await checkout(t, hoarder);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'value', max: 25000, wanted: 27000 } });
    expect(res.json().error.message).toContain('$27,000.00');
    expect(res.json().error.message).toContain('limit: $25,000.00');
    expect(await getProductStock(t.app, engine._id)).toBe(10);
    // Within the limit it goes through.
    await putLine(t, hoarder, engine._id, 2);
    expect((await checkout(t, hoarder)).statusCode).toBe(201);
    expect(await getProductStock(t.app, engine._id)).toBe(8);
  });
});

describe('single orders and checkouts count together (small caps)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ EXPIRY_SWEEP_SECONDS: 0, MAX_UNPAID_LINES: 3, MAX_UNPAID_UNITS: 100, MAX_UNPAID_VALUE_DOLLARS: 500 });
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  it('lines: the spec orders and the checkout lines of one account add up; a paid order no longer counts', async () => {
    const ann = await signUpUser(t.app);
    const parts = [];
    for (let i = 0; i < 4; i++) parts.push(await addProduct(t.app, admin, { unitPrice: 1, minOrder: 1, stock: 50 }));
    const first = await placeOrder(t.app, ann, parts[0]._id, 1);
    await placeOrder(t.app, ann, parts[1]._id, 1);
    await putLine(t, ann, parts[2]._id, 1);
    await putLine(t, ann, parts[3]._id, 1);
    const refused = await checkout(t, ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'lines', max: 3, wanted: 4 } });
    expect(refused.json().error.message).toContain('limit: 3 lines');
    expect(await getProductStock(t.app, parts[2]._id)).toBe(50);
    for (const p of parts.slice(2)) await putLine(t, ann, p._id, 0);

    await placeOrder(t.app, ann, parts[2]._id, 1);
    const fourth = await orderRequest(t.app, ann, parts[3]._id, 1);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'lines', max: 3, wanted: 4 } });
    expect(await getProductStock(t.app, parts[3]._id)).toBe(50);

    // A paid order holds nothing any more.
    await payOrder(t.app, ann, first._id);
    expect((await orderRequest(t.app, ann, parts[3]._id, 1)).statusCode).toBe(201);
  });

  it('units and value: a single order past either cap is refused with 409 and takes no stock', async () => {
    const ben = await signUpUser(t.app);
    const bolts = await addProduct(t.app, admin, { unitPrice: 1, minOrder: 10, stock: 1000 });
    const units = await orderRequest(t.app, ben, bolts._id, 101);
    expect(units.statusCode).toBe(409);
    expect(units.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'units', max: 100, wanted: 101 } });
    expect(units.json().error.message).toContain('limit: 100 units');
    await placeOrder(t.app, ben, bolts._id, 60);
    const more = await orderRequest(t.app, ben, bolts._id, 41);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.details).toEqual({ limit: 'units', max: 100, wanted: 101 });
    expect(await getProductStock(t.app, bolts._id)).toBe(940);

    const exhaust = await addProduct(t.app, admin, { unitPrice: 450, minOrder: 1, stock: 5 });
    await placeOrder(t.app, ben, exhaust._id, 1);
    const value = await orderRequest(t.app, ben, exhaust._id, 1);
    expect(value.statusCode).toBe(409);
    expect(value.json().error).toMatchObject({ code: 'RESERVATION_LIMIT', details: { limit: 'value', max: 500, wanted: 906 } });
    expect(value.json().error.message).toContain('limit: $500.00');
    expect(await getProductStock(t.app, exhaust._id)).toBe(4);
  });

  it('a cancelled order gives its place back', async () => {
    const cid = await signUpUser(t.app);
    const part = await addProduct(t.app, admin, { unitPrice: 1, minOrder: 1, stock: 500 });
    const big = await placeOrder(t.app, cid, part._id, 100);
    expect((await orderRequest(t.app, cid, part._id, 1)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${big._id}`, headers: bearer(cid.token) })).statusCode).toBe(200);
    expect((await orderRequest(t.app, cid, part._id, 1)).statusCode).toBe(201);
  });
});
