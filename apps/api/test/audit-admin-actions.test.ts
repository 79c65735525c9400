import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/audit.service';
import { addProduct, payAtProcessor, payOrder, placeOrder, recordPaymentRequest } from './orders-fixtures';

/** The admin actions of orders and users leave an audit entry (deliver, cancel, promote); issue #25 item 5: so does every status change of an order. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const entries = async (action: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit?action=${action}`, headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json().items as AuditEntry[];
};
const actor = () => ({ id: admin.id, email: admin.email });
const recordAuditForLine = (lineId: string) =>
  recordAudit(t.app.db, { actor: null, action: 'test.line', entityType: 'order', entityId: lineId, before: null, after: null });

describe('audit entries of admin actions', () => {
  it('records a delivery once, with the admin and the changed flag', async () => {
    const product = await addProduct(t.app, admin);
    const order = await placeOrder(t.app, customer, product._id, 2);
    await payOrder(t.app, customer, order._id);
    const deliver = () => t.app.inject({ method: 'PATCH', url: `/api/paidorders/${order._id}`, headers: bearer(admin.token) });
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    const log = await entries('order.deliver');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: actor(),
      entityType: 'order',
      // Issue #25 item 5: by the order's number.
      entityId: order.orderNumber,
      // Issue #39 item 8: named by its number for the Activity log.
      entityName: order.orderNumber,
      before: { status: 'paid', deleverd: false },
      after: { status: 'delivered', deleverd: true },
    });
  });

  it("records an admin's cancellation of a customer's order and, issue #25 item 5, the customer's own, by order number", async () => {
    const product = await addProduct(t.app, admin);
    const byAdmin = await placeOrder(t.app, customer, product._id, 3);
    const byCustomer = await placeOrder(t.app, customer, product._id, 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byCustomer._id}`, headers: bearer(customer.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byAdmin._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    // A repeat changes nothing and records nothing.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byAdmin._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const log = await entries('order.cancel');
    expect(log).toHaveLength(2);
    expect(log.find((e) => e.entityId === byAdmin.orderNumber)).toMatchObject({
      actor: actor(),
      before: { status: 'unpaid', quantity: 3, email: customer.email },
      after: { status: 'cancelled' },
      note: `Cancelled ${product.name} for ${customer.email}; 3 units back in stock`,
    });
    expect(log.find((e) => e.entityId === byCustomer.orderNumber)).toMatchObject({
      actor: { id: customer.id, email: customer.email },
      after: { status: 'cancelled' },
      note: 'Cancelled by the customer; 1 unit back in stock',
    });
  });

  it('records a payment and an expired reservation under the order number, with the shop as the actor', async () => {
    const product = await addProduct(t.app, admin, { stock: 50 });
    const paid = await placeOrder(t.app, customer, product._id, 2);
    const pi = await payAtProcessor(t.app, customer, paid._id);
    expect((await recordPaymentRequest(t.app, customer, paid._id, pi)).statusCode).toBe(200);
    expect((await entries('order.pay')).find((e) => e.entityId === paid.orderNumber)).toMatchObject({
      actor: null,
      after: { status: 'paid', transactionId: pi },
    });

    const lapsed = await placeOrder(t.app, customer, product._id, 4);
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, lapsed._id));
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${lapsed._id}`, headers: bearer(customer.token) })).json().status).toBe('expired');
    expect((await entries('order.expire')).filter((e) => e.entityId === lapsed.orderNumber)).toEqual([
      expect.objectContaining({
        actor: null,
        after: { status: 'expired' },
        note: `The reservation of order ${lapsed.orderNumber} ran out unpaid; 4 units back in stock.`,
      }),
    ]);
  });

  it('records a promotion with the role before and after, once', async () => {
    const someone = await signUpUser(t.app);
    const promote = () => t.app.inject({ method: 'PUT', url: `/api/users/${someone.id}`, headers: bearer(admin.token), payload: { role: 'admin' } });
    expect((await promote()).statusCode).toBe(200);
    expect((await promote()).statusCode).toBe(200);
    const log = await entries('user.promote');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: actor(),
      entityType: 'user',
      entityId: someone.id,
      // Issue #39 item 8: the Activity log names the account by its e-mail, not its id.
      entityName: someone.email,
      before: { role: 'user' },
      after: { role: 'admin' },
      note: someone.email,
    });
  });

  it('names a product by its name, and an order line by its order number (issue #39 item 8)', async () => {
    const product = await addProduct(t.app, admin, { name: 'Audit Named Lever' });
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/api/product/${product._id}/stock`,
      headers: bearer(admin.token),
      payload: { delta: 1, reason: 'restock' },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    const [entry] = (await entries('product.stock_adjust')).filter((e) => e.entityId === product._id);
    expect(entry.entityName).toBe('Audit Named Lever');
    // An entry kept by a line's id (older entries, reconciliation) still reads as the order's number.
    const order = await placeOrder(t.app, customer, product._id, 2);
    await recordAuditForLine(order._id);
    const [line] = (await entries('test.line')).filter((e) => e.entityId === order._id);
    expect(line.entityName).toBe(order.orderNumber);
  });

  it('records nothing when the action is refused', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(customer.token), payload: { role: 'admin' } });
    expect(res.statusCode).toBe(403);
    expect(await entries('user.promote')).toHaveLength(1);
  });
});
