import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductPage, UserListEntry, UserPage } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

/** Issue #10: Manage Products and Make Admin read one page at a time (GET /products/manage, GET /users?page=). */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const names: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOW_STOCK_FACTOR: 3 });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  // Seven parts, oldest first; the 2nd, 4th and 6th are low on stock (below 3 minimum orders).
  for (let i = 1; i <= 7; i++) {
    const low = i % 2 === 0;
    const p = await addProduct(t.app, admin, { name: `Paged part ${i}`, minOrder: 10, stock: low ? 29 : 30 });
    names.push(p.name);
  }
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = bearer(admin.token)) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/products/manage', () => {
  it('answers one page, newest first, with the catalogue and low-stock counts', async () => {
    const res = await get('/api/products/manage?page=1&limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json() as AdminProductPage;
    expect(body).toMatchObject({ total: 7, page: 1, limit: 3, pages: 3, counts: { all: 7, lowStock: 3 } });
    expect(body.items.map((p) => p.name)).toEqual(['Paged part 7', 'Paged part 6', 'Paged part 5']);
    const last = (await get('/api/products/manage?page=3&limit=3')).json() as AdminProductPage;
    expect(last.items.map((p) => p.name)).toEqual(['Paged part 1']);
    const beyond = (await get('/api/products/manage?page=9&limit=3')).json() as AdminProductPage;
    expect(beyond.items).toEqual([]);
  });

  it('keeps only the parts low on stock with lowStock=true, by the same rule as the lowStock flag', async () => {
    const body = (await get('/api/products/manage?lowStock=true&limit=2')).json() as AdminProductPage;
    expect(body).toMatchObject({ total: 3, pages: 2, counts: { all: 7, lowStock: 3 } });
    expect(body.items.map((p) => p.name)).toEqual(['Paged part 6', 'Paged part 4']);
    expect(body.items.every((p) => p.lowStock)).toBe(true);
    const off = (await get('/api/products/manage?lowStock=false')).json() as AdminProductPage;
    expect(off).toMatchObject({ total: 7, limit: 20, page: 1 });
  });

  it('says what is wrong with the paging and the filter (400)', async () => {
    for (const [qs, message] of [
      ['page=0', 'page must be 1 or more'],
      ['page=x', 'page must be a whole number'],
      ['limit=101', 'limit must be 100 or less'],
      ['limit=1.5', 'limit must be a whole number'],
      ['lowStock=yes', 'lowStock must be true or false'],
    ]) {
      const res = await get(`/api/products/manage?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message, qs).toContain(message);
    }
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/products/manage', {})).statusCode).toBe(401);
    const byCustomer = await get('/api/products/manage?lowStock=true', bearer(customer.token));
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.code).toBe('ADMIN_ONLY');
  });
});

describe('GET /api/users?page=&limit=', () => {
  it('keeps the spec array without paging parameters', async () => {
    const res = await get('/api/users');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('answers one page: administrators first, then the newest accounts', async () => {
    const newer = await signUpUser(t.app);
    const newest = await signUpUser(t.app);
    const res = await get('/api/users?page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json() as UserPage;
    expect(body).toMatchObject({ total: 4, page: 1, limit: 2, pages: 2 });
    expect(body.items.map((u: UserListEntry) => u.email)).toEqual([admin.email, newest.email]);
    const second = (await get('/api/users?page=2&limit=2')).json() as UserPage;
    expect(second.items.map((u) => u.email)).toEqual([newer.email, customer.email]);
    expect(((await get('/api/users?page=1')).json() as UserPage).limit).toBe(50);
  });

  it('says what is wrong with the paging (400)', async () => {
    for (const [qs, message] of [
      ['page=0', 'page must be 1 or more'],
      ['limit=500', 'limit must be 100 or less'],
      ['limit=abc', 'limit must be a whole number'],
    ]) {
      const res = await get(`/api/users?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message, qs).toContain(message);
    }
  });

  it('refuses a visitor (401) and a customer (403)', async () => {
    expect((await get('/api/users?page=1', {})).statusCode).toBe(401);
    expect((await get('/api/users?page=1', bearer(customer.token))).statusCode).toBe(403);
  });
});
