import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shop/shared';
import { bearer, createTestApp, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { addProduct, payOrder, placeOrder } from './orders-fixtures';

/** The admin actions of orders and users leave an audit entry (deliver, cancel, promote); customers' own actions do not. */

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
      before: { status: 'paid', deleverd: false },
      after: { status: 'delivered', deleverd: true },
    });
  });

  it("records an admin's cancellation of a customer's order, not the customer's own", async () => {
    const product = await addProduct(t.app, admin);
    const byAdmin = await placeOrder(t.app, customer, product._id, 3);
    const byCustomer = await placeOrder(t.app, customer, product._id, 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byCustomer._id}`, headers: bearer(customer.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${byAdmin._id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    const log = await entries('order.cancel');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: actor(),
      entityId: byAdmin.orderNumber,
      before: { status: 'unpaid', quantity: 3, email: customer.email },
      after: { status: 'cancelled' },
      note: `Cancelled ${product.name} for ${customer.email}; 3 units back in stock`,
    });
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
      before: { role: 'user' },
      after: { role: 'admin' },
      note: someone.email,
    });
  });

  it('records nothing when the action is refused', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${admin.id}`, headers: bearer(customer.token), payload: { role: 'admin' } });
    expect(res.statusCode).toBe(403);
    expect(await entries('user.promote')).toHaveLength(1);
  });
});
