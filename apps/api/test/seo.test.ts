import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_PAGES } from '@shop/shared';
import { products } from '../src/db/schema';
import { robotsTxt, sitemapChunks, sitemapFileXml, sitemapXml } from '../src/modules/seo/seo.service';
import { createTestApp, type TestApp } from './helpers';

const PUBLIC_URL = 'https://parts.example.com';
const catalogue = Array.from({ length: 30 }, (_, i) => ({
  name: `Seo Part ${i + 1}`,
  img: `/images/products/part-${i + 1}.svg`,
  description: `Description of part ${i + 1}`,
  minOrder: 10,
  stock: 100,
  unitPriceCents: 1250,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
}));

/** The <loc> addresses of a sitemap or sitemap index. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const rows = await t.app.db.insert(products).values(catalogue).returning({ id: products.id, createdAt: products.createdAt });
    ids = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((r) => r.id);
  });
  afterAll(async () => t.close());

  it('robots.txt lets crawlers read the public pages, keeps them out of the account screens and names the sitemap on the public URL', async () => {
    // A visitor: no token, no cookie.
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const path of ['/dashboard', '/purchase/', '/profile', '/api/auth/']) expect(lines).toContain(`Disallow: ${path}`);
    // The part page is client-rendered: a crawler must be able to fetch the product read and the pictures it renders from.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const needed of ['/parts/x', '/products', '/api/product/x', '/api/products', '/api/uploads/x/640.webp']) {
      expect(
        disallowed.filter((d) => needed.startsWith(d)),
        needed,
      ).toEqual([]);
    }
  });

  it('answers HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
  });

  it('sitemap.xml lists the public pages and every part page, absolute on the public URL, in catalogue order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(locs(res.body)).toEqual([...SITEMAP_PAGES.map((p) => `${PUBLIC_URL}${p}`), ...ids.map((id) => `${PUBLIC_URL}/parts/${id}`)]);
    // Nothing private is listed.
    expect(res.body).not.toMatch(/dashboard|purchase|login|\/api\//);
  });

  it('goes out compressed to a crawler that accepts brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(locs(zlib.brotliDecompressSync(res.rawPayload).toString())).toHaveLength(SITEMAP_PAGES.length + ids.length);
  });

  it('every part the sitemap names opens for a visitor: the product read needs no account', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/${ids[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: ids[0], name: 'Seo Part 1' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/product/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBeTruthy();
  });

  it('a sitemap file that does not exist answers 404, a malformed name 400, both with a message', async () => {
    // The catalogue fits in one file: there is no parts-1.xml.
    const none = await t.app.inject({ method: 'GET', url: '/sitemaps/parts-1.xml' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toContain('parts-1.xml');
    for (const file of ['parts-0.xml', 'parts-x.xml', 'passwd', '..%2Fapp.ts']) {
      const bad = await t.app.inject({ method: 'GET', url: `/sitemaps/${file}` });
      expect(bad.statusCode, file).toBe(400);
      expect(bad.json().error.message).toBeTruthy();
    }
  });
});

describe('a catalogue above the sitemap limit', () => {
  const origin = 'https://shop.example';
  const ids = Array.from({ length: 8 }, (_, i) => `id-${i + 1}`);

  it('is cut into files of at most the limit, pages first', () => {
    const chunks = sitemapChunks(origin, ids, 5);
    expect(chunks.map((c) => c.length)).toEqual([5, 5, 3]);
    expect(chunks.flat()).toEqual([...SITEMAP_PAGES.map((p) => `${origin}${p}`), ...ids.map((id) => `${origin}/parts/${id}`)]);
  });

  it('makes /sitemap.xml an index of the files, each of which lists its share', () => {
    const index = sitemapXml(origin, ids, 5);
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${origin}/sitemaps/parts-${n}.xml`));
    expect(locs(sitemapFileXml(origin, ids, 3, 5)!)).toEqual(ids.slice(5).map((id) => `${origin}/parts/${id}`));
    expect(sitemapFileXml(origin, ids, 4, 5)).toBeNull();
  });

  it('escapes what XML cannot carry as it is', () => {
    expect(sitemapXml('https://shop.example/a&b', [])).toContain('<loc>https://shop.example/a&amp;b/</loc>');
    expect(robotsTxt('https://x.example')).toContain('Sitemap: https://x.example/sitemap.xml');
  });
});
