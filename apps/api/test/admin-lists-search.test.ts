import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductPage, UserPage } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/** Issue #25: Manage Products and Make Admin get a search (?q=), on top of their paging, filter and counts. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOW_STOCK_FACTOR: 3 });
  admin = await signUpUser(t.app, { admin: true, name: 'Alma Admin', email: 'alma.admin@shop.example' });
  customer = await signUpUser(t.app, { name: 'Carlo Rossi', email: 'carlo@officina.example' });
  await signUpUser(t.app, { name: 'Jonas Weber', email: 'jonas@weber-motorrad.example' });
  await signUpUser(t.app, { name: 'Lena Weber', email: 'lena@mail.example' });
  await signUpUser(t.app, { name: '100% Biker', email: 'percent@mail.example' });
  // Oldest first. The oil filters: one low on stock (29 < 3 x 10).
  await addProduct(t.app, admin, { name: 'Oil filter', sku: 'HF-204', brand: 'Hiflofiltro', minOrder: 10, stock: 29 });
  await addProduct(t.app, admin, { name: 'Oil filter, racing', sku: 'HF.204RC', brand: 'Hiflofiltro', minOrder: 10, stock: 30 });
  await addProduct(t.app, admin, { name: 'Spark plug', sku: 'CR9E IX', brand: 'NGK', minOrder: 1, stock: 100 });
  await addProduct(t.app, admin, { name: 'Chain 520', sku: 'DID-520VX3', brand: 'D.I.D', minOrder: 1, stock: 100 });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'GET', url, headers });
const products = async (qs: string) => {
  const res = await get(`/api/products/manage?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminProductPage;
};
const users = async (qs: string) => {
  const res = await get(`/api/users?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserPage;
};

describe('GET /api/products/manage?q=', () => {
  it('finds a part by its part number however it is typed: case, spaces, dots and dashes do not count', async () => {
    for (const q of ['HF-204', 'hf 204', 'hf204', 'H-F.2 04']) {
      const body = await products(`q=${encodeURIComponent(q)}`);
      expect(
        body.items.map((p) => p.sku),
        q,
      ).toEqual(['HF.204RC', 'HF-204']);
    }
    expect((await products('q=cr9e-ix')).items.map((p) => p.name)).toEqual(['Spark plug']);
  });

  it('finds parts by a word of the name or the brand, without case', async () => {
    expect((await products('q=SPARK')).items.map((p) => p.name)).toEqual(['Spark plug']);
    expect((await products('q=ngk')).items.map((p) => p.name)).toEqual(['Spark plug']);
    expect((await products('q=d.i.d')).items.map((p) => p.name)).toEqual(['Chain 520']);
  });

  it('combines with paging and the low-stock filter; the counts are those of the search', async () => {
    const first = await products('q=oil&limit=1');
    expect(first).toMatchObject({ total: 2, page: 1, limit: 1, pages: 2, counts: { all: 2, lowStock: 1 } });
    expect(first.items.map((p) => p.name)).toEqual(['Oil filter, racing']);
    const second = await products('q=oil&limit=1&page=2');
    expect(second.items.map((p) => p.name)).toEqual(['Oil filter']);
    const low = await products('q=oil&lowStock=true');
    expect(low).toMatchObject({ total: 1, counts: { all: 2, lowStock: 1 } });
    expect(low.items.map((p) => p.name)).toEqual(['Oil filter']);
    // Without a search, the whole catalogue.
    expect(await products('')).toMatchObject({ total: 4, counts: { all: 4, lowStock: 1 } });
    expect(await products('q=')).toMatchObject({ total: 4 });
  });

  it('answers an empty page when nothing matches, and reads % and _ literally', async () => {
    expect(await products('q=carburettor')).toMatchObject({ items: [], total: 0, pages: 1, counts: { all: 0, lowStock: 0 } });
    expect((await products(`q=${encodeURIComponent('%')}`)).items).toEqual([]);
    expect((await products('q=_')).items).toEqual([]);
  });

  it('refuses a search over 200 characters (400)', async () => {
    const res = await get(`/api/products/manage?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('q must be 200 characters or fewer');
    expect((await get(`/api/products/manage?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/products/manage?q=oil', {})).statusCode).toBe(401);
    expect((await get('/api/products/manage?q=oil', bearer(customer.token))).statusCode).toBe(403);
  });
});

describe('GET /api/users?q=', () => {
  it('finds accounts by a part of the name or the e-mail, without case', async () => {
    expect((await users('q=weber')).items.map((u) => u.name)).toEqual(['Lena Weber', 'Jonas Weber']);
    expect((await users('q=OFFICINA')).items.map((u) => u.email)).toEqual([customer.email]);
    expect((await users(`q=${encodeURIComponent('jonas@weber-motorrad.example')}`)).items.map((u) => u.name)).toEqual(['Jonas Weber']);
    expect((await users(`q=${encodeURIComponent('100%')}`)).items.map((u) => u.name)).toEqual(['100% Biker']);
  });

  it('is one page with q alone, combines with paging, keeps administrators first, and counts the matches', async () => {
    const body = await users('q=a&limit=2');
    expect(body).toMatchObject({ page: 1, limit: 2 });
    expect(body.items[0].email).toBe(admin.email);
    const all = await users('q=mail.example');
    expect(all).toMatchObject({ total: 2, pages: 1, limit: 50 });
    const second = await users('q=mail.example&limit=1&page=2');
    expect(second).toMatchObject({ total: 2, pages: 2 });
    expect(second.items.map((u) => u.name)).toEqual(['Lena Weber']);
  });

  it('answers an empty page when nothing matches', async () => {
    expect(await users('q=nobody-like-this')).toMatchObject({ items: [], total: 0, pages: 1 });
  });

  it('keeps the spec array without page, limit and q, and refuses a search over 200 characters (400)', async () => {
    expect(Array.isArray((await get('/api/users')).json())).toBe(true);
    const res = await get(`/api/users?page=1&q=${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('q must be 200 characters or fewer');
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/users?q=weber', {})).statusCode).toBe(401);
    expect((await get('/api/users?q=weber', bearer(customer.token))).statusCode).toBe(403);
  });
});
