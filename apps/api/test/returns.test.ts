import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, Purchase } from '@shop/shared';
import { auditLog, stockMovements } from '../src/db/schema';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
import { signUpUser } from './verify-support';
import { addProduct, getProductStock, payOrder, placeOrder, readOutbox } from './orders-fixtures';

/**
 * Issue #25 item 4 (decision 163): a customer asks to return units of a
 * shipped order within the window with a reason; an admin approves or rejects
 * it, marks it received and refunds it (once), with the units back in stock.
 */

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('returns', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let part: Product;
  let order: Order;

  const api = (user: TestUser | null, url: string, payload: object = {}, method: 'POST' | 'GET' = 'POST') =>
    t.app.inject({ method, url, ...(user ? { headers: bearer(user.token) } : {}), ...(method === 'POST' ? { payload } : {}) });
  const ask = (user: TestUser | null, quantity: number, reason = 'does_not_fit', ref = order._id) =>
    api(user, `/api/purchases/${ref}/returns`, { lines: [{ orderId: ref, quantity }], reason, note: 'Fits the 2018 model only' });
  const ship = (ref: string, quantity: number, shippedAt = day(0)) =>
    api(admin, `/api/purchases/${ref}/shipments`, { carrier: 'dhl', trackingNumber: 'JD014600006281230704', shippedAt, lines: [{ orderId: ref, quantity }] });
  const subjects = (email: string) =>
    readOutbox(t.dataDir)
      .filter((m) => m.to === email)
      .map((m) => m.subject);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Shop Admin' });
    alice = await signUpUser(t.app, { name: 'Alice Rider' });
    bob = await signUpUser(t.app, { name: 'Bob Workshop' });
    // $30 a unit, to Germany: 3 units 90.00 + 24.99 shipping, 19 % VAT.
    part = await addProduct(t.app, admin, { name: 'Clutch lever', unitPrice: 30, minOrder: 1, stock: 20 });
    order = await placeOrder(t.app, alice, part._id, 3);
    await payOrder(t.app, alice, order._id);
  });
  afterAll(async () => t.close());

  it('nothing can be returned before it ships', async () => {
    const res = await ask(alice, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('RETURN_NOT_SHIPPED');
  });

  it('only the customer asks, for units that have shipped, within the window; the shop e-mails a copy', async () => {
    expect((await ship(order._id, 2)).statusCode).toBe(201);
    expect((await ask(null, 1)).statusCode).toBe(401);
    expect((await ask(bob, 1)).statusCode).toBe(404);
    const byAdmin = await ask(admin, 1);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.code).toBe('NOT_ORDER_OWNER');
    expect((await ask(alice, 1, 'too_expensive')).statusCode).toBe(400);
    const tooMany = await ask(alice, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Only 2 units of “Clutch lever” can be returned; you asked for 3.');

    const res = await ask(alice, 1);
    expect(res.statusCode, res.body).toBe(201);
    const p: Purchase = res.json();
    expect(p.returns).toMatchObject([{ status: 'requested', reason: 'does_not_fit', note: 'Fits the 2018 model only', lines: [{ quantity: 1 }] }]);
    expect(new Date(p.returnableUntil!).getTime() - new Date(`${day(0)}T12:00:00Z`).getTime()).toBe(30 * 86_400_000);
    expect(subjects(alice.email)).toContain(`We have your return request for order ${p.number}`);
    // One more of the two shipped can still be asked for.
    expect((await ask(alice, 2)).json().error.message).toBe('Only 1 units of “Clutch lever” can be returned; you asked for 2.');
  });

  it('the admin approves, receives and refunds it with the unit back in stock; each step once and in order', async () => {
    const [ret] = ((await api(alice, `/api/purchases/${order._id}`, {}, 'GET')).json() as Purchase).returns;
    const step = (user: TestUser | null, s: string, body: object = {}) => api(user, `/api/returns/${ret._id}/${s}`, body);
    expect((await step(alice, 'approve')).statusCode).toBe(403);
    expect((await step(null, 'approve')).statusCode).toBe(401);
    expect((await step(admin, 'receive')).json().error.code).toBe('RETURN_STEP_NOT_ALLOWED');
    expect((await step(admin, 'refund', { restock: true })).json().error.code).toBe('RETURN_NOT_RECEIVED');
    expect((await step(admin, 'approve', { note: 'Send it back in its box' })).json().returns[0]).toMatchObject({
      status: 'approved',
      decisionNote: 'Send it back in its box',
    });
    expect((await step(admin, 'approve')).statusCode).toBe(409);
    expect((await step(admin, 'receive')).json().returns[0].status).toBe('received');

    const stock = await getProductStock(t.app, part._id);
    expect((await step(alice, 'refund', { restock: true })).statusCode).toBe(403);
    const refunded = await step(admin, 'refund', { restock: true });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const p: Purchase = refunded.json();
    // One unit: 30.00 and 19 % of it.
    expect(p.refunds).toMatchObject([{ total: 35.7, lines: [{ quantity: 1 }], restocked: true, reason: 'Return: does not fit (Fits the 2018 model only)' }]);
    expect(p.returns[0]).toMatchObject({ status: 'refunded', refundId: p.refunds[0]._id });
    expect(await getProductStock(t.app, part._id)).toBe(stock + 1);
    expect(
      await t.app.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, part._id), eq(stockMovements.kind, 'refund_restock'))),
    ).toHaveLength(1);
    // Again: nothing more is refunded.
    expect((await step(admin, 'refund', { restock: true })).json().refunds).toHaveLength(1);
    expect(subjects(alice.email)).toEqual(
      expect.arrayContaining([
        `Your return for order ${p.number} is approved: send the parts back`,
        `We received the parts you returned from order ${p.number}`,
        `We refunded $35.70 of your order ${p.number}`,
      ]),
    );
    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, p.number))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['return.request', 'return.approve', 'return.receive', 'order.refund']));
  });

  it('a rejected return frees its units to be asked for again; after the window nothing can be', async () => {
    const second = await ask(alice, 1, 'not_needed');
    const ret = (second.json() as Purchase).returns[1];
    const rejected = await api(admin, `/api/returns/${ret._id}/reject`, { note: 'Opened and fitted' });
    expect(rejected.json().returns[1]).toMatchObject({ status: 'rejected', decisionNote: 'Opened and fitted' });
    expect(subjects(alice.email)).toContain(`Your return for order ${(rejected.json() as Purchase).number} was not accepted`);
    expect((await ask(alice, 1, 'damaged')).statusCode).toBe(201);

    const old = await placeOrder(t.app, bob, part._id, 1);
    await payOrder(t.app, bob, old._id);
    expect((await ship(old._id, 1, day(40))).statusCode).toBe(201);
    const late = await ask(bob, 1, 'damaged', old._id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('RETURN_WINDOW_CLOSED');
    expect(late.json().error.message).toContain('The 30-day return window of order');
  });
});
