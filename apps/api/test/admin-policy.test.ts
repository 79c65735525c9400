import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, cookieHeader, createTestApp, syncToken, type TestApp, type TestUser } from './helpers';
// Issue #22: customers who order have verified their e-mail address.
import { signUpUser } from './verify-support';
import { sameOrigin } from './identity-support';
import { addProduct, placeOrder } from './orders-fixtures';
import { enrolSecondFactor } from './admin-second-factor';
import { SHIP_TO } from './support/ship-to';

/** Issue #22 A: one policy decides "acts as admin", with the second factor inside it (DESIGN §4 and §6). */

const MODAL = SHIP_TO;
const PROFILE = { education: 'Workshop school', location: 'Changed by someone else', phone: '0301234567', linkedin: 'https://linkedin.com/in/x' };

describe('ADMIN_TWO_FACTOR=required: an admin whose session has not passed the second factor', () => {
  let t: TestApp;
  let enrolled: TestUser;
  let pending: TestUser;
  let customer: TestUser;
  let orderId: string;
  let checkoutId: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TWO_FACTOR: 'required' });
    enrolled = await enrolSecondFactor(t.app, await signUpUser(t.app, { admin: true, name: 'Enrolled Admin' }));
    pending = await signUpUser(t.app, { admin: true, name: 'Pending Admin' });
    customer = await signUpUser(t.app, { name: 'Carla Customer' });
    const part = await addProduct(t.app, enrolled, { unitPrice: 10, stock: 100 });
    orderId = (await placeOrder(t.app, customer, part._id, 2))._id;
    await t.app.inject({ method: 'PUT', url: `/api/cart/lines/${part._id}`, headers: bearer(customer.token), payload: { quantity: 3 } });
    const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(customer.token), payload: MODAL });
    expect(checkout.statusCode, checkout.body).toBe(201);
    checkoutId = checkout.json()._id;
  });
  afterAll(async () => t?.close());

  /** Every call that grants admin powers over someone else, with the answer a refused admin gets. */
  const adminCalls = () =>
    [
      { method: 'GET', url: '/api/allorders', refused: 403 },
      { method: 'GET', url: '/api/users', refused: 403 },
      { method: 'GET', url: `/api/orders?email=${encodeURIComponent(customer.email)}`, refused: 403 },
      { method: 'GET', url: `/api/orders/${orderId}`, refused: 404 },
      { method: 'GET', url: `/api/checkouts/${checkoutId}`, refused: 404 },
      { method: 'GET', url: `/api/user/${customer.email}`, refused: 404 },
      { method: 'PUT', url: `/api/user/${customer.email}`, refused: 404, payload: PROFILE },
      { method: 'GET', url: `/api/admin/${customer.email}`, refused: 404 },
    ] as const;

  it('is refused every admin grant: 403 TWO_FACTOR_REQUIRED for admin calls, 404 for other people’s objects', async () => {
    for (const call of adminCalls()) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: bearer(pending.token),
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(call.refused);
      if (call.refused === 403) expect(res.json().error.code, call.url).toBe('TWO_FACTOR_REQUIRED');
    }
    // Cancelling someone else's order is refused too, and the order stays.
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: bearer(pending.token) });
    expect(cancel.statusCode).toBe(404);
    const stillThere = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(customer.token) });
    expect(stillThere.json()).toMatchObject({ _id: orderId, status: 'unpaid' });
    const profile = await t.app.inject({ method: 'GET', url: `/api/user/${customer.email}`, headers: bearer(customer.token) });
    expect(profile.json().location).not.toBe('Changed by someone else');
  });

  it('grants the same calls to an admin whose session passed the second factor', async () => {
    for (const call of adminCalls()) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: bearer(enrolled.token),
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(200);
    }
  });

  it('keeps the owner’s access to their own orders, checkout and profile, and the admin’s to their own', async () => {
    for (const url of [
      `/api/orders?email=${encodeURIComponent(customer.email)}`,
      `/api/orders/${orderId}`,
      `/api/checkouts/${checkoutId}`,
      `/api/user/${customer.email}`,
      `/api/admin/${customer.email}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(customer.token) })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${pending.email}`, headers: bearer(pending.token) })).statusCode).toBe(200);
    const own = await t.app.inject({ method: 'GET', url: `/api/admin/${pending.email}`, headers: bearer(pending.token) });
    expect(own.json()).toEqual({ admin: true, twoFactor: 'enrol' });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: bearer(customer.token) });
    expect(cancel.statusCode).toBe(200);
  });

  it('makes a newly promoted admin enrol: refused at once, asked to enrol now and at the next sign-in', async () => {
    const promoted = await signUpUser(t.app, { name: 'Pat Promoted' });
    const promote = await t.app.inject({ method: 'PUT', url: `/api/users/${promoted.id}`, headers: bearer(enrolled.token), payload: { role: 'admin' } });
    expect(promote.statusCode).toBe(200);

    const check = await t.app.inject({ method: 'GET', url: `/api/admin/${promoted.email}`, headers: bearer(promoted.token) });
    expect(check.json()).toEqual({ admin: true, twoFactor: 'enrol' });
    const refused = await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(customer.email)}`, headers: bearer(promoted.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: sameOrigin(t.app),
      payload: { email: promoted.email, password: promoted.password },
    });
    expect(signIn.statusCode).toBe(200);
    const token = await syncToken(t.app, promoted.email, promoted.name, cookieHeader(signIn.headers['set-cookie']));
    const later = await t.app.inject({ method: 'GET', url: `/api/admin/${promoted.email}`, headers: bearer(token) });
    expect(later.json()).toEqual({ admin: true, twoFactor: 'enrol' });
    expect((await t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(token) })).json().error.code).toBe('TWO_FACTOR_REQUIRED');
  });
});

describe('ADMIN_TWO_FACTOR=optional: the admin role alone grants the same calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lets an admin without a second factor read another customer’s orders and profile', async () => {
    const admin = await signUpUser(t.app, { admin: true });
    const customer = await signUpUser(t.app);
    const part = await addProduct(t.app, admin);
    const order = await placeOrder(t.app, customer, part._id, 1);
    for (const url of [`/api/orders?email=${encodeURIComponent(customer.email)}`, `/api/orders/${order._id}`, `/api/user/${customer.email}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).statusCode, url).toBe(200);
    }
  });
});
