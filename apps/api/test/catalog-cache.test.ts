import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { productPageSchema } from '@shop/shared';
import { products } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, placeOrder } from './orders-fixtures';
import { eventually } from './eventually';
import { buyer, postReview } from './review-support';

let t: TestApp;
let admin: TestUser;
let rider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  admin = await signUpUser(t.app, { admin: true });
  rider = await signUpUser(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('compression of API answers', () => {
  it('sends the catalogue brotli- or gzip-compressed, as the client asks, with the same JSON inside', async () => {
    const plain = await get('/api/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/products', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/products', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses other JSON answers above 1 KB and leaves small ones alone', async () => {
    const reviews = await get('/api/reviews', { 'accept-encoding': 'br' });
    expect(reviews.headers['content-encoding']).toBe('br');
    expect(Array.isArray(JSON.parse(zlib.brotliDecompressSync(reviews.rawPayload).toString()))).toBe(true);

    // An answer built per request (not from the catalogue cache) goes through the compression plugin.
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(rider.email)}`,
      headers: { ...bearer(rider.token), 'accept-encoding': 'br' },
    });
    expect(orders.statusCode).toBe(200);
    expect(orders.headers['content-encoding']).toBeUndefined(); // "[]" is far below 1 KB

    const docs = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);

    const health = await get('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });
});

describe('ETag and 304 on public GETs', () => {
  it.each(['/api/products', '/api/products?page=1&limit=6', '/api/reviews'])('%s answers 304 to a matching If-None-Match', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A strong form of the same tag matches too (weak comparison), and a list with it.
    expect((await get(url, { 'if-none-match': `"nope", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
  });

  it('one product answers 304 until it changes, then 200 with a new tag', async () => {
    const product = await addProduct(t.app, admin, { stock: 500, minOrder: 5 });
    const first = await get(`/api/product/${product._id}`);
    const etag = first.headers.etag as string;
    expect((await get(`/api/product/${product._id}`, { 'if-none-match': etag })).statusCode).toBe(304);

    await placeOrder(t.app, rider, product._id, 5);
    const changed = await get(`/api/product/${product._id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().stock).toBe(495);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('GETs built per request get a validator too', async () => {
    const first = await get('/api/health');
    expect(first.headers.etag).toBeDefined();
    expect((await get('/api/health', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
  });
});

describe('the in-process catalogue cache', () => {
  it('serves repeated reads from memory', async () => {
    // On PostgreSQL the notification of an earlier test's write can still arrive and empty the cache once
    // between the two reads: try again until two reads in a row meet no write.
    await eventually(async () => {
      await get('/api/products?page=2&limit=3');
      const before = { ...t.app.catalogCache.stats };
      await get('/api/products?page=2&limit=3');
      expect(t.app.catalogCache.stats.hits).toBe(before.hits + 1);
      expect(t.app.catalogCache.stats.misses).toBe(before.misses);
    });
  });

  it('shows a product added through the API at once, in the list, the pages and the total', async () => {
    const before = productPageSchema.parse((await get('/api/products?page=1&limit=6')).json());
    const list = (await get('/api/products')).json();
    const added = await addProduct(t.app, admin, { name: 'Cache test chain lube' });
    expect((await get('/api/products')).json()).toHaveLength(list.length + 1);
    const page = productPageSchema.parse((await get('/api/products?page=1&limit=6')).json());
    expect(page.total).toBe(before.total + 1);
    const last = productPageSchema.parse((await get(`/api/products?page=${page.pages}&limit=6`)).json());
    expect(last.items.at(-1)?._id).toBe(added._id);
  });

  it('shows stock taken by an order and given back by its cancellation at once', async () => {
    const product = await addProduct(t.app, admin, { stock: 100, minOrder: 10 });
    expect((await get(`/api/product/${product._id}`)).json().stock).toBe(100);
    const order = await placeOrder(t.app, rider, product._id, 30);
    expect((await get(`/api/product/${product._id}`)).json().stock).toBe(70);
    expect((await get('/api/products')).json().find((p: { _id: string }) => p._id === product._id).stock).toBe(70);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${order._id}`, headers: bearer(rider.token) });
    expect(cancel.statusCode).toBe(200);
    expect((await get(`/api/product/${product._id}`)).json().stock).toBe(100);
  });

  it('drops a deleted product from every cached answer', async () => {
    const product = await addProduct(t.app, admin);
    expect((await get(`/api/product/${product._id}`)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/product/${product._id}`)).statusCode).toBe(404);
    expect((await get('/api/products')).json().some((p: { _id: string }) => p._id === product._id)).toBe(false);
  });

  it('hears writes made outside the HTTP API (another process, a script) through the database', async () => {
    const product = await addProduct(t.app, admin, { stock: 40 });
    expect((await get(`/api/product/${product._id}`)).json().stock).toBe(40);
    await t.app.db.update(products).set({ stock: 41 }).where(eq(products.id, product._id));
    await eventually(async () => expect((await get(`/api/product/${product._id}`)).json().stock).toBe(41));

    const reviewsBefore = (await get('/api/reviews')).json().length;
    await t.app.db.execute(sql`insert into reviews (name, img, description, rating) values ('Script', '/images/avatar-default.svg', 'Added by a script.', 5)`);
    await eventually(async () => expect((await get('/api/reviews')).json()).toHaveLength(reviewsBefore + 1));
  });

  it('shows a new review at once', async () => {
    // A review is about a part its writer bought and paid for (issue #22).
    const { product } = await buyer(t.app, admin, { customer: rider });
    const before = (await get('/api/reviews')).json().length;
    const res = await postReview(t.app, rider, { description: 'Fast shipping.', review: 5, productId: product._id });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/reviews')).json()).toHaveLength(before + 1);
  });
});
