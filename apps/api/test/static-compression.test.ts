import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** A built web app as Vite and its precompress plugin leave it: each text file with .br and .gz beside it. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-dist-'));
const html = `<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const js = `export const parts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `part-${i}`))};`;

function writeWithCompressed(rel: string, body: string) {
  const file = path.join(webDist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

let t: TestApp;
beforeAll(async () => {
  writeWithCompressed('index.html', html);
  writeWithCompressed('assets/index-AbC123.js', js);
  t = await createTestApp({ WEB_DIST: webDist }, { serveWeb: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app is sent precompressed', () => {
  it('sends a hashed script as brotli or gzip from the build, cached for a year, and plain to a client without either', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends the page (any app route) compressed and revalidated on every visit', async () => {
    for (const url of ['/', '/products']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});
