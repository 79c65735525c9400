import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { productSchema, skuKey } from '@shop/shared';
import { kitComponents, products } from '../src/db/schema';
import { kitStockMismatches, ledgerMismatches } from '../src/modules/stock/stock.service';
import { seedDemoData } from '../src/db/seed/seed';
import { demoKits, seedDemoKits } from '../src/db/seed/demo-kits';
import { createTestApp, type TestApp } from './helpers';

/** Issue #36 item 2 (decision 220): the demo kit, made of demo parts, its stock theirs. */
describe('demo kit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.app);
  });
  afterAll(async () => t.close());

  it('adds the SV650 chain and sprocket kit of the demo chain and both sprockets, priced below them, its stock theirs', async () => {
    expect(await seedDemoKits(t.app.db)).toBe(demoKits.length);
    const [row] = await t.app.db
      .select()
      .from(products)
      .where(eq(products.skuKey, skuKey('KS-SV650-520')));
    const kit = productSchema.parse((await t.app.inject({ url: `/api/product/${row.id}` })).json());
    expect(kit.kitComponents?.map((c) => [c.sku, c.quantity])).toEqual([
      ['520VX3G-120', 1],
      ['JTF1370.15RB', 1],
      ['RA-250-45', 1],
    ]);
    // Chain 220, front 360, rear 150 in the demo: the rear sprocket is the scarcest.
    expect(kit.stock).toBe(Math.min(...kit.kitComponents!.map((c) => Math.floor(c.stock / c.quantity))));
    expect(kit.stock).toBeGreaterThanOrEqual(kit.minOrder);
    const parts = await Promise.all(
      kit.kitComponents!.map(async (c) => productSchema.parse((await t.app.inject({ url: `/api/product/${c.productId}` })).json())),
    );
    const alone = parts.reduce((sum, p) => sum + p.unitPrice / p.minOrder, 0);
    expect(kit.unitPrice).toBeLessThan(alone);
    expect(kit.unitPrice).toBeGreaterThan(alone * 0.8);
    expect(kit.fitment).toEqual([expect.objectContaining({ make: 'Suzuki', model: 'SV650', yearFrom: 2016, yearTo: 2024 })]);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
    expect(await kitStockMismatches(t.app.db)).toEqual([]);
  });

  it('is found by its part number, which holds the name of the bike it fits', async () => {
    for (const q of ['KS-SV650-520', 'ks sv650 520']) {
      const found = (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}&limit=3` })).json() as {
        items: { sku: string }[];
        namedVehicle?: unknown;
      };
      expect(found.items[0]?.sku, q).toBe('KS-SV650-520');
      expect(found.namedVehicle, q).toBeUndefined();
    }
    // The bike's name among other words still names the bike.
    const bike = (await t.app.inject({ url: `/api/search?q=${encodeURIComponent('sv650 chain kit')}&limit=3` })).json() as { namedVehicle?: { model: string } };
    expect(bike.namedVehicle?.model).toBe('SV650');
  });

  it('changes nothing when called again', async () => {
    const [[before], [links]] = await Promise.all([t.app.db.select({ n: count() }).from(products), t.app.db.select({ n: count() }).from(kitComponents)]);
    expect(await seedDemoKits(t.app.db)).toBe(0);
    const [[after]] = await Promise.all([t.app.db.select({ n: count() }).from(products)]);
    expect(after.n).toBe(before.n);
    expect(links.n).toBe(3);
  });
});

describe('demo kit in a shop without the demo parts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('adds nothing', async () => {
    expect(await seedDemoKits(t.app.db)).toBe(0);
    const [{ n }] = await t.app.db.select({ n: count() }).from(products);
    expect(n).toBe(0);
  });
});
