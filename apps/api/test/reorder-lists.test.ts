import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cartSchema, quickOrderResultSchema, reorderListSchema, reorderListSummaryListSchema, type Product, type ReorderList } from '@shop/shared';
import { cartLines, orders, products } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct, placeOrder } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #37 item 3 (decision 207): saved reorder lists. A customer saves a placed order as a named list, reads,
 * renames and deletes it, and adds it to the cart in one click (Order again's check and write, decision 202).
 */

let t: TestApp;
let admin: TestUser;
let buyer: TestUser;
let other: TestUser;
let filter: Product; // sold from 1
let plugs: Product; // sold from 2
let lever: Product; // sold out later
let chain: Product; // deleted later
let order: { _id: string; number: string };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.token) : {}, ...(payload !== undefined && { payload: payload as object }) });
const cartOf = async (who: TestUser) =>
  cartSchema
    .parse((await call('GET', '/cart', who)).json())
    .lines.map((l) => [l.product.sku, l.quantity])
    .sort();
const clearCart = async (who: TestUser) => t.app.db.delete(cartLines).where(eq(cartLines.userId, who.id));

/** A checkout of these parts and quantities, placed through the cart as a customer does. */
async function checkout(who: TestUser, lines: [Product, number][]): Promise<{ _id: string; number: string }> {
  for (const [p, quantity] of lines) {
    const put = await call('POST', '/cart/lines', who, { lines: [{ productId: p._id, quantity }] });
    expect(put.statusCode, put.body).toBe(200);
  }
  const res = await call('POST', '/checkout', who, SHIP_TO);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function save(name: string, fromOrder: string, who: TestUser = buyer): Promise<ReorderList> {
  const res = await call('POST', '/reorder-lists', who, { name, fromOrder });
  expect(res.statusCode, res.body).toBe(201);
  return reorderListSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  buyer = await signUpUser(t.app);
  other = await signUpUser(t.app);
  filter = await addProduct(t.app, admin, { sku: 'RL-FILTER', name: 'Oil filter', unitPrice: 20, stock: 100, minOrder: 1 });
  plugs = await addProduct(t.app, admin, { sku: 'RL-PLUGS', name: 'Spark plugs', unitPrice: 30, stock: 100, minOrder: 2 });
  lever = await addProduct(t.app, admin, { sku: 'RL-LEVER', name: 'Brake lever', unitPrice: 15, stock: 50, minOrder: 1 });
  chain = await addProduct(t.app, admin, { sku: 'RL-CHAIN', name: 'Chain', unitPrice: 60, stock: 50, minOrder: 1 });
  order = await checkout(buyer, [
    [filter, 3],
    [plugs, 4],
    [lever, 2],
    [chain, 1],
  ]);
});
afterAll(async () => t.close());

describe('saving a placed order as a reorder list', () => {
  it('saves the order’s parts and quantities under a name (by its number), public fields only', async () => {
    const list = await save('Weekly service', order.number);
    expect(list.name).toBe('Weekly service');
    expect(list.lineCount).toBe(4);
    expect(list.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['RL-LEVER', 2],
      ['RL-CHAIN', 1],
      ['RL-FILTER', 3],
      ['RL-PLUGS', 4],
    ]);
    expect(list.lines.find((l) => l.sku === 'RL-PLUGS')).toEqual({
      productId: plugs._id,
      sku: 'RL-PLUGS',
      name: 'Spark plugs',
      quantity: 4,
      minOrder: 2,
      stock: expect.any(Number),
      unitPrice: 30,
    });
    const read = await call('GET', `/reorder-lists/${list._id}`, buyer);
    expect(read.statusCode, read.body).toBe(200);
    expect(Object.keys(read.json().lines[0]).sort()).toEqual(['minOrder', 'name', 'productId', 'quantity', 'sku', 'stock', 'unitPrice']);
    expect(reorderListSchema.parse(read.json())).toEqual(list);
  });

  it('adds the quantities of the same part on two lines of one order', async () => {
    // A one-line checkout, and a second line of the same part in it (the cart merges a part, an older order may not).
    const single = await checkout(buyer, [[filter, 2]]);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.checkoutId, single._id));
    const { id: _first, number: _number, ...copy } = row;
    await t.app.db.insert(orders).values({ ...copy, quantity: 5 });
    const list = await save('Filters', single._id);
    expect(list.lines.map((l) => [l.sku, l.quantity])).toEqual([['RL-FILTER', 7]]);
  });

  it('lists the caller’s lists, the last changed first, with their number of parts', async () => {
    const res = await call('GET', '/reorder-lists', buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(reorderListSummaryListSchema.parse(res.json()).map((l) => [l.name, l.lineCount])).toEqual([
      ['Filters', 1],
      ['Weekly service', 4],
    ]);
    expect((await call('GET', '/reorder-lists', other)).json()).toEqual([]);
  });

  it('refuses a name in use (any case) with 409, and bad input with 400 and a message', async () => {
    const dup = await call('POST', '/reorder-lists', buyer, { name: '  weekly SERVICE ', fromOrder: order.number });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().error.message).toBe('You already have a reorder list named “weekly SERVICE”. Choose another name.');
    const noName = await call('POST', '/reorder-lists', buyer, { name: '  ', fromOrder: order.number });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toMatch(/Name is required/);
    const noOrder = await call('POST', '/reorder-lists', buyer, { name: 'No order' });
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().error.message).toMatch(/fromOrder/);
    const long = await call('POST', '/reorder-lists', buyer, { name: 'x'.repeat(81), fromOrder: order.number });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 80 characters/);
  });

  it('renames a list; a name another list has is 409', async () => {
    const [, weekly] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json());
    const res = await call('PATCH', `/reorder-lists/${weekly._id}`, buyer, { name: 'Monday service' });
    expect(res.statusCode, res.body).toBe(200);
    expect(reorderListSchema.parse(res.json()).name).toBe('Monday service');
    const taken = await call('PATCH', `/reorder-lists/${weekly._id}`, buyer, { name: 'FILTERS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/already have a reorder list named “FILTERS”/);
    // The renamed list changed last: it comes first.
    expect(reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json())[0].name).toBe('Monday service');
  });
});

