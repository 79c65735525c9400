import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkCopy } from '@shop/shared/copy/network';
import { loadConfig } from '../src/config/env';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue #22: server-rendered pages count against the client's rate limit, with their own larger budget
 * (PAGE_RATE_LIMIT_PER_MINUTE), the renderer's reads for the page included; static files never count.
 * Over HTTP, behind a trusted proxy so that each test is its own client.
 */

/** A stand-in for the web app's server bundle: /reads renders with two reads of the public API, any other page with none. */
const FAKE_ENTRY_SERVER = `
let serverFetch = null;
export function setServerFetch(f) { serverFetch = f; }
export async function render(request) {
  const url = new URL(request.url);
  let names = '';
  if (url.pathname === '/reads') {
    for (let i = 0; i < 2; i++) {
      const res = await serverFetch('/api/products', { method: 'GET', headers: {} });
      names += res.status + ' ';
    }
  }
  return { status: 200, head: '<title>Page</title>', html: '<h1>Page ' + names + '</h1>', state: '{}', modules: [] };
}
`;

const API_LIMIT = 3;
const PAGE_LIMIT = 6;

let t: TestApp;
let root: string;
let base: string;
let clients = 0;
/** A new client address for each test (RFC 5737 documentation range). */
const newClient = () => `203.0.113.${++clients}`;
const get = (client: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { 'x-forwarded-for': client, ...headers } });

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-page-limit-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'images'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY_SERVER);
  t = await createTestApp(
    { WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: API_LIMIT, PAGE_RATE_LIMIT_PER_MINUTE: PAGE_LIMIT, TRUST_PROXY: 'true' },
    { serveWeb: true },
  );
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('PAGE_RATE_LIMIT_PER_MINUTE', () => {
  it('defaults to three times RATE_LIMIT_PER_MINUTE', () => {
    expect(loadConfig({}, {}).PAGE_RATE_LIMIT_PER_MINUTE).toBe(1800);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: 100 }, {}).PAGE_RATE_LIMIT_PER_MINUTE).toBe(300);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: 100, PAGE_RATE_LIMIT_PER_MINUTE: 50 }, {}).PAGE_RATE_LIMIT_PER_MINUTE).toBe(50);
    expect(() => loadConfig({ PAGE_RATE_LIMIT_PER_MINUTE: '-1' }, {})).toThrow(/PAGE_RATE_LIMIT_PER_MINUTE/);
  });
});

describe('pages and the rate limit', () => {
  it('counts page renders; past the budget a plain HTML page answers 429 with Retry-After', async () => {
    const me = newClient();
    for (let i = 0; i < PAGE_LIMIT; i++) {
      const page = await get(me, `/products?page=${i}`);
      expect(page.status, `page ${i + 1}`).toBe(200);
      expect(page.headers.get('x-ratelimit-limit')).toBe(String(PAGE_LIMIT));
    }
    const refused = await get(me, '/');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const html = await refused.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<title>${networkCopy.pageTooManyTitle}</title>`);
    expect(html).toContain(networkCopy.pageTooManyText(wait));
    expect(html).not.toContain('<script');
  });

  it('never counts static files, before or after the budget is spent', async () => {
    const me = newClient();
    for (let i = 0; i < PAGE_LIMIT * 2; i++) {
      expect((await get(me, '/assets/index-abc.js')).status).toBe(200);
      expect((await get(me, '/images/logo.svg')).status).toBe(200);
    }
    for (let i = 0; i < PAGE_LIMIT; i++) expect((await get(me, '/cart')).status).toBe(200);
    expect((await get(me, '/cart')).status).toBe(429);
    const asset = await get(me, '/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it("counts the renderer's API reads for a page against that client's page budget", async () => {
    const me = newClient();
    // Each /reads costs three: the page and its two reads.
    expect((await get(me, '/reads')).status).toBe(200);
    const second = await get(me, '/reads');
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Page 200 200');
    expect((await get(me, '/cart')).status).toBe(429);
  });

  it('answers the page with 429 when its budget runs out during the render', async () => {
    const me = newClient();
    for (let i = 0; i < PAGE_LIMIT - 1; i++) expect((await get(me, '/cart')).status).toBe(200);
    // The page itself is the sixth (allowed); its first read is the seventh.
    const refused = await get(me, '/reads');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.text()).toContain(networkCopy.pageTooManyTitle);
  });

  it("keeps the API's own budget apart: pages do not spend it, and API calls do not spend the pages'", async () => {
    const me = newClient();
    for (let i = 0; i < 3; i++) expect((await get(me, '/reads')).status).toBeLessThan(500);
    const api = await get(me, '/api/products');
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-remaining')).toBe(String(API_LIMIT - 1));

    const other = newClient();
    for (let i = 0; i < API_LIMIT; i++) expect((await get(other, '/api/products')).status).toBe(200);
    const refused = await get(other, '/api/products');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect((await get(other, '/cart')).status).toBe(200);
  });

  it("does not let a client pass its reads off as the renderer's", async () => {
    const me = newClient();
    const victim = newClient();
    for (let i = 0; i < API_LIMIT; i++) {
      expect((await get(me, '/api/products', { 'x-shop-render': 'guess', 'x-shop-render-client': victim })).status).toBe(200);
    }
    expect((await get(me, '/api/products', { 'x-shop-render': 'guess', 'x-shop-render-client': victim })).status).toBe(429);
    for (let i = 0; i < PAGE_LIMIT; i++) expect((await get(victim, '/cart')).status).toBe(200);
  });
});
