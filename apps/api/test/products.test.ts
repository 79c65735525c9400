import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, productPageSchema, productSchema } from '@shop/shared';
import { products } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { eventually } from './eventually';

const base = new Date('2026-01-01T00:00:00Z').getTime();
// Inserted out of order on purpose: the catalogue must come back oldest first.
const catalogue = Array.from({ length: 12 }, (_, i) => ({
  name: `Part ${String(i + 1).padStart(2, '0')}`,
  img: `/images/products/part-${i + 1}.svg`,
  description: `Description of part ${i + 1}`,
  minOrder: 10 + i,
  stock: 500 + i,
  unitPriceCents: 1250 + i * 101,
  createdAt: new Date(base + i * 60_000),
})).reverse();

describe('catalogue API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers an empty array on an empty shop', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  describe('with products', () => {
    beforeAll(async () => {
      await t.app.db.insert(products).values(catalogue);
      // A write straight to the database reaches the catalogue cache through NOTIFY, a moment later on PostgreSQL.
      await eventually(async () => expect((await get('/api/products')).json()).toHaveLength(catalogue.length));
    });

    it('lists every product, oldest first, with the spec fields and dollar prices', async () => {
      const res = await get('/api/products');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const list = productListSchema.parse(res.json());
      expect(list.map((p) => p.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Part ${String(i + 1).padStart(2, '0')}`));
      const first = res.json()[0];
      // The spec's fields, then issue #8's parts-shop fields and issue #11's fitment and price tiers.
      expect(Object.keys(first).sort()).toEqual(
        [
          ...['_id', 'description', 'img', 'minOrder', 'name', 'stock', 'unitPrice'],
          ...['brand', 'category', 'images', 'lowStock', 'sku', 'version'],
          ...['universal', 'fitment', 'priceTiers'],
          // Issue #24: what shipping and tax need to know.
          ...['weightGrams', 'dimensionsMm', 'oversize', 'taxCategory'],
          // Issue #26 item 4: the other part numbers it answers to.
          'partNumbers',
        ].sort(),
      );
      expect(first).toMatchObject({
        name: 'Part 01',
        img: '/images/products/part-1.svg',
        description: 'Description of part 1',
        minOrder: 10,
        stock: 500,
        unitPrice: 12.5,
      });
      expect(first._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json()[1].unitPrice).toBe(13.51);
    });

    it('pages with ?page=&limit=', async () => {
      const p1 = await get('/api/products?page=1&limit=5');
      expect(p1.statusCode).toBe(200);
      const page1 = productPageSchema.parse(p1.json());
      expect(page1).toMatchObject({ total: 12, page: 1, limit: 5, pages: 3 });
      expect(page1.items.map((p) => p.name)).toEqual(['Part 01', 'Part 02', 'Part 03', 'Part 04', 'Part 05']);

      const page2 = productPageSchema.parse((await get('/api/products?page=2&limit=5')).json());
      expect(page2.items.map((p) => p.name)).toEqual(['Part 06', 'Part 07', 'Part 08', 'Part 09', 'Part 10']);

      const page3 = productPageSchema.parse((await get('/api/products?page=3&limit=5')).json());
      expect(page3.items.map((p) => p.name)).toEqual(['Part 11', 'Part 12']);
      expect(page3.pages).toBe(3);

      // No product appears on two pages and none is left out.
      const ids = [...page1.items, ...page2.items, ...page3.items].map((p) => p._id);
      expect(new Set(ids).size).toBe(12);
    });

    it('uses page 1 and a page of 9 when only one of them is given', async () => {
      const onlyPage = productPageSchema.parse((await get('/api/products?page=2')).json());
      expect(onlyPage).toMatchObject({ page: 2, limit: 9, total: 12, pages: 2 });
      expect(onlyPage.items.map((p) => p.name)).toEqual(['Part 10', 'Part 11', 'Part 12']);
      const onlyLimit = productPageSchema.parse((await get('/api/products?limit=4')).json());
      expect(onlyLimit).toMatchObject({ page: 1, limit: 4, pages: 3 });
      expect(onlyLimit.items).toHaveLength(4);
    });

    it('answers an empty page past the end, not an error', async () => {
      const res = await get('/api/products?page=9&limit=5');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ items: [], total: 12, page: 9, pages: 3 });
      const far = await get(`/api/products?page=${Number.MAX_SAFE_INTEGER}&limit=100`);
      expect(far.statusCode).toBe(200);
      expect(far.json().items).toEqual([]);
    });

    it.each([
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['page=1e20', 'page'],
      ['page=99999999999999999999', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
    ])('refuses ?%s with a 400 that names %s', async (query, field) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.message).toContain(field);
      expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });

    it('returns one product by id', async () => {
      const [first] = (await get('/api/products')).json();
      const res = await get(`/api/product/${first._id}`);
      expect(res.statusCode).toBe(200);
      expect(productSchema.parse(res.json())).toEqual(first);
    });

    it('answers 404 with a clear message for an unknown or malformed id', async () => {
      for (const id of ['0b7c5a8e-3f0e-4c55-9f8e-2a3c4b5d6e7f', 'abc', '123', "1' OR '1'='1", '%20']) {
        const res = await get(`/api/product/${encodeURIComponent(id)}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error).toEqual({ code: 'PRODUCT_NOT_FOUND', message: 'No product with that id.' });
      }
    });
  });
});
