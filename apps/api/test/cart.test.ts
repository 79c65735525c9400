import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPrice } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/** Issue #9 part 4: the server cart (decision 120). */

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

const getCart = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) });
const putLine = (user: TestUser, productId: string, quantity: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });
const deleteLine = (user: TestUser, productId: string) => t.app.inject({ method: 'DELETE', url: `/api/cart/lines/${productId}`, headers: bearer(user.token) });
const merge = (user: TestUser, lines: { productId: string; quantity: number }[]) =>
  t.app.inject({ method: 'POST', url: '/api/cart/merge', headers: bearer(user.token), payload: { lines } });

async function emptyCart(user: TestUser) {
  for (const line of (await getCart(user)).json().lines) await deleteLine(user, line.productId);
}

describe('the cart', () => {
  it('starts empty', async () => {
    const res = await getCart(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], total: 0 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('adds, changes and removes lines; line totals and the total follow the shared price rule', async () => {
    const pads = await addProduct(t.app, admin, { name: 'A brake pads', unitPrice: 10, minOrder: 3, stock: 50 });
    const chain = await addProduct(t.app, admin, { name: 'B chain', unitPrice: 30, minOrder: 10, stock: 200 });

    let res = await putLine(alice, pads._id, 4);
    expect(res.statusCode).toBe(200);
    res = await putLine(alice, chain._id, 25);
    expect(res.statusCode).toBe(200);
    let cart = res.json();
    expect(cart.lines.map((l: { productId: string; quantity: number; lineTotal: number }) => [l.productId, l.quantity, l.lineTotal])).toEqual([
      [pads._id, 4, 13.33], // 10 / 3 × 4 = 13.333… rounded half-up
      [chain._id, 25, 75],
    ]);
    expect(cart.lines[0].lineTotal).toBe(orderPrice(10, 3, 4));
    expect(cart.lines[0].product).toMatchObject({ _id: pads._id, name: 'A brake pads', minOrder: 3, stock: 50, unitPrice: 10 });
    expect(cart.total).toBe(88.33);

    // Setting a line again replaces its quantity (it does not add up).
    res = await putLine(alice, pads._id, 5);
    cart = res.json();
    expect(cart.lines[0]).toMatchObject({ quantity: 5, lineTotal: 16.67 });
    expect(cart.total).toBe(91.67);

    // 0 removes a line.
    res = await putLine(alice, pads._id, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines.map((l: { productId: string }) => l.productId)).toEqual([chain._id]);

    // DELETE removes a line; again changes nothing.
    res = await deleteLine(alice, chain._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], total: 0 });
    expect((await deleteLine(alice, chain._id)).statusCode).toBe(200);
  });

  it('refuses a quantity outside minOrder..stock with 400 naming the rule, and keeps the line as it was', async () => {
    const part = await addProduct(t.app, admin, { unitPrice: 5, minOrder: 10, stock: 40 });
    await putLine(alice, part._id, 20);
    for (const quantity of [9, 41, 1]) {
      const res = await putLine(alice, part._id, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_QUANTITY', details: { minOrder: 10, stock: 40 } });
      expect(res.json().error.message).toContain('between 10 and 40');
    }
    for (const quantity of [-1, 2.5, 'ten']) {
      const res = await putLine(alice, part._id, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const missing = await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${part._id}`, headers: bearer(alice.token), payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await getCart(alice)).json().lines).toMatchObject([{ productId: part._id, quantity: 20 }]);
    await emptyCart(alice);
  });

  it('answers 404 for an unknown product', async () => {
    for (const id of [NIL_UUID, 'not-a-uuid']) {
      const res = await putLine(alice, id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PRODUCT_NOT_FOUND');
    }
  });

  it('drops a line whose product is deleted (cascade)', async () => {
    const part = await addProduct(t.app, admin, { unitPrice: 5, minOrder: 1, stock: 40 });
    await putLine(alice, part._id, 2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${part._id}`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(200);
    expect((await getCart(alice)).json()).toEqual({ lines: [], total: 0 });
  });

  it("is each customer's own: another customer's cart is separate", async () => {
    const part = await addProduct(t.app, admin, { unitPrice: 5, minOrder: 1, stock: 40 });
    await putLine(alice, part._id, 3);
    expect((await getCart(bob)).json().lines).toEqual([]);
    // Bob removing "the same" line only touches his own cart.
    await deleteLine(bob, part._id);
    expect((await getCart(alice)).json().lines).toMatchObject([{ productId: part._id, quantity: 3 }]);
    await emptyCart(alice);
  });
});

describe('POST /api/cart/merge (a guest cart at sign-in)', () => {
  it('takes the larger quantity, clamps to minOrder..stock, drops unknown and sold-out products, and answers the merged cart', async () => {
    const kept = await addProduct(t.app, admin, { name: 'M1 kept', unitPrice: 10, minOrder: 2, stock: 100 });
    const larger = await addProduct(t.app, admin, { name: 'M2 larger', unitPrice: 10, minOrder: 2, stock: 100 });
    const tooMany = await addProduct(t.app, admin, { name: 'M3 too many', unitPrice: 10, minOrder: 2, stock: 7 });
    const tooFew = await addProduct(t.app, admin, { name: 'M4 too few', unitPrice: 10, minOrder: 5, stock: 100 });
    const soldOut = await addProduct(t.app, admin, { name: 'M5 sold out', unitPrice: 10, minOrder: 5, stock: 3 });
    await putLine(bob, kept._id, 10);
    await putLine(bob, larger._id, 4);

    const res = await merge(bob, [
      { productId: kept._id, quantity: 3 },
      { productId: larger._id, quantity: 9 },
      { productId: tooMany._id, quantity: 50 },
      { productId: tooFew._id, quantity: 1 },
      { productId: soldOut._id, quantity: 5 },
      { productId: NIL_UUID, quantity: 2 },
      { productId: 'garbage', quantity: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      [kept._id, 10],
      [larger._id, 9],
      [tooMany._id, 7],
      [tooFew._id, 5],
    ]);
    expect(cart.total).toBe(orderPrice(10, 2, 10) + orderPrice(10, 2, 9) + orderPrice(10, 2, 7) + orderPrice(10, 5, 5));

    // Merging the same browser cart again (a second sign-in, another device) changes nothing.
    const again = await merge(bob, [
      { productId: kept._id, quantity: 3 },
      { productId: larger._id, quantity: 9 },
    ]);
    expect(again.json()).toEqual(cart);
    expect((await getCart(bob)).json()).toEqual(cart);
    await emptyCart(bob);
  });

  it('accepts an empty guest cart and answers the account cart', async () => {
    const res = await merge(alice, []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], total: 0 });
  });

  it('refuses a malformed body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cart/merge', headers: bearer(alice.token), payload: { lines: 'x' } });
    expect(res.statusCode).toBe(400);
    const negative = await merge(alice, [{ productId: NIL_UUID, quantity: -2 }]);
    expect(negative.statusCode).toBe(400);
  });
});

describe('authorization', () => {
  it('every cart call needs a signed-in customer (401 for a visitor or a bad token)', async () => {
    const part = await addProduct(t.app, admin, { unitPrice: 5, minOrder: 1, stock: 40 });
    const calls = [
      { method: 'GET' as const, url: '/api/cart' },
      { method: 'PUT' as const, url: `/api/cart/lines/${part._id}`, payload: { quantity: 1 } },
      { method: 'DELETE' as const, url: `/api/cart/lines/${part._id}` },
      { method: 'POST' as const, url: '/api/cart/merge', payload: { lines: [] } },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.app.inject({ ...call, headers: bearer('not-a-token') })).statusCode).toBe(401);
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/cart', '/api/cart/lines/{productId}', '/api/cart/merge']));
    expect(doc.paths['/api/cart/lines/{productId}'].put.security).toEqual([{ bearerAuth: [] }]);
  });
});
