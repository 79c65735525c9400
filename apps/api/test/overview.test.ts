import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';

/**
 * Issue #25 item 7 (decision 164): the owner's sales overview adds up what
 * paid orders took and what refunds gave back, by period and by day, and
 * lists the top parts and the parts low on stock; admins only.
 */
describe('GET /api/admin/overview', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    alice = await signUpUser(t.app);
  });
  afterAll(async () => t.close());

  const overview = async (user: TestUser | null = admin) =>
    t.app.inject({ method: 'GET', url: '/api/admin/overview', ...(user ? { headers: bearer(user.token) } : {}) });

  it('is for admins only', async () => {
    expect((await overview(null)).statusCode).toBe(401);
    expect((await overview(alice)).statusCode).toBe(403);
  });

  it('counts paid orders with their shipping and tax today, the refunds, the top parts and the parts low on stock', async () => {
    const before: Overview = (await overview()).json();
    // $30 and $10 parts to Germany: 30 + 24.99 + 19 % (5.70 + 4.75) = 65.44; 10 × 2 = 20 + 24.99 + 19 % (3.80 + 4.75) = 53.54.
    const lever = await addProduct(t.app, admin, { name: 'Overview lever', unitPrice: 30, minOrder: 1, stock: 2 });
    const bolts = await addProduct(t.app, admin, { name: 'Overview bolts', unitPrice: 10, minOrder: 1, stock: 500 });
    const a = await placeOrder(t.app, alice, lever._id, 1);
    await payOrder(t.app, alice, a._id);
    const b = await placeOrder(t.app, alice, bolts._id, 2);
    await payOrder(t.app, alice, b._id);
    await placeOrder(t.app, alice, bolts._id, 1); // unpaid: not revenue
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${b._id}/refunds`,
      headers: bearer(admin.token),
      payload: { amount: 5, reason: 'Goodwill', idempotencyKey: randomUUID() },
    });
    expect(refunded.statusCode).toBe(201);

    const res = await overview();
    expect(res.statusCode).toBe(200);
    const now: Overview = res.json();
    const today = now.periods.find((p) => p.key === 'today')!;
    const was = before.periods.find((p) => p.key === 'today')!;
    expect(today.orders - was.orders).toBe(2);
    // Issue #39 item 6 (decision 184): goods, shipping and tax apart; they add up to what the payments took.
    const delta = (k: 'grossSales' | 'shipping' | 'tax' | 'refunds' | 'netSales') => Math.round((today[k] - was[k]) * 100);
    expect(delta('grossSales')).toBe(3000 + 2000);
    expect(delta('shipping')).toBe(2499 * 2);
    expect(delta('tax')).toBe(570 + 475 + 380 + 475);
    expect(delta('grossSales') + delta('shipping') + delta('tax')).toBe(6544 + 5354);
    expect(delta('refunds')).toBe(500);
    // The $5 is other credit: it comes off net sales.
    expect(delta('netSales')).toBe(5000 - 500);
    expect(now.periods.map((p) => p.key)).toEqual(['today', '7d', '30d']);
    expect(now.periods[2].grossSales).toBeGreaterThanOrEqual(today.grossSales);
    expect(now.daily).toHaveLength(30);
    expect(now.daily.at(-1)).toMatchObject({ date: now.today });
    expect(Math.round(now.daily.at(-1)!.grossSales * 100)).toBe(Math.round(today.grossSales * 100));
    expect(now.topParts).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Overview bolts', units: 2, revenue: 20 })]));
    // One lever left of a minimum order of 1: fewer than three lots.
    expect(now.lowStock).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Overview lever', stock: 1, minOrder: 1 })]));
    expect(now.lowStock.some((p) => p.name === 'Overview bolts')).toBe(false);
  });
});
