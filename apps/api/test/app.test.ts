import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorResponseSchema } from '@shop/shared';
import { createTestApp, type TestApp } from './helpers';

/** A stack trace line such as "at buildApp (/work/main/apps/api/src/app.ts:12:3)". */
const STACK_LINE = /\bat .+:\d+:\d+/;

function expectCleanError(body: string, status: number, code?: string) {
  const json = JSON.parse(body);
  expect(errorResponseSchema.safeParse(json).success, body).toBe(true);
  expect(json.error.message.length, body).toBeGreaterThan(0);
  if (code) expect(json.error.code).toBe(code);
  expect(body).not.toMatch(STACK_LINE);
  expect(body).not.toContain('"stack"');
  expect(status).toBeGreaterThanOrEqual(400);
}

describe('the API process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('serves the OpenAPI UI at /api/docs and the document at /api/docs/json', async () => {
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.body).toContain('Swagger UI');

    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(openapi.info.title).toBe('Torque & Throttle Parts API');
    for (const p of ['/api/products', '/api/product/{id}', '/api/reviews', '/api/contact', '/api/newsletter', '/api/health']) {
      expect(Object.keys(openapi.paths), p).toContain(p);
    }
    // The zod schemas become the documented parameters.
    const params = openapi.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit']));
    expect(openapi.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('sends security headers on API answers', async () => {
    const res = await t.app.inject({ url: '/api/products' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain http in tests: no HSTS, which would lock a local browser out.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a malformed or empty JSON body with 400, not 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com",',
    });
    expect(malformed.statusCode).toBe(400);
    expectCleanError(malformed.body, malformed.statusCode, 'CTP_INVALID_JSON_BODY');
    expect(malformed.json().error.message).toMatch(/not valid JSON/);

    const empty = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expectCleanError(empty.body, empty.statusCode);

    const array = await t.app.inject({ method: 'POST', url: '/api/contact', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(array.statusCode).toBe(400);
    expectCleanError(array.body, array.statusCode, 'VALIDATION_FAILED');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expectCleanError(res.body, res.statusCode);
  });

  it('answers text PostgreSQL cannot store (a NUL byte) with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { email: 'a@example.com', subject: 'a\u0000b', message: 'm' } });
    expect(res.statusCode).toBe(400);
    expectCleanError(res.body, res.statusCode, 'INVALID_TEXT');
  });

  it('answers a malformed URL with 400 in the usual error shape', async () => {
    const res = await t.app.inject({ url: '/api/product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectCleanError(res.body, res.statusCode);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/products'],
      ['POST', '/api/nope/deeper?x=1'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expectCleanError(res.body, res.statusCode, 'NOT_FOUND');
    }
  });

  it('hides the cause of a server failure behind a generic 500', async () => {
    // Break the database under the running app, as a failed disk or a bad migration would.
    await t.app.db.execute(sql`ALTER TABLE products RENAME TO products_gone`);
    try {
      const res = await t.app.inject({ url: '/api/products' });
      expect(res.statusCode).toBe(500);
      expectCleanError(res.body, res.statusCode, 'INTERNAL');
      expect(res.json().error.message).toBe('Something went wrong on our side. Please try again.');
      expect(res.body).not.toMatch(/products|relation|select/i);
    } finally {
      await t.app.db.execute(sql`ALTER TABLE products_gone RENAME TO products`);
    }
    expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(200);
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  const INDEX = '<!doctype html><html><head><title>Fake shop</title></head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    // A tiny stand-in for the Vite build, so this test never depends on a prior build.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'images'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("shop");');
    fs.writeFileSync(path.join(dist, 'images', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    t = await createTestApp({ WEB_DIST: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/products', '/home', '/some/deep/link', '/purchase/0b7c5a8e-3f0e-4c55-9f8e-2a3c4b5d6e7f?x=1'])('answers %s with index.html', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(INDEX);
    // A new deploy must be picked up at once: the page itself is never cached. A signed-in page (decision 187) is
    // kept by nobody at all.
    expect(res.headers['cache-control']).toBe(url.startsWith('/purchase/') ? 'private, no-store' : 'no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long cache and other files with a short one', async () => {
    const js = await t.app.inject({ url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toBe('console.log("shop");');
    expect(js.headers['cache-control']).toContain('immutable');
    const svg = await t.app.inject({ url: '/images/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).not.toContain('immutable');
  });

  it('answers HEAD for a file as GET would, without the body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('');
  });

  it('answers a missing asset, a dot file or a path out of the build with 404, not index.html', async () => {
    for (const url of [
      '/assets/x.js',
      '/assets/missing.css',
      '/images/nope.png',
      '/favicon.ico',
      '/.vite/manifest.json',
      '/assets/..%2findex.html',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('does not answer a POST to a page path with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/products', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
