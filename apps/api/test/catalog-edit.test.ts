import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productSchema } from '@shop/shared';
import { stockMovements } from '../src/db/schema';
import { expireReservations } from '../src/workflows/reservations';
import { ledgerMismatches } from '../src/modules/stock/stock.service';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, getProductStock, payOrder, placeOrder } from './orders-fixtures';

/** Issue #8, part 2: PATCH /api/product/{id} with a version, the quick stock adjustment, the ledger and the audit log. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOW_STOCK_FACTOR: 3, UNPAID_ORDER_TTL_MINUTES: 1, EXPIRY_SWEEP_SECONDS: 0 });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  other = await signUpUser(t.app);
});
afterAll(async () => t.close());

const patch = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'PATCH', url: `/api/product/${id}`, headers, payload });
const adjust = (id: string, payload: Record<string, unknown>, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: `/api/product/${id}/stock`, headers, payload });
const movements = (id: string, headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'GET', url: `/api/product/${id}/stock-movements`, headers });
const audit = async (action: string) =>
  (await t.app.inject({ url: `/api/audit?action=${action}&limit=200`, headers: bearer(admin.token) })).json().items as {
    entityId: string;
    actor: { email: string } | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    note: string | null;
  }[];

describe('PATCH /api/product/{id}', () => {
  it('changes any field with the current version; the version goes up; an edit that changes nothing keeps it', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 50, stock: 30, minOrder: 2 });
    const res = await patch(p._id, {
      version: p.version,
      name: 'Renamed part',
      unitPrice: 55.5,
      minOrder: 3,
      description: 'New text.',
      sku: 'NEW-123',
      brand: 'Brembo',
      category: 'brakes',
      image: 'https://cdn.example.com/a.webp',
      images: ['https://cdn.example.com/a.webp', 'https://cdn.example.com/b.webp'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = productSchema.parse(res.json());
    expect(updated).toMatchObject({
      name: 'Renamed part',
      unitPrice: 55.5,
      minOrder: 3,
      description: 'New text.',
      sku: 'NEW-123',
      brand: 'Brembo',
      category: 'brakes',
      img: 'https://cdn.example.com/a.webp',
      images: ['https://cdn.example.com/a.webp', 'https://cdn.example.com/b.webp'],
      stock: 30,
      version: p.version + 1,
    });
    expect((await t.app.inject({ url: `/api/product/${p._id}` })).json()).toEqual(updated);

    const same = await patch(p._id, { version: updated.version, name: 'Renamed part' });
    expect(same.statusCode).toBe(200);
    expect(same.json().version).toBe(updated.version);
  });

  it('answers 409 PRODUCT_CHANGED for a stale version, saying someone else changed it, and changes nothing', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 10 });
    const first = await patch(p._id, { version: p.version, unitPrice: 11 });
    expect(first.statusCode).toBe(200);
    const stale = await patch(p._id, { version: p.version, unitPrice: 99, name: 'Overwritten' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PRODUCT_CHANGED');
    expect(stale.json().error.message).toMatch(/Someone else changed this product/);
    expect((await t.app.inject({ url: `/api/product/${p._id}` })).json()).toMatchObject({ unitPrice: 11, name: p.name, version: p.version + 1 });
  });

  it('raises the version when an order moves the stock, so an edit based on the old figure is refused', async () => {
    const p = await addProduct(t.app, admin, { stock: 30 });
    await placeOrder(t.app, customer, p._id, 2);
    const res = await patch(p._id, { version: p.version, stock: 30 });
    expect(res.statusCode).toBe(409);
    expect(await getProductStock(t.app, p._id)).toBe(28);
  });

  it('books a new stock figure in the ledger as a correction by the admin', async () => {
    const p = await addProduct(t.app, admin, { stock: 30 });
    const res = await patch(p._id, { version: p.version, stock: 42 });
    expect(res.json()).toMatchObject({ stock: 42, version: p.version + 1 });
    const rows = await t.app.db.select().from(stockMovements).where(eq(stockMovements.productId, p._id));
    expect(rows.find((r) => r.kind === 'adjustment')).toMatchObject({ delta: 12, stockAfter: 42, reason: 'correction', actorEmail: admin.email });
  });

  it('refuses a part number another product has (409) and bad fields (400), a missing version (400)', async () => {
    const a = await addProduct(t.app, admin);
    const b = await addProduct(t.app, admin);
    const taken = await patch(b._id, { version: b.version, sku: a.sku.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('SKU_TAKEN');
    // Its own number in another spelling is fine.
    expect((await patch(a._id, { version: a.version, sku: a.sku.toLowerCase() })).statusCode).toBe(200);
    for (const [body, message] of [
      [{ unitPrice: 12 }, 'version'],
      [{ version: b.version, unitPrice: -1 }, 'unitPrice: Unit price must be more than 0'],
      [{ version: b.version, category: 'snacks' }, 'category'],
      [{ version: b.version, stock: -5 }, 'stock: Stock cannot be negative'],
      [{ version: b.version, images: [] }, 'images: At least one image'],
    ] as const) {
      const res = await patch(b._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('answers 404 for an unknown product, 401 for a visitor and 403 for a customer, and changes nothing', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 10 });
    expect((await patch('00000000-0000-4000-8000-000000000000', { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await patch('nope', { version: 1, name: 'x' })).statusCode).toBe(404);
    expect((await patch(p._id, { version: p.version, name: 'x' }, {})).statusCode).toBe(401);
    const byCustomer = await patch(p._id, { version: p.version, name: 'x' }, bearer(customer.token));
    expect(byCustomer.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/product/${p._id}` })).json()).toMatchObject({ name: p.name, version: p.version });
  });

  it('keeps the price and name of orders placed before the edit', async () => {
    const p = await addProduct(t.app, admin, { name: 'Old name', unitPrice: 20, minOrder: 1, stock: 50 });
    const order = await placeOrder(t.app, customer, p._id, 3);
    const current = (await t.app.inject({ url: `/api/product/${p._id}` })).json();
    expect((await patch(p._id, { version: current.version, name: 'New name', unitPrice: 99 })).statusCode).toBe(200);
    const read = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: bearer(customer.token) })).json();
    expect(read).toMatchObject({ productName: 'Old name', price: 60 });
    const paid = await payOrder(t.app, customer, order._id);
    expect(paid).toMatchObject({ productName: 'Old name', price: 60, paid: true });
    const newOrder = await placeOrder(t.app, customer, p._id, 1);
    expect(newOrder).toMatchObject({ productName: 'New name', price: 99 });
  });

  it('records the edit in the audit log with only the changed fields, by whom', async () => {
    const p = await addProduct(t.app, admin, { unitPrice: 10, name: 'Audited part' });
    await patch(p._id, { version: p.version, unitPrice: 12.5, name: 'Audited part', brand: 'NGK' });
    const entry = (await audit('product.update')).find((e) => e.entityId === p._id)!;
    expect(entry.actor?.email).toBe(admin.email);
    expect(entry.before).toEqual({ unitPrice: 10, brand: 'Unbranded' });
    expect(entry.after).toEqual({ unitPrice: 12.5, brand: 'NGK' });
    expect((await audit('product.create')).some((e) => e.entityId === p._id && e.after?.name === 'Audited part')).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/product/${p._id}`, headers: bearer(admin.token) });
    expect((await audit('product.delete')).some((e) => e.entityId === p._id && e.before?.sku === p.sku)).toBe(true);
  });
});

describe('POST /api/product/{id}/stock (adjust stock)', () => {
  it('adds and removes units with a reason, in the ledger and the audit log', async () => {
    const p = await addProduct(t.app, admin, { stock: 10 });
    const up = await adjust(p._id, { delta: 25, reason: 'restock', note: 'Delivery 4471' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ stock: 35, version: p.version + 1 });
    const down = await adjust(p._id, { delta: -3, reason: 'damaged' });
    expect(down.json()).toMatchObject({ stock: 32, version: p.version + 2 });

    const ledger = (await movements(p._id)).json();
    expect(ledger.map((m: { kind: string; delta: number; reason: string; actorEmail: string }) => [m.kind, m.delta, m.reason, m.actorEmail])).toEqual([
      ['adjustment', -3, 'damaged', admin.email],
      ['adjustment', 25, 'restock', admin.email],
      ['initial', 10, 'new product', admin.email],
    ]);
    const entry = (await audit('product.stock_adjust')).find((e) => e.entityId === p._id && e.note?.startsWith('+25'))!;
    expect(entry).toMatchObject({ before: { stock: 10 }, after: { stock: 35 }, note: '+25 (restock): Delivery 4471' });
  });

  it('refuses to take out more than is in stock (409) and bad input (400)', async () => {
    const p = await addProduct(t.app, admin, { stock: 4 });
    const res = await adjust(p._id, { delta: -5, reason: 'damaged' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'STOCK_TOO_LOW' });
    expect(res.json().error.message).toContain('Only 4 units');
    for (const body of [{ delta: 0, reason: 'restock' }, { delta: 2.5, reason: 'restock' }, { delta: 3, reason: 'gift' }, { delta: 3 }]) {
      expect((await adjust(p._id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await getProductStock(t.app, p._id)).toBe(4);
  });

  it('is for admins only: visitor 401, customer 403; the ledger too', async () => {
    const p = await addProduct(t.app, admin, { stock: 4 });
    expect((await adjust(p._id, { delta: 1, reason: 'restock' }, {})).statusCode).toBe(401);
    expect((await adjust(p._id, { delta: 1, reason: 'restock' }, bearer(customer.token))).statusCode).toBe(403);
    expect((await movements(p._id, {})).statusCode).toBe(401);
    expect((await movements(p._id, bearer(customer.token))).statusCode).toBe(403);
    expect((await adjust('00000000-0000-4000-8000-000000000000', { delta: 1, reason: 'restock' })).statusCode).toBe(404);
    expect(await getProductStock(t.app, p._id)).toBe(4);
  });
});

describe('low stock', () => {
  it('flags a product whose stock is below LOW_STOCK_FACTOR × minOrder', async () => {
    const p = await addProduct(t.app, admin, { stock: 30, minOrder: 10 });
    expect(p.lowStock).toBe(false);
    const after = (await adjust(p._id, { delta: -1, reason: 'damaged' })).json();
    expect(after).toMatchObject({ stock: 29, lowStock: true });
  });
});

describe('the stock ledger', () => {
  it("equals every product's stock after a mixed run of orders, cancels, expiries, payments, edits and adjustments", async () => {
    const a = await addProduct(t.app, admin, { stock: 100, minOrder: 1 });
    const b = await addProduct(t.app, admin, { stock: 50, minOrder: 1 });
    const o1 = await placeOrder(t.app, customer, a._id, 7);
    const o2 = await placeOrder(t.app, other, a._id, 5);
    await placeOrder(t.app, customer, b._id, 9);
    await payOrder(t.app, customer, o1._id);
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${o2._id}`, headers: bearer(other.token) });
    await adjust(a._id, { delta: 20, reason: 'restock' });
    await adjust(b._id, { delta: -2, reason: 'damaged' });
    const bNow = (await t.app.inject({ url: `/api/product/${b._id}` })).json();
    await patch(b._id, { version: bNow.version, stock: 45 });
    await placeOrder(t.app, other, b._id, 4);
    // The reservations run out.
    const real = t.app.clock.now;
    t.app.clock.now = () => new Date(Date.now() + 2 * 60_000);
    try {
      await expireReservations(t.app);
    } finally {
      t.app.clock.now = real;
    }
    expect(await getProductStock(t.app, a._id)).toBe(113);
    // 50 − 9 − 2, set to 45, − 4, then both unpaid orders (9 + 4) come back.
    expect(await getProductStock(t.app, b._id)).toBe(54);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });
});
