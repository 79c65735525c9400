import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/**
 * Issue #22: every price, base and tier, is at least 1 cent once stored. A
 * price that rounds to $0.00 (0.004) was stored as 0 cents and an order for
 * it was "paid" with a $0 payment intent.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => t.close());

const NEW = { name: 'Washer M6', unitPrice: 1, stock: 1000, minOrder: 10, description: 'Plain washer.', image: '/images/products/oil-filter-hf204.svg' };
const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(admin.token), payload });
const patch = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers: bearer(admin.token), payload });
const catalogue = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Product[];
const getProduct = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;

describe('a price below one cent', () => {
  it('POST /product refuses a base price that rounds to $0.00 with a clear 400, and adds nothing', async () => {
    const before = (await catalogue()).length;
    for (const unitPrice of [0.004, '0.004', 0.0001]) {
      const res = await post({ ...NEW, unitPrice });
      expect(res.statusCode, String(unitPrice)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'unitPrice: Unit price must be at least $0.01 (1 cent)' });
    }
    expect(await catalogue()).toHaveLength(before);
    // One cent is the smallest price, and it is kept as one cent.
    const cent = await post({ ...NEW, unitPrice: 0.01 });
    expect(cent.statusCode).toBe(201);
    expect(cent.json().unitPrice).toBe(0.01);
  });

  it('POST /product refuses a tier price that rounds to $0.00', async () => {
    const res = await post({ ...NEW, priceTiers: [{ minQuantity: 100, unitPrice: 0.004 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('priceTiers.0.unitPrice: Tier price must be at least $0.01 (1 cent)');
  });

  it('PATCH /product/{id} refuses such a base or tier price and keeps the product as it was', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 2, minOrder: 10 });
    const base = await patch(p._id, { version: p.version, unitPrice: 0.004 });
    expect(base.statusCode).toBe(400);
    expect(base.json().error.message).toBe('unitPrice: Unit price must be at least $0.01 (1 cent)');
    const tier = await patch(p._id, { version: p.version, priceTiers: [{ minQuantity: 50, unitPrice: 0.001 }] });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().error.message).toBe('priceTiers.0.unitPrice: Tier price must be at least $0.01 (1 cent)');
    expect(await getProduct(p._id)).toMatchObject({ unitPrice: 2, priceTiers: [], version: p.version });
  });

  it('the catalogue CSV import refuses a row with such a base or tier price, naming its line, and imports nothing', async () => {
    const p = await addProduct(t.app, admin, { sku: 'WSH-M6', unitPrice: 3, minOrder: 10 });
    const rows = parse((await t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers: bearer(admin.token) })).body, {
      columns: true,
    }) as Record<string, string>[];
    const mine = rows.findIndex((r) => r.sku === 'WSH-M6');
    rows[mine] = { ...rows[mine], unitPrice: '0.004' };
    rows.push({ ...rows[mine], sku: 'WSH-M8', name: 'Washer M8', unitPrice: '1.00', price_tiers: '100:0.001' });
    const csv = stringify(rows, { header: true, columns: Object.keys(rows[0]) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dryRun=false',
      headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { line: mine + 2, message: 'unitPrice: Unit price must be at least $0.01 (1 cent)' },
      { line: rows.length + 1, message: 'price_tiers.0.unitPrice: Tier price must be at least $0.01 (1 cent)' },
    ]);
    expect((await getProduct(p._id)).unitPrice).toBe(3);
    expect((await catalogue()).some((x) => x.sku === 'WSH-M8')).toBe(false);
  });
});
