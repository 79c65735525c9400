import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/**
 * Issue #39 item 7: a name or description over its limit, or a price with more than two decimals, is
 * refused with a 400 that says so; nothing is cut or rounded on the way in (a 540-character name was
 * stored as 119 characters, 92.999 as $93.00).
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => t.close());

const NEW = { name: 'Chain 520', unitPrice: 92.99, stock: 10, minOrder: 1, description: 'O-ring chain.', image: '/images/products/oil-filter-hf204.svg' };
const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(admin.token), payload });
const patch = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers: bearer(admin.token), payload });
const getProduct = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
const catalogueSize = async () => ((await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[]).length;

describe('product limits are refused, not cut', () => {
  it('POST /product refuses a 540-character name, a 2,001-character description and 92.999, and adds nothing', async () => {
    const before = await catalogueSize();
    const name = await post({ ...NEW, name: 'N'.repeat(540) });
    expect(name.statusCode).toBe(400);
    expect(name.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'name: Name must be 120 characters or fewer (it has 540, 420 too many)' });
    const description = await post({ ...NEW, description: 'D'.repeat(2001) });
    expect(description.statusCode).toBe(400);
    expect(description.json().error.message).toBe('description: Description must be 2,000 characters or fewer (it has 2,001, 1 too many)');
    for (const unitPrice of [92.999, '92.999', 0.015]) {
      const price = await post({ ...NEW, unitPrice });
      expect(price.statusCode, String(unitPrice)).toBe(400);
      expect(price.json().error.message).toBe('unitPrice: Unit price must have at most two decimals (dollars and cents, e.g. 92.99)');
    }
    const tier = await post({ ...NEW, priceTiers: [{ minQuantity: 10, unitPrice: 80.125 }] });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().error.message).toBe('priceTiers.0.unitPrice: Tier price must have at most two decimals (dollars and cents, e.g. 92.99)');
    expect(await catalogueSize()).toBe(before);

    // At the limits everything is kept as sent.
    const ok = await post({ ...NEW, name: 'N'.repeat(120), description: 'D'.repeat(2000), unitPrice: '92.99' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'N'.repeat(120), unitPrice: 92.99 });
    expect((ok.json() as Product).description).toHaveLength(2000);
  });

  it('PATCH /product/{id} refuses the same and keeps the product as it was', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 40, minOrder: 1 });
    const name = await patch(p._id, { version: p.version, name: 'N'.repeat(540) });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.message).toBe('name: Name must be 120 characters or fewer (it has 540, 420 too many)');
    const price = await patch(p._id, { version: p.version, unitPrice: 92.999 });
    expect(price.statusCode).toBe(400);
    expect(price.json().error.message).toBe('unitPrice: Unit price must have at most two decimals (dollars and cents, e.g. 92.99)');
    expect(await getProduct(p._id)).toMatchObject({ name: p.name, unitPrice: 40, version: p.version });
  });
});
