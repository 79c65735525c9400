import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, placeOrder } from './orders-fixtures';

/** POST /api/product and DELETE /api/product/{id}: admin only, validated, orders survive a deletion. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const valid = {
  name: 'Chain lube 400 ml',
  unitPrice: '9.90',
  stock: '240',
  description: 'Synthetic O/X-ring chain lube.',
  minOrder: '12',
  image: 'https://cdn.example.com/chain-lube.png',
};
const postProduct = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: '/api/product', headers, payload });
const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as { _id: string; name: string }[];

describe('POST /api/product', () => {
  it('adds a product for an admin, with the image sent as `image` and dollar prices', async () => {
    const res = await postProduct(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Chain lube 400 ml', unitPrice: 9.9, stock: 240, minOrder: 12, img: valid.image, description: valid.description });
    expect((await catalogue()).map((p) => p._id)).toContain(res.json()._id);
  });

  it('refuses a visitor (401) and a customer (403), and adds nothing', async () => {
    const before = (await catalogue()).length;
    const visitor = await postProduct(valid, {});
    expect(visitor.statusCode).toBe(401);
    const byCustomer = await postProduct(valid, bearer(customer.token));
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error).toMatchObject({ code: 'ADMIN_ONLY', message: 'Only administrators can do that.' });
    expect(await catalogue()).toHaveLength(before);
  });

  it('says what is wrong with each field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: Name is Required'],
      [{ name: '   ' }, 'name: Name is Required'],
      [{ description: '' }, 'description: Description is Required'],
      [{ image: '' }, 'image: Image URL is Required'],
      [{ image: 'javascript:alert(1)' }, 'image: Image must be an http(s) URL or a path on this site'],
      [{ unitPrice: 'cheap' }, 'unitPrice: Unit price must be a number'],
      [{ unitPrice: 0 }, 'unitPrice: Unit price must be more than 0'],
      [{ stock: -1 }, 'stock: Stock cannot be negative'],
      [{ stock: 2.5 }, 'stock: Stock must be a whole number'],
      [{ minOrder: 0 }, 'minOrder: Minimum order must be at least 1'],
      [{ minOrder: 'x' }, 'minOrder: Minimum order must be a number'],
    ];
    const before = (await catalogue()).length;
    for (const [patch, message] of cases) {
      const res = await postProduct({ ...valid, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const { name: _name, ...withoutName } = valid;
    const missing = await postProduct(withoutName);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^name: /);
    expect(await catalogue()).toHaveLength(before);
  });
});

describe('DELETE /api/product/{id}', () => {
  it('refuses a visitor (401) and a customer (403), and keeps the product', async () => {
    const product = await addProduct(t.app, admin);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}` })).statusCode).toBe(401);
    const byCustomer = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(customer.token) });
    expect(byCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(200);
  });

  it('deletes for an admin; the product is gone and a second delete is 404', async () => {
    const product = await addProduct(t.app, admin);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(404);
    expect((await catalogue()).map((p) => p._id)).not.toContain(product._id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
    expect(again.statusCode).toBe(404);
  });

  it("keeps the product's orders, with their name and price, for the customer and the admin", async () => {
    const product = await addProduct(t.app, admin, { name: 'Old-stock carburettor kit', unitPrice: 45.5, minOrder: 2, stock: 10 });
    const order = await placeOrder(t.app, customer, product._id, 3);
    expect(order.price).toBe(68.25);
    await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });

    const mine = (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(customer.token) })).json();
    expect(mine).toMatchObject({ _id: order._id, productId: null, productName: 'Old-stock carburettor kit', quantity: 3, price: 68.25 });
    const all = (await t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(admin.token) })).json();
    expect(all.find((o: { _id: string }) => o._id === order._id)).toMatchObject({ productId: null, productName: 'Old-stock carburettor kit' });
  });
});
