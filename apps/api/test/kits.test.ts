import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, Product, Purchase } from '@shop/shared';
import { orderLineComponents, stockMovements } from '../src/db/schema';
import { kitStockMismatches, ledgerMismatches } from '../src/modules/stock/stock.service';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, orderRequest, payOrder } from './orders-fixtures';
import { pdfText } from './support/pdf-text';
import { SHIP_TO } from './support/ship-to';

/**
 * Issue #36 item 2 (decision 220): a kit is a product made of parts. Its stock is theirs (min ⌊stock / pieces⌋,
 * kept by the database), buying it books each part in the ledger, and a cart of a kit and loose units of one of its
 * parts never takes more than the shelf holds.
 */
describe('kits', () => {
  let t: TestApp;
  let admin: TestUser;
  let rider: TestUser;
  let other: TestUser;
  let chain: Product;
  let front: Product;
  let rear: Product;
  let kit: Product;

  const putKit = (id: string, components: { sku: string; quantity: number }[], user: TestUser | null = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/kit`, headers: user ? bearer(user.token) : {}, payload: { components } });
  const product = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json() as Product;
  const putLine = (user: TestUser, productId: string, quantity: number) =>
    t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });
  const checkout = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(user.token), payload: SHIP_TO });
  const invariants = async () => {
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
    expect(await kitStockMismatches(t.app.db)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true });
    rider = await signUpUser(t.app, { name: 'Kit Rider' });
    other = await signUpUser(t.app, { name: 'Other Rider' });
    chain = await addProduct(t.app, admin, { name: 'Kit test chain 525', sku: 'KT-CHAIN-525', unitPrice: 89.95, minOrder: 1, stock: 10 });
    front = await addProduct(t.app, admin, { name: 'Kit test front sprocket 16T', sku: 'KT-FRONT-16', unitPrice: 19.95, minOrder: 1, stock: 7 });
    rear = await addProduct(t.app, admin, { name: 'Kit test rear sprocket 43T', sku: 'KT-REAR-43', unitPrice: 44.95, minOrder: 1, stock: 12 });
    kit = await addProduct(t.app, admin, { name: 'Kit test chain and sprocket kit', sku: 'KT-KIT-1', unitPrice: 129.9, minOrder: 1, stock: 0 });
  });
  afterAll(() => t.close());

  it('only an admin makes a product a kit', async () => {
    const parts = [{ sku: 'KT-CHAIN-525', quantity: 1 }];
    expect((await putKit(kit._id, parts, null)).statusCode).toBe(401);
    expect((await putKit(kit._id, parts, rider)).statusCode).toBe(403);
    expect((await putKit(kit._id, parts, other)).statusCode).toBe(403);
    expect((await product(kit._id)).kitComponents).toBeUndefined();
  });

  it('refuses unknown parts, itself, a part twice, a kit inside a kit, and a part with stock of its own, each with a message', async () => {
    const unknown = await putKit(kit._id, [{ sku: 'NOPE-1', quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'KIT_PART_UNKNOWN' });
    expect(unknown.json().error.message).toContain('NOPE-1');
    expect((await putKit(kit._id, [{ sku: 'KT-KIT-1', quantity: 1 }])).json().error).toMatchObject({ code: 'KIT_HOLDS_ITSELF' });
    expect(
      (
        await putKit(kit._id, [
          { sku: 'KT-CHAIN-525', quantity: 1 },
          { sku: 'kt chain 525', quantity: 1 },
        ])
      ).json().error,
    ).toMatchObject({ code: 'KIT_PART_TWICE' });
    expect((await putKit(kit._id, [{ sku: 'KT-CHAIN-525', quantity: 0 }])).statusCode).toBe(400);
    const own = await putKit(chain._id, [{ sku: 'KT-FRONT-16', quantity: 1 }]);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatchObject({ code: 'KIT_HAS_OWN_STOCK' });
  });

  it("makes a kit whose stock is its scarcest part's, and follows the parts' stock", async () => {
    const res = await putKit(kit._id, [
      { sku: 'KT-CHAIN-525', quantity: 1 },
      { sku: 'KT-FRONT-16', quantity: 1 },
      { sku: 'kt-rear-43', quantity: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().components.map((c: { sku: string; quantity: number }) => [c.sku, c.quantity])).toEqual([
      ['KT-CHAIN-525', 1],
      ['KT-FRONT-16', 1],
      ['KT-REAR-43', 2],
    ]);
    const k = await product(kit._id);
    // min(10/1, 7/1, 12/2) = 6
    expect(k.stock).toBe(6);
    expect(k.kitComponents?.map((c) => c.sku)).toEqual(['KT-CHAIN-525', 'KT-FRONT-16', 'KT-REAR-43']);
    // A restock of the scarcest part raises it; the kit's own stock cannot be adjusted.
    const restock = await t.app.inject({
      method: 'POST',
      url: `/api/product/${rear._id}/stock`,
      headers: bearer(admin.token),
      payload: { delta: 4, reason: 'restock' },
    });
    expect(restock.statusCode).toBe(200);
    expect((await product(kit._id)).stock).toBe(7);
    const direct = await t.app.inject({
      method: 'POST',
      url: `/api/product/${kit._id}/stock`,
      headers: bearer(admin.token),
      payload: { delta: 5, reason: 'restock' },
    });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toMatchObject({ code: 'KIT_STOCK' });
    // A kit cannot be a part of another kit.
    const bundle = await addProduct(t.app, admin, { name: 'Kit test bundle', sku: 'KT-BUNDLE', unitPrice: 10, minOrder: 1, stock: 0 });
    expect((await putKit(bundle._id, [{ sku: 'KT-KIT-1', quantity: 1 }])).json().error).toMatchObject({ code: 'KIT_IN_KIT' });
    expect((await putKit(chain._id, [{ sku: 'KT-BUNDLE', quantity: 1 }])).statusCode).toBeGreaterThanOrEqual(400);
    await invariants();
  });

  it('a checkout of a kit books each part in the ledger, records its shares, and a cancel puts the parts back', async () => {
    // chain 10, front 7, rear 16 → 7 kits.
    expect((await putLine(rider, kit._id, 2)).statusCode).toBe(200);
    const res = await checkout(rider);
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Checkout;
    const line = placed.orders[0];
    expect(await Promise.all([chain, front, rear].map(async (p) => (await product(p._id)).stock))).toEqual([8, 5, 12]);
    expect((await product(kit._id)).stock).toBe(5);
    const moves = await t.app.db.select().from(stockMovements).where(eq(stockMovements.orderId, line._id));
    expect(moves.map((m) => [m.productId, m.delta]).sort()).toEqual(
      [
        [chain._id, -2],
        [front._id, -2],
        [rear._id, -4],
      ].sort(),
    );
    const parts = await t.app.db.select().from(orderLineComponents).where(eq(orderLineComponents.lineId, line._id));
    expect(parts.map((p) => p.sku)).toEqual(['KT-CHAIN-525', 'KT-FRONT-16', 'KT-REAR-43']);
    expect(parts.reduce((s, p) => s + p.shareCents, 0)).toBe(Math.round(line.price * 100));
    await invariants();

    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${line._id}`, headers: bearer(rider.token) });
    expect(cancel.statusCode).toBeLessThan(300);
    expect(await Promise.all([chain, front, rear, kit].map(async (p) => (await product(p._id)).stock))).toEqual([10, 7, 16, 7]);
    await invariants();
  });

  it('a cart of a kit and loose units of its part never takes more than the shelf holds', async () => {
    // front sprocket: 7 on the shelf. 5 kits take 5; 3 loose would make 8.
    await putLine(other, kit._id, 5);
    await putLine(other, front._id, 3);
    const short = await checkout(other);
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({ code: 'CHECKOUT_SHORT' });
    const lines = short.json().error.details.lines as { productId: string; available: number }[];
    expect(lines.find((l) => l.productId === kit._id)?.available).toBe(4);
    expect(lines.find((l) => l.productId === front._id)?.available).toBe(2);
    expect((await product(front._id)).stock).toBe(7);
    // Up to the limit, it goes through.
    await putLine(other, front._id, 2);
    const ok = await checkout(other);
    expect(ok.statusCode).toBe(201);
    // The order shows what its kit line was made of, and each part's share: they add up to the line.
    const placed = ok.json() as Checkout;
    const view = (await t.app.inject({ url: `/api/purchases/${placed._id}`, headers: bearer(other.token) })).json() as Purchase;
    const kitLine = placed.orders.find((o) => o.productId === kit._id)!;
    const parts = view.lines.find((l) => l.orderId === kitLine._id)?.kitParts;
    expect(parts?.map((p) => [p.sku, p.quantity])).toEqual([
      ['KT-CHAIN-525', 1],
      ['KT-FRONT-16', 1],
      ['KT-REAR-43', 2],
    ]);
    expect(Math.round(parts!.reduce((sum, p) => sum + p.share * 100, 0))).toBe(Math.round(kitLine.price * 100));
    expect(view.lines.find((l) => l.orderId !== kitLine._id)?.kitParts).toBeUndefined();
    expect((await product(front._id)).stock).toBe(0);
    expect((await product(kit._id)).stock).toBe(0);
    await invariants();
  });

  it('POST /order buys a kit by its parts too, and refuses more kits than the parts make', async () => {
    await t.app.inject({ method: 'POST', url: `/api/product/${front._id}/stock`, headers: bearer(admin.token), payload: { delta: 3, reason: 'restock' } });
    expect((await product(kit._id)).stock).toBe(3);
    const tooMany = await orderRequest(t.app, rider, kit._id, 4);
    expect(tooMany.statusCode).toBe(400);
    const res = await orderRequest(t.app, rider, kit._id, 3);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect((await product(front._id)).stock).toBe(0);
    expect((await product(kit._id)).stock).toBe(0);
    const parts = await t.app.db.select().from(orderLineComponents).where(eq(orderLineComponents.lineId, order._id));
    expect(parts.reduce((s, p) => s + p.shareCents, 0)).toBe(Math.round(order.price * 100));
    const moves = await t.app.db.select().from(stockMovements).where(eq(stockMovements.orderId, order._id));
    expect(moves).toHaveLength(3);
    await invariants();
    // Paid, its invoice names what the kit holds.
    await payOrder(t.app, rider, order._id);
    const pdf = await t.app.inject({ url: `/api/purchases/${order._id}/invoice.pdf`, headers: bearer(rider.token) });
    expect(pdf.statusCode).toBe(200);
    // (A narrow column breaks lines anywhere: compared without white space.)
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('Includes1×Kittestchain525(KT-CHAIN-525),1×Kittestfrontsprocket16T(KT-FRONT-16),2×Kittestrearsprocket43T(KT-REAR-43)');
  });

  it("a kit's part cannot be deleted while the kit holds it", async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/product/${chain._id}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PART_IN_KIT' });
    expect(res.json().error.message).toContain('KT-KIT-1');
    expect((await t.app.inject({ url: `/api/product/${chain._id}` })).statusCode).toBe(200);
  });

  it('an empty list makes it a plain part again, with no stock of its own', async () => {
    const res = await putKit(kit._id, []);
    expect(res.statusCode).toBe(200);
    const k = await product(kit._id);
    expect(k.kitComponents).toBeUndefined();
    expect(k.stock).toBe(0);
    await invariants();
  });
});
