import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicAddress } from '../src/lib/public-url';
import { createTestApp, signUpUser, type TestApp } from './helpers';
import { addProduct } from './orders-fixtures';

/** Issue #22 F: every absolute address of a page is built from PUBLIC_URL and the path only. */

const PUBLIC_URL = 'https://parts.example.com';

/**
 * A stand-in for the web app's server bundle (dist-ssr/entry-server.js) with its contract: the
 * site origin is the origin of the Request the API hands over (entry-server.tsx: setSiteOrigin),
 * and a part page writes its canonical link, og:url, og:image and JSON-LD @id on that origin.
 */
const FAKE_ENTRY_SERVER = `
let serverFetch = null;
export function setServerFetch(f) { serverFetch = f; }
export async function render(request) {
  const url = new URL(request.url);
  const origin = url.origin;
  const part = url.pathname.match(/^\\/parts\\/([^/]+)$/);
  if (!part) {
    return { status: 404, head: '<title>Not found</title><link rel="canonical" href="' + origin + url.pathname + '">', html: '<h1>Not found</h1>', state: '{}', modules: [] };
  }
  const res = await serverFetch('/api/product/' + part[1], { method: 'GET', headers: {} });
  const product = await res.json();
  const page = origin + '/parts/' + product._id;
  const head = '<title>' + product.name + '</title>' +
    '<link rel="canonical" href="' + page + '">' +
    '<meta property="og:url" content="' + page + '">' +
    '<meta property="og:image" content="' + new URL(product.img, origin + '/').href + '">' +
    '<script type="application/ld+json">' + JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', '@id': page + '#product', url: page }) + '</script>';
  return { status: 200, head, html: '<h1>' + product.name + '</h1>', state: '{}', modules: [] };
}
`;

/** Every absolute http(s) address in the page. */
const absoluteAddresses = (html: string) => [...html.matchAll(/https?:\/\/[^"'\s<>]+/g)].map((m) => m[0]).filter((u) => !u.startsWith('https://schema.org'));

describe('publicAddress', () => {
  it('keeps the path and query on the public origin, whatever the target says', () => {
    expect(publicAddress(PUBLIC_URL, '/parts/1?x=//evil').href).toBe(`${PUBLIC_URL}/parts/1?x=//evil`);
    for (const target of ['//evil.example/parts/1', '/\\evil.example/parts/1', '///evil.example', '/@evil.example', 'http://evil.example/x']) {
      expect(publicAddress(PUBLIC_URL, target).origin, target).toBe(PUBLIC_URL);
    }
  });
});

describe('server-rendered part pages', () => {
  let t: TestApp;
  let root: string;
  let productId: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-public-url-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY_SERVER);
    t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL }, { serveWeb: true });
    const admin = await signUpUser(t.app, { admin: true });
    productId = (await addProduct(t.app, admin, { name: 'Spark plug CR9EIX' }))._id;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts canonical, og:url, og:image and JSON-LD @id on PUBLIC_URL, not on the Host header', async () => {
    const res = await t.app.inject({ url: `/parts/${productId}`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/parts/${productId}">`);
    expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/parts/${productId}">`);
    expect(res.body).toContain(`"@id":"${PUBLIC_URL}/parts/${productId}#product"`);
    expect(res.body).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/`));
    expect(res.body).not.toContain('evil.example');
  });

  it('never lets a //host request target name another site in the page', async () => {
    const res = await t.app.inject({ url: `//evil.example/parts/${productId}`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBeLessThan(500);
    const addresses = absoluteAddresses(res.body);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(new URL(address).origin, address).toBe(PUBLIC_URL);
    expect(res.body).not.toMatch(/https?:\/\/evil\.example/);
  });
});
