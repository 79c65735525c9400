import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { bearer, createTestApp, openTestDatabase, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';

// The fast path sits in front of Fastify on its server (decision 142): app.inject never reaches it, so these go over a socket.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over a real socket, with the bytes as they came (no decompression) and the path as written ('/api/products?' too). */
function request(base: string, url: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: url, method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The response exactly as it came over the wire (the connection closed after it). */
function rawExchange(base: string, head: string): Promise<Buffer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

/** A raw answer without its Date line and with the rate limit's count blanked. */
const withoutDate = (raw: Buffer) =>
  raw
    .toString('latin1')
    .replace(/\r\nDate: [^\r]*/, '')
    .replace(/(\r\nx-ratelimit-remaining: )\d+/, '$1N')
    .replace(/(\r\nx-ratelimit-reset: )\d+/, '$1S');

/** The headers that may differ between two answers a moment apart: the date, the rate limit's count and its seconds left. */
const stable = (h: Answer['headers']) => {
  const { date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, 'retry-after': _retry, ...rest } = h;
  return rest;
};

/** How many answers the fast path has given since this call. */
const countFast = (app: FastifyInstance) => {
  const start = app.fastCatalogue.stats.served;
  return () => app.fastCatalogue.stats.served - start;
};

async function fillCatalogue(app: FastifyInstance, admin: TestUser, n: number) {
  const made = [];
  // Enough products that the list is above the 1 KB compression threshold.
  for (let i = 0; i < n; i++) made.push(await addProduct(app, admin, { name: `Fast path part ${i}`, stock: 50 + i }));
  await notificationsHeard(app);
  return made;
}

/**
 * Waits until the app has heard every catalogue notification sent so far (the products' triggers, the start-up
 * announcement of decision 143): one more, sent now, arrives after them. Otherwise one of them could empty the cache
 * in the middle of a test and send a request the tests expect on the fast path to the normal one.
 */
async function notificationsHeard(app: FastifyInstance) {
  const cache = app.catalogCache;
  const original = cache.invalidate;
  const heard = new Promise<void>((resolve) => {
    cache.invalidate = (scope) => {
      original.call(cache, scope);
      if (scope === 'reviews') {
        cache.invalidate = original;
        resolve();
      }
    };
  });
  await app.db.execute(sql`select pg_notify('shop_catalog', 'reviews')`);
  await heard;
}

describe('the fast path of GET /api/products', () => {
  let t: TestApp;
  let admin: TestUser;
  let base: string;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    productId = (await fillCatalogue(t.app, admin, 10))[0]._id;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  it('is not used until the normal path has filled the cache', async () => {
    const fast = countFast(t.app);
    const first = await request(base, '/api/products');
    expect(first.status).toBe(200);
    expect(fast()).toBe(0);
    await request(base, '/api/products');
    expect(fast()).toBe(1);
  });

  it.each([
    ['no Accept-Encoding', 'GET', {}],
    ['identity', 'GET', { 'accept-encoding': 'identity' }],
    ['brotli', 'GET', { 'accept-encoding': 'gzip, deflate, br' }],
    ['gzip', 'GET', { 'accept-encoding': 'gzip' }],
    ['HEAD', 'HEAD', {}],
    ['HEAD, gzip', 'HEAD', { 'accept-encoding': 'gzip' }],
  ] as const)('answers %s with the status, bytes and headers of the normal path', async (_label, method, headers) => {
    await request(base, '/api/products');
    const fast = countFast(t.app);
    // The same list by an address the fast path leaves to Fastify (an empty query).
    const normal = await request(base, '/api/products?', { method, headers });
    expect(fast()).toBe(0);
    const quick = await request(base, '/api/products', { method, headers });
    expect(fast()).toBe(1);

    expect(quick.status).toBe(200);
    expect(quick.status).toBe(normal.status);
    expect(stable(quick.headers)).toEqual(stable(normal.headers));
    expect(quick.body.equals(normal.body)).toBe(true);
    // One counter for both: the fast request was counted right after the normal one.
    expect(Number(quick.headers['x-ratelimit-remaining'])).toBe(Number(normal.headers['x-ratelimit-remaining']) - 1);
    expect(quick.headers['content-security-policy']).toContain("default-src 'self'");
    expect(quick.headers['x-content-type-options']).toBe('nosniff');
    if (method === 'HEAD') expect(quick.body.length).toBe(0);
    const encoding = (headers as Record<string, string>)['accept-encoding'];
    if (method === 'GET') {
      const json =
        quick.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(quick.body)
          : quick.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(quick.body)
            : quick.body;
      expect(JSON.parse(json.toString())).toHaveLength(10);
      expect(quick.headers['content-encoding']).toBe(encoding?.includes('br') ? 'br' : encoding === 'gzip' ? 'gzip' : undefined);
    }
  });

  it.each([
    ['GET /api/products HTTP/1.1', 'GET /api/products? HTTP/1.1'],
    ['GET /api/products HTTP/1.1\r\nAccept-Encoding: br', 'GET /api/products? HTTP/1.1\r\nAccept-Encoding: br'],
    ['HEAD /api/products HTTP/1.1', 'HEAD /api/products? HTTP/1.1'],
  ])('sends %j byte for byte as the normal path does, but for the Date', async (fastHead, normalHead) => {
    await request(base, '/api/products');
    // A brotli answer asked for twice is recompressed at the best quality in the background (decision 141): until that
    // is done, two requests may get different (both valid) bytes. Wait until the answer is settled, then compare.
    for (let i = 0, last = ''; i < 50; i++) {
      const now = withoutDate(await rawExchange(base, normalHead));
      if (now === last) break;
      last = now;
      await new Promise((r) => setTimeout(r, 20));
    }
    const fast = countFast(t.app);
    const normal = await rawExchange(base, normalHead);
    expect(fast()).toBe(0);
    const quick = await rawExchange(base, fastHead);
    expect(fast()).toBe(1);
    expect(withoutDate(quick)).toBe(withoutDate(normal));
    expect(quick.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('answers 304 to a matching If-None-Match, as the normal path does', async () => {
    const { headers } = await request(base, '/api/products');
    const etag = String(headers.etag);
    const fast = countFast(t.app);
    const normal = await request(base, '/api/products?', { headers: { 'if-none-match': etag } });
    const quick = await request(base, '/api/products', { headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    const weak = await request(base, '/api/products', { headers: { 'if-none-match': `"x", ${etag.replace(/^W\//, '')}` } });
    expect(fast()).toBe(2);
    expect([normal.status, quick.status, weak.status]).toEqual([304, 304, 304]);
    expect(quick.body.length).toBe(0);
    expect(stable(quick.headers)).toEqual(stable(normal.headers));
    const stale = await request(base, '/api/products', { headers: { 'if-none-match': 'W/"old"' } });
    expect(stale.status).toBe(200);
  });

  it('shows a stock change through the API at once', async () => {
    await request(base, '/api/products');
    const before = JSON.parse((await request(base, '/api/products')).body.toString()) as { _id: string; stock: number }[];
    const stockBefore = before.find((p) => p._id === productId)!.stock;
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/stock`,
      headers: bearer(admin.token),
      payload: { delta: 7, reason: 'restock' },
    });
    expect(adjusted.statusCode).toBe(200);
    // The write emptied the cache at once; its trigger's notification, heard a moment later, must not empty it again mid-test.
    await notificationsHeard(t.app);
    const fast = countFast(t.app);
    const after = JSON.parse((await request(base, '/api/products')).body.toString()) as { _id: string; stock: number }[];
    expect(after.find((p) => p._id === productId)!.stock).toBe(stockBefore + 7);
    // The emptied cache sent that one to Fastify; the next is fast again, with the new stock.
    expect(fast()).toBe(0);
    const again = JSON.parse((await request(base, '/api/products')).body.toString()) as { _id: string; stock: number }[];
    expect(fast()).toBe(1);
    expect(again.find((p) => p._id === productId)!.stock).toBe(stockBefore + 7);
  });

  it('leaves credentials, queries, other methods, an Expect header and an untrusted cache to Fastify', async () => {
    await request(base, '/api/products');
    const fast = countFast(t.app);
    const withToken = await request(base, '/api/products', { headers: bearer(admin.token) });
    expect(withToken.status).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
    const withCookie = await request(base, '/api/products', { headers: { cookie: 'a=b' } });
    expect(withCookie.headers['cache-control']).toBe('no-store');
    expect((await request(base, '/api/products?page=1&limit=2')).status).toBe(200);
    expect((await request(base, '/api/products', { method: 'POST' })).status).toBe(404);
    expect((await request(base, '/api/products', { method: 'DELETE' })).status).toBe(404);
    expect((await request(base, '/api/products', { headers: { 'accept-encoding': 'deflate' } })).status).toBe(200);
    expect((await request(base, '/api/products', { headers: { expect: '100-continue' } })).status).toBe(200);
    expect((await request(base, '/api/products/', {})).status).toBe(404);
    expect(fast()).toBe(0);
    // While catalogue notifications are not heard, nothing is served from memory, here either.
    t.app.catalogCache.setTrusted(false);
    try {
      expect((await request(base, '/api/products')).status).toBe(200);
      expect((await request(base, '/api/products')).status).toBe(200);
      expect(fast()).toBe(0);
    } finally {
      t.app.catalogCache.setTrusted(true);
    }
  });
});

describe('the rate limit on the fast path', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // Behind a proxy: the limit counts per forwarded client address, on both paths alike.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: 4, TRUST_PROXY: 'true' });
    // The sign-up's three requests come from an address of their own, so the two products still fit in the limit.
    const admin = await signUpUser(t.app, { admin: true, remoteAddress: '192.0.2.10' });
    await fillCatalogue(t.app, admin, 2);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  it('shares the counter with the normal path and gives the same 429', async () => {
    const client = (ip: string) => ({ 'x-forwarded-for': ip });
    const fast = countFast(t.app);
    const seen = [
      await request(base, '/api/products', { headers: client('203.0.113.7') }), // fills the cache (normal path)
      await request(base, '/api/products', { headers: client('203.0.113.7') }),
      await request(base, '/api/products?', { headers: client('203.0.113.7') }),
      await request(base, '/api/products', { headers: client('203.0.113.7') }),
    ];
    expect(seen.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(seen.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
    expect(fast()).toBe(2);

    const limitedFast = await request(base, '/api/products', { headers: client('203.0.113.7') });
    const limitedNormal = await request(base, '/api/products?', { headers: client('203.0.113.7') });
    expect(limitedFast.status).toBe(429);
    expect(limitedFast.body.toString()).toBe(limitedNormal.body.toString());
    expect(JSON.parse(limitedFast.body.toString()).error.code).toBe('RATE_LIMITED');
    expect(stable(limitedFast.headers)).toEqual(stable(limitedNormal.headers));

    // Another client behind the same proxy has its own count, and the fast answer.
    const other = await request(base, '/api/products', { headers: client('198.51.100.9') });
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('3');
    expect(fast()).toBe(3);
  });
});

describe('request logging on the fast path', () => {
  it('logs each request as Fastify does, with request ids from the same sequence', async () => {
    const lines: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fast-log-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: 3999, BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123' },
      {},
    );
    const database = await openTestDatabase();
    const app = await buildApp(config, { database, serveWeb: false, logStream: { write: (line: string) => lines.push(line) } });
    try {
      await app.ready();
      await notificationsHeard(app);
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      await request(base, '/api/products');
      const fast = countFast(app);
      await request(base, '/api/products');
      await request(base, '/api/products');
      expect(fast()).toBe(2);
      const entries = lines.map(
        (l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url: string; method: string; remoteAddress: string }; res?: { statusCode: number } },
      );
      const incoming = entries.filter((e) => e.msg === 'incoming request' && e.req?.url === '/api/products');
      const completed = entries.filter((e) => e.msg === 'request completed');
      expect(incoming).toHaveLength(3);
      expect(incoming.every((e) => e.req?.method === 'GET' && e.req.remoteAddress === '127.0.0.1')).toBe(true);
      const ids = incoming.map((e) => e.reqId);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(completed.find((e) => e.reqId === id)?.res?.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
