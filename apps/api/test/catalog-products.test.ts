import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND, DEFAULT_CATEGORY, productSchema } from '@shop/shared';
import { products, stockMovements } from '../src/db/schema';
import { ledgerMismatches } from '../src/modules/stock/stock.service';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #8, part 1: part numbers, brands, categories, ordered images and a version on every product. */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => t.close());

const spec = {
  name: 'Sintered rear pads',
  unitPrice: 120,
  stock: 80,
  description: 'Sintered rear pads, lot of 10 pairs.',
  minOrder: 10,
  image: '/images/products/sintered-front-brake-pads.svg',
};
const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/product', headers: bearer(admin.token), payload });

describe('POST /api/product with the parts-shop fields', () => {
  it('stores and answers sku, brand, category and the images in order, `image` first, at version 1', async () => {
    const res = await post({
      ...spec,
      sku: 'FA-213 HH',
      brand: 'EBC Brakes',
      category: 'brakes',
      images: ['https://cdn.example.com/pads-side.webp', '/images/products/sintered-front-brake-pads.svg', 'https://cdn.example.com/pads-box.webp'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = productSchema.parse(res.json());
    expect(p).toMatchObject({ sku: 'FA-213 HH', brand: 'EBC Brakes', category: 'brakes', version: 1, stock: 80, img: spec.image });
    expect(p.images).toEqual([spec.image, 'https://cdn.example.com/pads-side.webp', 'https://cdn.example.com/pads-box.webp']);
    const again = (await t.app.inject({ url: `/api/product/${p._id}` })).json();
    expect(again).toEqual(p);
  });

  it("gives an old client's product a generated part number, the default brand and category, and its image as the only picture", async () => {
    const res = await post(spec);
    expect(res.statusCode, res.body).toBe(201);
    const p = productSchema.parse(res.json());
    expect(p.sku).toMatch(/^TT-[0-9A-F]{8}$/);
    expect(p.brand).toBe(DEFAULT_BRAND);
    expect(p.category).toBe(DEFAULT_CATEGORY);
    expect(p.images).toEqual([spec.image]);
    // The spec's fields are unchanged.
    expect(p).toMatchObject({ name: spec.name, unitPrice: 120, stock: 80, minOrder: 10, img: spec.image, description: spec.description });
  });

  it.each(['fa213hh', 'FA.213-HH', ' fa 213 hh ', 'FA-213HH'])('refuses %j: the same part number without case, spaces, dots or dashes (409)', async (sku) => {
    const res = await post({ ...spec, sku });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SKU_TAKEN');
    expect(res.json().error.message).toContain('Sintered rear pads');
  });

  it('keeps part numbers unique in the database too (a race past the check)', async () => {
    const [row] = await t.app.db.select().from(products).where(eq(products.sku, 'FA-213 HH'));
    await expect(
      t.app.db.insert(products).values({ name: 'x', img: '/x.svg', description: 'x', minOrder: 1, stock: 0, unitPriceCents: 1, sku: 'fa.213.hh' }),
    ).rejects.toThrow();
    expect(row.skuKey).toBe('fa213hh');
  });

  it.each([
    [{ sku: '' }, 'sku: Part number is Required'],
    [{ sku: '-AB' }, 'sku: Part number may hold letters, digits, spaces, dots, dashes and slashes'],
    [{ sku: 'AB<script>' }, 'sku: Part number may hold letters, digits, spaces, dots, dashes and slashes'],
    [{ sku: 'A'.repeat(41) }, 'sku: Part number must be 40 characters or fewer'],
    [{ brand: ' ' }, 'brand: Brand is Required'],
    [{ category: 'snacks' }, 'category: Category must be one of'],
    [{ images: ['javascript:alert(1)'] }, 'images.0: Image must be an http(s) URL or a path on this site'],
    [{ images: 'x' }, 'images'],
  ])('refuses %j with a 400 naming the field', async (fields, message) => {
    const res = await post({ ...spec, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it("books a new product's stock as the first row of its ledger", async () => {
    const p = (await post({ ...spec, sku: 'LEDGER-1' })).json();
    const rows = await t.app.db.select().from(stockMovements).where(eq(stockMovements.productId, p._id));
    expect(rows).toMatchObject([{ kind: 'initial', delta: 80, stockAfter: 80, actorEmail: admin.email }]);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });
});
