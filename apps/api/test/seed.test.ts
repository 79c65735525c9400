import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_BRAND, PRODUCT_CATEGORIES, SKU_PATTERN, productListSchema, reviewListSchema, skuKey } from '@shop/shared';
import { repoRoot } from '../src/config/env';
import { products, reviews, stockMovements, user } from '../src/db/schema';
import { ledgerMismatches } from '../src/modules/stock/stock.service';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/db/seed/seed';
import { createTestApp, type TestApp } from './helpers';

const webPublic = path.join(repoRoot, 'apps/web/public');

/** A site path such as /images/products/x.svg must be a file the web app ships. */
function expectShippedImage(src: string) {
  expect(src, src).toMatch(/^\/images\/.+\.(svg|png|webp|jpg)$/);
  const file = path.join(webPublic, src);
  expect(fs.existsSync(file), `${src} is missing under apps/web/public`).toBe(true);
  // DESIGN §8: optimised illustrations, no megabyte SVGs.
  expect(fs.statSync(file).size, `${src} is too heavy`).toBeLessThan(100_000);
}

async function tableCounts(t: TestApp) {
  const [[p], [r], [u]] = await Promise.all([
    t.app.db.select({ n: count() }).from(products),
    t.app.db.select({ n: count() }).from(reviews),
    t.app.db.select({ n: count() }).from(user),
  ]);
  return { products: p.n, reviews: r.n, users: u.n };
}

describe('demo data', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    t = await createTestApp();
    first = await seedDemoData(t.app);
  });
  afterAll(async () => t.close());

  it('seeds at least 24 products, 12 reviews and the demo accounts into an empty database', async () => {
    expect(first.products).toBeGreaterThanOrEqual(24);
    expect(first.reviews).toBeGreaterThanOrEqual(12);
    expect(first.accounts).toBe(true);
    const counts = await tableCounts(t);
    expect(counts).toEqual({ products: first.products, reviews: first.reviews, users: 2 });
  });

  it('gives every product all its fields, a sane price and stock, and a shipped image', async () => {
    const res = await t.app.inject({ url: '/api/products' });
    const list = productListSchema.parse(res.json());
    expect(new Set(list.map((p) => p.name)).size).toBe(list.length);
    for (const p of list) {
      expect(p.name.trim().length, p.name).toBeGreaterThan(2);
      expect(p.description.trim().length, p.name).toBeGreaterThan(20);
      expect(Number.isInteger(p.minOrder) && p.minOrder >= 1, p.name).toBe(true);
      // A demo product nobody can order would look broken.
      expect(p.stock, p.name).toBeGreaterThanOrEqual(p.minOrder);
      expect(p.unitPrice, p.name).toBeGreaterThan(0);
      expect(Math.round(p.unitPrice * 100), p.name).toBeCloseTo(p.unitPrice * 100, 6);
      expectShippedImage(p.img);
    }
  });

  it('gives every part a unique part number, a brand and a category, with at least 8 categories in use (#8)', async () => {
    const list = productListSchema.parse((await t.app.inject({ url: '/api/products' })).json());
    const keys = list.map((p) => skuKey(p.sku));
    expect(new Set(keys).size).toBe(list.length);
    for (const p of list) {
      expect(p.sku, p.name).toMatch(SKU_PATTERN);
      expect(p.sku.startsWith('TT-'), `${p.name} has a maker's part number, not a generated one`).toBe(false);
      expect(p.brand.trim().length, p.name).toBeGreaterThan(1);
      expect(p.brand, p.name).not.toBe(DEFAULT_BRAND);
      expect(PRODUCT_CATEGORIES).toContain(p.category);
      expect(p.images[0], p.name).toBe(p.img);
      expect(p.version, p.name).toBe(1);
    }
    expect(new Set(list.map((p) => p.category)).size).toBeGreaterThanOrEqual(8);
  });

  it("books every part's opening stock in its ledger (#8)", async () => {
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
    const [{ n }] = await t.app.db.select({ n: count() }).from(stockMovements);
    expect(n).toBe(first.products);
  });

  it('gives every review a name, a 1–5 rating, a text and an avatar', async () => {
    const list = reviewListSchema.parse((await t.app.inject({ url: '/api/reviews' })).json());
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const r of list) {
      expect(r.name.trim().length).toBeGreaterThan(1);
      expect(r.description.trim().length).toBeGreaterThan(10);
      expect([1, 2, 3, 4, 5]).toContain(r.review);
      if (r.img.startsWith('/')) expectShippedImage(r.img);
      else expect(r.img).toMatch(/^https:\/\//);
    }
  });

  it('creates a verified admin and a verified customer who can sign in with the printed passwords', async () => {
    for (const [kind, acc] of Object.entries(DEMO_ACCOUNTS)) {
      const [row] = await t.app.db.select().from(user).where(eq(user.email, acc.email));
      expect(row, acc.email).toBeDefined();
      expect(row.emailVerified).toBe(true);
      expect(row.name).toBe(acc.name);
      expect(row.role).toBe(kind === 'admin' ? 'admin' : 'user');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.app.config.publicUrl },
        payload: { email: acc.email, password: acc.password },
        remoteAddress: `10.1.0.${kind === 'admin' ? 1 : 2}`,
      });
      expect(res.statusCode, `${acc.email}: ${res.body}`).toBe(200);
    }
  });

  it('changes nothing when called again', async () => {
    const before = await tableCounts(t);
    const second = await seedDemoData(t.app);
    expect(second).toEqual({ products: 0, reviews: 0, accounts: false });
    expect(await tableCounts(t)).toEqual(before);
  });
});

describe('seeding a shop that is already in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves a database with the owner’s own product untouched', async () => {
    await t.app.db
      .insert(products)
      .values({ name: 'Owner part', img: '/images/products/x.svg', description: 'Real stock', minOrder: 1, stock: 3, unitPriceCents: 999 });
    expect(await seedDemoData(t.app)).toEqual({ products: 0, reviews: 0, accounts: false });
    expect(await tableCounts(t)).toEqual({ products: 1, reviews: 0, users: 0 });
  });
});
