import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pipelinedTransaction } from '../src/db/client';
import { products } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';

/**
 * The order's transaction helper (decision 143): BEGIN pipelined with the first statement, COMMIT with the last.
 * Its answers must be those of an ordinary transaction, on PGlite and on PostgreSQL (DATABASE_URL).
 */
describe('pipelinedTransaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const newProduct = (sku: string) =>
    t.app.db
      .insert(products)
      .values({ sku, name: sku, img: '/x.svg', description: 'd', minOrder: 1, stock: 10, unitPriceCents: 100 })
      .returning({ id: products.id });
  const stockOf = async (id: string) => (await t.app.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

  it('commits the statements before commitWith together with its own, and returns its rows', async () => {
    const [p] = await newProduct('PIPE-1');
    const rows = await pipelinedTransaction(t.app.db, async (tx, commitWith) => {
      await tx.update(products).set({ stock: 9 }).where(eq(products.id, p.id));
      return commitWith(sql`update ${products} set stock = stock - 2 where id = ${p.id}::uuid returning stock`);
    });
    expect(rows).toEqual([{ stock: 7 }]);
    expect(await stockOf(p.id)).toBe(7);
  });

  it('rolls everything back when the last statement fails, and the connection serves the next transaction', async () => {
    const [p] = await newProduct('PIPE-2');
    await expect(
      pipelinedTransaction(t.app.db, async (tx, commitWith) => {
        await tx.update(products).set({ stock: 3 }).where(eq(products.id, p.id));
        // Violates the stock check constraint: the whole transaction goes.
        return commitWith(sql`update ${products} set stock = -1 where id = ${p.id}::uuid returning stock`);
      }),
    ).rejects.toThrow();
    expect(await stockOf(p.id)).toBe(10);
    for (let i = 0; i < 3; i++) {
      await pipelinedTransaction(t.app.db, async (tx, commitWith) => {
        await tx.select().from(products).where(eq(products.id, p.id));
        return commitWith(sql`update ${products} set stock = stock - 1 where id = ${p.id}::uuid returning stock`);
      });
    }
    expect(await stockOf(p.id)).toBe(7);
  });

  it('rolls back when the work throws before commitWith', async () => {
    const [p] = await newProduct('PIPE-3');
    await expect(
      pipelinedTransaction(t.app.db, async (tx) => {
        await tx.update(products).set({ stock: 1 }).where(eq(products.id, p.id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stockOf(p.id)).toBe(10);
  });
});
