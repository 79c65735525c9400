import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Product } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct } from './orders-fixtures';
import { SHIP_TO } from './support/ship-to';
import { companyInviteToken } from './support/company-invite';

/**
 * Issue #37: a trade account's member checks out a pasted parts list of hundreds of lines. The reservation limits
 * of issue #22 stay for everyone else; a member gets the trade limits (TRADE_MAX_UNPAID_*), and loses them with
 * the membership.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let customer: TestUser;
let company: Company;
let parts: Product[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload !== undefined && { payload: payload as object }) });

async function fillCart(who: TestUser, n: number) {
  for (const part of parts) expect((await call('PUT', `/api/cart/lines/${part._id}`, who, { quantity: 0 })).statusCode).toBe(200);
  for (const part of parts.slice(0, n)) expect((await call('PUT', `/api/cart/lines/${part._id}`, who, { quantity: 1 })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ MAX_UNPAID_LINES: 2, TRADE_MAX_UNPAID_LINES: 5, MAX_UNPAID_ORDERS: 10 });
  admin = await signUpUser(t.app, { admin: true });
  [member, customer] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
  parts = [];
  for (let i = 0; i < 6; i++) parts.push(await addProduct(t.app, admin, { unitPrice: 20, stock: 50, minOrder: 1 }));
  company = (await call('POST', '/api/admin/companies', admin, { name: 'Bulk Workshop' })).json();
  expect((await call('POST', `/api/admin/companies/${company._id}/invites`, admin, { email: member.email, role: 'admin' })).statusCode).toBe(201);
  expect((await call('POST', '/api/company/join', member, { token: companyInviteToken(t.app, member.email) })).statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('trade limits at checkout', () => {
  it('a customer is held to MAX_UNPAID_LINES; a company member to TRADE_MAX_UNPAID_LINES', async () => {
    await fillCart(customer, 3);
    const refused = await call('POST', '/api/checkout', customer, SHIP_TO);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('2');

    await fillCart(member, 3);
    const placed = await call('POST', '/api/checkout', member, SHIP_TO);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as { orders: unknown[] }).orders).toHaveLength(3);
    // The checkout's three lines count: three more would pass the trade limit of 5.
    await fillCart(member, 3);
    const over = await call('POST', '/api/checkout', member, SHIP_TO);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('RESERVATION_LIMIT');
  });

  it('a removed member is held to the customer’s limits again', async () => {
    const second = await signUpUser(t.app);
    expect((await call('POST', `/api/admin/companies/${company._id}/invites`, admin, { email: second.email, role: 'buyer' })).statusCode).toBe(201);
    expect((await call('POST', '/api/company/join', second, { token: companyInviteToken(t.app, second.email) })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/companies/${company._id}/members/${second.id}`, admin)).statusCode).toBe(204);
    await fillCart(second, 3);
    expect((await call('POST', '/api/checkout', second, SHIP_TO)).statusCode).toBe(409);
  });
});
