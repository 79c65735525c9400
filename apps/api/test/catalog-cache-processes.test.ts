import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { bearer, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, placeOrder } from './orders-fixtures';
import { eventually } from './eventually';

/**
 * Two app instances (as two processes behind a load balancer) on one
 * PostgreSQL database: a write through either one, or straight into the
 * database, must reach the other one's cache. PGlite has one process per
 * database by design, so this file needs DATABASE_URL.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('catalogue cache across two app instances on one PostgreSQL database', () => {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  let dbUrl: string;
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestUser;
  let rider: TestUser;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: 3999, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123' },
        {},
      );
      const database = await openDatabase({ databaseUrl: dbUrl });
      const app = await buildApp(config, { database, serveWeb: false });
      await app.ready();
      apps.push(app);
      closers.push(async () => {
        await app.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
    }
    [a, b] = apps;
    admin = await signUpUser(a, { admin: true });
    rider = await signUpUser(a);
  });

  afterAll(async () => {
    for (const close of closers) await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  const stockOn = async (app: FastifyInstance, id: string) => (await app.inject({ method: 'GET', url: `/api/product/${id}` })).json().stock as number;
  const listOn = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/products' })).json() as { _id: string; stock: number }[];

  it('an order placed on one instance changes the stock the other one serves', async () => {
    const product = await addProduct(a, admin, { stock: 300, minOrder: 10 });
    await eventually(async () => expect(await stockOn(b, product._id)).toBe(300));
    // b now serves this product from memory (once the notification of the insert has arrived too).
    await eventually(async () => {
      const hits = b.catalogCache.stats.hits;
      expect(await stockOn(b, product._id)).toBe(300);
      expect(b.catalogCache.stats.hits).toBe(hits + 1);
    });

    await placeOrder(a, rider, product._id, 20);
    await eventually(async () => expect(await stockOn(b, product._id)).toBe(280));
    await eventually(async () => expect((await listOn(b)).find((p) => p._id === product._id)?.stock).toBe(280));
  });

  it("an order's transaction keeps the trigger quiet; its process announces the change after the commit (decision 143)", async () => {
    const product = await addProduct(a, admin, { stock: 100, minOrder: 1 });
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: dbUrl });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN shop_catalog');
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      // Marked as the order's transaction is: the trigger says nothing for 'products'.
      await c.query('BEGIN');
      await c.query(`SELECT set_config('shop.notify_after_commit', 'products', true)`);
      await c.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [product._id]);
      await c.query('COMMIT');
      // The mark ended with its transaction: any other write notifies in its commit, as before.
      await c.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [product._id]);
      await eventually(async () => expect(heard).toEqual(['products']));

      // An order through a (b's cache warm): its one announcement reaches b, which serves the new stock.
      // b may read 98 from the database before the UPDATE's notification reaches it and empties
      // its memory once more: wait until b answers from memory, as the first test does.
      await eventually(async () => {
        const hits = b.catalogCache.stats.hits;
        expect(await stockOn(b, product._id)).toBe(98);
        expect(b.catalogCache.stats.hits).toBe(hits + 1);
      });
      heard.length = 0;
      await placeOrder(a, rider, product._id, 3);
      await eventually(async () => expect(heard).toContain('products'));
      await eventually(async () => expect(await stockOn(b, product._id)).toBe(95));
    } finally {
      await c.end();
      await listener.end();
    }
  });

  it('a process announces a change of products once at start, before it is ready (decision 143)', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: dbUrl });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN shop_catalog');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
    const database = await openDatabase({ databaseUrl: dbUrl });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: 3999, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123' },
      {},
    );
    const third = await buildApp(config, { database, serveWeb: false });
    try {
      await third.ready();
      // Sent and committed before ready() resolved: a NOTIFY sent now arrives after it.
      await listener.query(`SELECT pg_notify('shop_catalog', 'reviews')`);
      await eventually(async () => expect(heard).toContain('reviews'));
      expect(heard.slice(0, heard.indexOf('reviews'))).toContain('products');
    } finally {
      await third.close();
      await database.close();
      await listener.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a product added or deleted on one instance appears or disappears on the other, in the list and the pages', async () => {
    const total = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/products?page=1&limit=6' })).json().total as number;
    const before = await total(b);
    await listOn(b);
    const product = await addProduct(a, admin);
    await eventually(async () => expect(await total(b)).toBe(before + 1));
    await eventually(async () => expect((await listOn(b)).some((p) => p._id === product._id)).toBe(true));

    const del = await b.inject({ method: 'DELETE', url: `/api/product/${product._id}`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(200);
    await eventually(async () => expect((await a.inject({ method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(404));
    await eventually(async () => expect(await total(a)).toBe(before));
  });

  it("a search's kept counts and words follow writes made through the other instance (decision 112)", async () => {
    type Found = { total: number; items: { _id: string; stock: number }[]; facets: { brand: { value: string; count: number }[] } };
    const find = async (app: FastifyInstance, qs: string) => (await app.inject({ method: 'GET', url: `/api/search?${qs}` })).json() as Found;
    const product = await addProduct(a, admin, { name: 'Quixotic manifold gasket', brand: 'Zanzibar', stock: 40, minOrder: 2 });
    await eventually(async () => expect((await find(b, 'q=quixotic')).total).toBe(1));
    expect((await find(b, 'q=quixotic&inStock=true')).total).toBe(1);
    // b keeps the counts of "quixotic" now: the next call with another page is answered from memory...
    // (once the insert's notification has arrived too: until then b may still empty its memory)
    await eventually(async () => {
      const hits = b.catalogCache.stats.hits;
      expect((await find(b, 'q=quixotic&page=2')).total).toBe(1);
      expect(b.catalogCache.stats.hits).toBeGreaterThan(hits);
    });
    // ...until the part is sold out through a, renamed, or a second one arrives.
    const patch = async (fields: Record<string, unknown>) => {
      const { version } = (await a.inject({ method: 'GET', url: `/api/product/${product._id}` })).json() as { version: number };
      return a.inject({ method: 'PATCH', url: `/api/product/${product._id}`, headers: bearer(admin.token), payload: { ...fields, version } });
    };
    expect((await patch({ stock: 0 })).statusCode).toBe(200);
    await eventually(async () => expect((await find(b, 'q=quixotic&inStock=true')).total).toBe(0));
    await eventually(async () => expect((await find(b, 'q=quixotic')).items[0]?.stock).toBe(0));
    await addProduct(a, admin, { name: 'Quixotic exhaust gasket', brand: 'Zanzibar' });
    await eventually(async () => expect((await find(b, 'q=quixotic')).facets.brand).toEqual([{ value: 'Zanzibar', count: 2 }]));
    expect((await patch({ name: 'Manifold gasket' })).statusCode).toBe(200);
    await eventually(async () => expect((await find(b, 'q=quixotic')).total).toBe(1));
    await eventually(async () => expect((await find(b, 'q=quixotc')).total).toBe(1));
  });

  it('a write straight into the database (a script, a third process) reaches both instances', async () => {
    const product = await addProduct(a, admin, { stock: 50 });
    await stockOn(a, product._id);
    await stockOn(b, product._id);
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query('UPDATE products SET stock = 51 WHERE id = $1', [product._id]);
    await c.end();
    await eventually(async () => expect(await stockOn(a, product._id)).toBe(51));
    await eventually(async () => expect(await stockOn(b, product._id)).toBe(51));
  });

  it('stops trusting its memory when the notification connection drops, and trusts it again once listening', async () => {
    const product = await addProduct(a, admin, { stock: 60 });
    await stockOn(b, product._id);
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'shop-cache-listener' AND datname = $1`, [name]);
    await eventually(async () => expect(b.catalogCache.isTrusted).toBe(false), 5000).catch(() => {
      /* it may already have reconnected: the write below must be seen either way */
    });
    await c.query('UPDATE products SET stock = 61 WHERE id = $1', [product._id]);
    await c.end();
    await eventually(async () => expect(await stockOn(b, product._id)).toBe(61));
    await eventually(async () => expect(b.catalogCache.isTrusted).toBe(true));
    await eventually(async () => expect(a.catalogCache.isTrusted).toBe(true));
  });
});
