import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { kitStockMismatches, ledgerMismatches } from '../src/modules/stock/stock.service';
import { bearer, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';
import { createAppOn, createPostgresDatabase, postgresUrl, type ResilienceApp } from './support/resilience';

/**
 * Issue #36 item 2 (decision 220), "no oversell": 50 checkouts at once, sent to two app instances (as two processes
 * behind a load balancer) on one PostgreSQL database, each cart holding a kit and loose units of one of its parts.
 * Together they ask for more than the shelf holds: what is sold never passes it, no stock goes negative, and every
 * line sold has its parts' ledger rows. PGlite is one process, so this file needs DATABASE_URL.
 */
describe.skipIf(!postgresUrl)('kits: 50 concurrent checkouts over two app instances', () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const apps: ResilienceApp[] = [];
  let admin: TestUser;
  const riders: TestUser[] = [];
  let bolt: Product;
  let nut: Product;
  let kit: Product;

  beforeAll(async () => {
    db = await createPostgresDatabase();
    apps.push(await createAppOn(db.url), await createAppOn(db.url));
    const a = apps[0].app;
    admin = await signUpUser(a, { admin: true });
    for (let i = 0; i < 50; i++) riders.push(await signUpUser(apps[i % 2].app, { name: `Rider ${i}` }));
    bolt = await addProduct(a, admin, { name: 'Race kit bolt', sku: 'RACE-BOLT', unitPrice: 3, minOrder: 1, stock: 30 });
    nut = await addProduct(a, admin, { name: 'Race kit nut', sku: 'RACE-NUT', unitPrice: 1, minOrder: 1, stock: 20 });
    kit = await addProduct(a, admin, { name: 'Race kit', sku: 'RACE-KIT', unitPrice: 6, minOrder: 1, stock: 0 });
    const made = await a.inject({
      method: 'PUT',
      url: `/api/admin/products/${kit._id}/kit`,
      headers: bearer(admin.token),
      payload: {
        components: [
          { sku: 'RACE-BOLT', quantity: 2 },
          { sku: 'RACE-NUT', quantity: 1 },
        ],
      },
    });
    expect(made.statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.drop();
  });

  it('never sells more than the shelf holds, and books every part it sells', async () => {
    const a = apps[0].app;
    const stockOf = async (id: string) => (await a.inject({ method: 'GET', url: `/api/product/${id}` })).json().stock as number;
    expect(await stockOf(kit._id)).toBe(15);
    // Each cart: 1 or 2 kits and 1 to 3 loose bolts — 50 carts ask for about 200 bolts of 30.
    const carts = riders.map((_, i) => ({ kits: 1 + (i % 2), bolts: 1 + (i % 3) }));
    for (const [i, rider] of riders.entries()) {
      const app = apps[i % 2].app;
      for (const [id, quantity] of [
        [kit._id, carts[i].kits],
        [bolt._id, carts[i].bolts],
      ] as const) {
        const put = await app.inject({ method: 'PUT', url: `/api/cart/lines/${id}`, headers: bearer(rider.token), payload: { quantity } });
        expect(put.statusCode).toBe(200);
      }
    }
    const answers = await Promise.all(
      riders.map((rider, i) => apps[i % 2].app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(rider.token), payload: SHIP_TO })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c !== 201 && c !== 409),
      answers.map((r) => r.body.slice(0, 200)).join('\n'),
    ).toEqual([]);
    const sold = answers.flatMap((r, i) => (r.statusCode === 201 ? [carts[i]] : []));
    expect(sold.length).toBeGreaterThan(0);
    const bolts = sold.reduce((n, c) => n + 2 * c.kits + c.bolts, 0);
    const nuts = sold.reduce((n, c) => n + c.kits, 0);
    expect(bolts).toBeLessThanOrEqual(30);
    expect(nuts).toBeLessThanOrEqual(20);
    expect(await stockOf(bolt._id)).toBe(30 - bolts);
    expect(await stockOf(nut._id)).toBe(20 - nuts);
    expect(await stockOf(kit._id)).toBe(Math.min(Math.floor((30 - bolts) / 2), 20 - nuts));
    expect(await ledgerMismatches(a.db)).toEqual([]);
    expect(await kitStockMismatches(a.db)).toEqual([]);
    // Every kit line sold took both parts, in its kits × pieces.
    const lines = answers.flatMap((r) => (r.statusCode === 201 ? (r.json() as Checkout).orders.filter((o) => o.productId === kit._id) : []));
    for (const line of lines) {
      const moved = (await a.db.execute(
        sql`select product_id, sum(delta)::int as delta from stock_movements where order_id = ${line._id}::uuid group by product_id order by product_id`,
      )) as unknown as { rows: { product_id: string; delta: number }[] };
      const byPart = new Map(moved.rows.map((m) => [m.product_id, Number(m.delta)]));
      expect(byPart.get(bolt._id)).toBe(-2 * line.quantity);
      expect(byPart.get(nut._id)).toBe(-line.quantity);
    }
  }, 120_000);
});
