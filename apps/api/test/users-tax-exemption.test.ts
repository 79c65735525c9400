import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPageSchema, type UserListEntry } from '@shop/shared';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * Issue #24: an admin marks a business customer tax-exempt on the Make Admin
 * page (PUT /users/{id}/tax-exemption); the page of accounts says who is exempt,
 * with the number, and the spec's array keeps its four fields.
 */

let t: TestApp;
let admin: TestUser;
let workshop: TestUser;
let rider: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  workshop = await signUpUser(t.app, { name: 'Weber Motorrad' });
  rider = await signUpUser(t.app, { name: 'Rita Rider' });
});
afterAll(async () => t.close());

const put = (who: TestUser | null, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/tax-exemption`, ...(who ? { headers: bearer(who.token) } : {}), payload });
const page = async (): Promise<UserListEntry[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users?page=1', headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return userPageSchema.parse(res.json()).items;
};
const entry = async (u: TestUser) => (await page()).find((e) => e._id === u.id);

describe('tax exemption on the list of accounts', () => {
  it('lists every account as not exempt until an admin says otherwise', async () => {
    expect(await entry(workshop)).toMatchObject({ taxExempt: false, taxId: '' });
    expect(await entry(admin)).toMatchObject({ taxExempt: false, taxId: '' });
  });

  it('shows the exemption and its number after the PUT, and drops the number when it is lifted', async () => {
    const res = await put(admin, workshop.id, { taxExempt: true, taxId: ' DE123456789 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ taxExempt: true, taxId: 'DE123456789' });
    expect(await entry(workshop)).toEqual({
      _id: workshop.id,
      name: 'Weber Motorrad',
      email: workshop.email,
      role: 'user',
      taxExempt: true,
      taxId: 'DE123456789',
    });
    // Nobody else changed.
    expect(await entry(rider)).toMatchObject({ taxExempt: false, taxId: '' });

    const lifted = await put(admin, workshop.id, { taxExempt: false, taxId: 'DE123456789' });
    expect(lifted.json()).toEqual({ taxExempt: false, taxId: '' });
    expect(await entry(workshop)).toMatchObject({ taxExempt: false, taxId: '' });
    await put(admin, workshop.id, { taxExempt: true, taxId: 'DE123456789' });
  });

  it("keeps the spec's array of { _id, name, email, role }", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    for (const e of res.json()) expect(Object.keys(e).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('asks for the VAT or resale number of an exempt customer (400) and answers 404 for an unknown account', async () => {
    const none = await put(admin, rider.id, { taxExempt: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('A tax-exempt customer needs their VAT or resale number');
    const blank = await put(admin, rider.id, { taxExempt: true, taxId: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await put(admin, crypto.randomUUID(), { taxExempt: true, taxId: 'X1' })).statusCode).toBe(404);
    expect(await entry(rider)).toMatchObject({ taxExempt: false, taxId: '' });
  });

  it('refuses a visitor (401) and a customer, even for themselves (403); nothing changes', async () => {
    expect((await put(null, rider.id, { taxExempt: true, taxId: 'US-RESALE-1' })).statusCode).toBe(401);
    const byCustomer = await put(rider, rider.id, { taxExempt: true, taxId: 'US-RESALE-1' });
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.message).toBe('Only administrators can do that.');
    expect((await put(rider, workshop.id, { taxExempt: false })).statusCode).toBe(403);
    expect(await entry(rider)).toMatchObject({ taxExempt: false, taxId: '' });
    expect(await entry(workshop)).toMatchObject({ taxExempt: true, taxId: 'DE123456789' });
    // Nor can they read the list.
    expect((await t.app.inject({ method: 'GET', url: '/api/users?page=1', headers: bearer(rider.token) })).statusCode).toBe(403);
  });
});