describe('adding a list to the cart', () => {
  it('puts every part with its quantity in the cart in one step', async () => {
    await clearCart(buyer);
    const [list] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json());
    const res = await call('POST', `/reorder-lists/${list._id}/cart`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const r = quickOrderResultSchema.parse(res.json());
    expect(r.dryRun).toBe(false);
    expect(r.problems).toEqual([]);
    expect(r.added.map((a) => [a.sku, a.quantity]).sort()).toEqual([
      ['RL-CHAIN', 1],
      ['RL-FILTER', 3],
      ['RL-LEVER', 2],
      ['RL-PLUGS', 4],
    ]);
    expect(await cartOf(buyer)).toEqual([
      ['RL-CHAIN', 1],
      ['RL-FILTER', 3],
      ['RL-LEVER', 2],
      ['RL-PLUGS', 4],
    ]);
  });

  it('reports a part sold out since and does not add it; a list of that part only adds nothing', async () => {
    const only = await save('Levers', (await placeOrder(t.app, buyer, lever._id, 1))._id);
    await t.app.db.update(products).set({ stock: 0 }).where(eq(products.id, lever._id));
    await clearCart(buyer);
    const alone = quickOrderResultSchema.parse((await call('POST', `/reorder-lists/${only._id}/cart`, buyer)).json());
    expect(alone.added).toEqual([]);
    expect(alone.problems).toMatchObject([{ line: 1, reason: 'out_of_stock', productId: lever._id, available: 0 }]);
    expect(await cartOf(buyer)).toEqual([]);

    const [monday] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json()).filter((l) => l.name === 'Monday service');
    const r = quickOrderResultSchema.parse((await call('POST', `/reorder-lists/${monday._id}/cart`, buyer)).json());
    expect(r.problems).toMatchObject([{ reason: 'out_of_stock', text: 'RL-LEVER × 2', productId: lever._id }]);
    expect(await cartOf(buyer)).toEqual([
      ['RL-CHAIN', 1],
      ['RL-FILTER', 3],
      ['RL-PLUGS', 4],
    ]);
    await t.app.db.update(products).set({ stock: 50 }).where(eq(products.id, lever._id));
  });

  it('drops a part deleted from the catalogue out of the list', async () => {
    await clearCart(buyer);
    const del = await call('DELETE', `/product/${chain._id}`, admin);
    expect(del.statusCode, del.body).toBe(200);
    const [monday] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json()).filter((l) => l.name === 'Monday service');
    expect(monday.lineCount).toBe(3);
    const list = reorderListSchema.parse((await call('GET', `/reorder-lists/${monday._id}`, buyer)).json());
    expect(list.lines.map((l) => l.sku)).toEqual(['RL-LEVER', 'RL-FILTER', 'RL-PLUGS']);
    // Saving the order again leaves the deleted part out.
    expect((await save('Monday again', order.number)).lines.map((l) => l.sku)).toEqual(['RL-LEVER', 'RL-FILTER', 'RL-PLUGS']);
  });
});

describe('who may', () => {
  it('refuses a visitor every call with 401', async () => {
    const [list] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json());
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/reorder-lists'],
      ['POST', '/reorder-lists', { name: 'Mine', fromOrder: order.number }],
      ['GET', `/reorder-lists/${list._id}`],
      ['PATCH', `/reorder-lists/${list._id}`, { name: 'Mine' }],
      ['DELETE', `/reorder-lists/${list._id}`],
      ['POST', `/reorder-lists/${list._id}/cart`],
    ];
    for (const [method, url, body] of calls) expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('answers another customer 404 for the list and for saving from someone else’s order', async () => {
    const [list] = reorderListSummaryListSchema.parse((await call('GET', '/reorder-lists', buyer)).json());
    const theirs = await call('POST', '/reorder-lists', other, { name: 'Stolen', fromOrder: order.number });
    expect(theirs.statusCode).toBe(404);
    expect((await call('POST', '/reorder-lists', other, { name: 'Stolen', fromOrder: order._id })).statusCode).toBe(404);
    expect((await call('POST', '/reorder-lists', buyer, { name: 'None', fromOrder: 'TT-999999' })).statusCode).toBe(404);
    await clearCart(other);
    expect((await call('GET', `/reorder-lists/${list._id}`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/reorder-lists/${list._id}`, other, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('POST', `/reorder-lists/${list._id}/cart`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/reorder-lists/${list._id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/reorder-lists/not-an-id', buyer)).statusCode).toBe(404);
    expect(await cartOf(other)).toEqual([]);
    // The owner still has it, and deletes it.
    expect((await call('GET', `/reorder-lists/${list._id}`, buyer)).statusCode).toBe(200);
    const del = await call('DELETE', `/reorder-lists/${list._id}`, buyer);
    expect(del.statusCode, del.body).toBe(204);
    expect((await call('GET', `/reorder-lists/${list._id}`, buyer)).statusCode).toBe(404);
  });
});
