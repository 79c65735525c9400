import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditEntry } from '@shop/shared';
import { user } from '../src/db/schema';
import { demoteAdmin, LAST_ADMIN_MESSAGE, SELF_DEMOTE_MESSAGE } from '../src/modules/users/users.service';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { enrolSecondFactor } from './admin-second-factor';

/**
 * Issue #25 (decision 154): DELETE /api/users/{id}/admin takes the admin role back from another admin. Never from
 * yourself, never from the last admin (even when two admins remove each other at once), audited as user.demote.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Alma Admin' });
  customer = await signUpUser(t.app, { name: 'Carla Customer' });
});
afterAll(async () => t.close());

const demote = (id: string, by: TestUser | null) => t.app.inject({ method: 'DELETE', url: `/api/users/${id}/admin`, headers: by ? bearer(by.token) : {} });
const promote = (id: string, by: TestUser = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(by.token), payload: { role: 'admin' } });
const roleOf = async (id: string) => (await t.app.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
const entries = async (action: string, by: TestUser = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit?action=${action}`, headers: bearer(by.token) });
  expect(res.statusCode).toBe(200);
  return res.json().items as AuditEntry[];
};
const adminCount = async () => (await t.app.db.select({ role: user.role }).from(user)).filter((r) => (r.role ?? '').split(',').includes('admin')).length;

describe('DELETE /api/users/{id}/admin', () => {
  it("takes the role back from another admin, records it with the target's e-mail, and their powers end at once", async () => {
    const other = await signUpUser(t.app, { name: 'Otto Other' });
    expect((await promote(other.id)).statusCode).toBe(200);
    // Issue #34: a promoted account first chooses a password of the admin rule.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/password',
      headers: bearer(other.token),
      payload: { currentPassword: other.password, newPassword: 'otto-admin-2026' },
    });
    expect(changed.statusCode).toBe(200);
    // The promoted account uses the token it already had: the role is read on every request.
    expect((await t.app.inject({ method: 'GET', url: '/api/users?page=1', headers: bearer(other.token) })).statusCode).toBe(200);

    const res = await demote(other.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, role: 'user' });
    expect(await roleOf(other.id)).toBe('user');

    // The same token, a moment later: no admin call any more, and the web app's admin check says so.
    const after = await t.app.inject({ method: 'GET', url: '/api/users?page=1', headers: bearer(other.token) });
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('ADMIN_ONLY');
    const check = await t.app.inject({ method: 'GET', url: `/api/admin/${other.email}`, headers: bearer(other.token) });
    expect(check.json()).toEqual({ admin: false });

    const log = await entries('user.demote');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      action: 'user.demote',
      entityType: 'user',
      entityId: other.id,
      before: { role: 'admin' },
      after: { role: 'user' },
      note: other.email,
    });
  });

  it('keeps the other roles of a role list, and changes nothing (nor records) for someone who is not an admin', async () => {
    const listed = await signUpUser(t.app);
    await t.app.db.update(user).set({ role: 'admin,support' }).where(eq(user.id, listed.id));
    const res = await demote(listed.id, admin);
    expect(res.json()).toEqual({ ok: true, role: 'support' });
    expect(await roleOf(listed.id)).toBe('support');

    const before = (await entries('user.demote')).length;
    const again = await demote(customer.id, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, role: 'user' });
    expect(await entries('user.demote')).toHaveLength(before);
  });

  it('refuses your own role (409 SELF_DEMOTE), and the role stays', async () => {
    const self = await demote(admin.id, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toMatchObject({ code: 'SELF_DEMOTE', message: SELF_DEMOTE_MESSAGE });
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('never takes the role from the last admin (409 LAST_ADMIN), whoever asks', async () => {
    // Through the API, the caller is an admin too, so only a race gets here (next test); the rule itself, directly:
    await t.app.db.update(user).set({ role: 'user' }).where(eq(user.role, 'admin'));
    const lone = await signUpUser(t.app, { admin: true });
    expect(await adminCount()).toBe(1);
    await expect(demoteAdmin(t.app.db, lone.id, { id: customer.id, email: customer.email })).rejects.toMatchObject({
      statusCode: 409,
      code: 'LAST_ADMIN',
      message: LAST_ADMIN_MESSAGE,
    });
    expect(await roleOf(lone.id)).toBe('admin');
    await t.app.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  });

  it('two admins removing each other at once: one wins, the other is refused (LAST_ADMIN at the lock, or ADMIN_ONLY at the door), one admin is left', async () => {
    // Only two admins from here on.
    await t.app.db.update(user).set({ role: 'user' }).where(eq(user.role, 'admin'));
    const a = await signUpUser(t.app, { admin: true, name: 'Ada' });
    const b = await signUpUser(t.app, { admin: true, name: 'Ben' });
    expect(await adminCount()).toBe(2);
    const before = (await entries('user.demote', a)).length;

    const [ab, ba] = await Promise.all([demote(b.id, a), demote(a.id, b)]);
    const bodies = `${ab.body} / ${ba.body}`;
    expect(
      [ab.statusCode, ba.statusCode].filter((s) => s === 200),
      bodies,
    ).toHaveLength(1);
    // The loser reached the locks before the winner committed (LAST_ADMIN), or the door after it (no admin role any more).
    const refused = ab.statusCode === 200 ? ba : ab;
    expect([409, 403], bodies).toContain(refused.statusCode);
    expect(refused.json().error.code, bodies).toBe(refused.statusCode === 409 ? 'LAST_ADMIN' : 'ADMIN_ONLY');
    expect(await adminCount()).toBe(1);
    const winner = ab.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await roleOf(winner.id)).toBe('admin');
    expect(await roleOf(loser.id)).toBe('user');
    // One entry, for the one demotion.
    expect(await entries('user.demote', winner)).toHaveLength(before + 1);

    // More at once: the former admin is refused at the door (403), the survivor on itself with 409.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? demote(winner.id, loser) : demote(winner.id, winner))));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(403), ...Array(5).fill(409)]);
    expect(await adminCount()).toBe(1);
    expect(await entries('user.demote', winner)).toHaveLength(before + 1);
    await t.app.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  });

  it('the same race past the door (both callers admins when they start): the lock lets one through, the other gets LAST_ADMIN', async () => {
    await t.app.db.update(user).set({ role: 'user' }).where(eq(user.role, 'admin'));
    const a = await signUpUser(t.app, { admin: true, name: 'Cleo' });
    const b = await signUpUser(t.app, { admin: true, name: 'Dev' });
    const results = await Promise.allSettled([
      demoteAdmin(t.app.db, b.id, { id: a.id, email: a.email }),
      demoteAdmin(t.app.db, a.id, { id: b.id, email: b.email }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN', message: LAST_ADMIN_MESSAGE });
    expect(await adminCount()).toBe(1);
    await t.app.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await demote(crypto.randomUUID(), admin)).statusCode).toBe(404);
    expect((await demote('not-an-id', admin)).statusCode).toBe(404);
  });

  it('refuses a visitor (401) and a customer (403), and records nothing', async () => {
    const target = await signUpUser(t.app, { admin: true });
    const before = (await entries('user.demote')).length;
    expect((await demote(target.id, null)).statusCode).toBe(401);
    const byCustomer = await demote(target.id, customer);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.code).toBe('ADMIN_ONLY');
    expect(await roleOf(target.id)).toBe('admin');
    expect(await entries('user.demote')).toHaveLength(before);
  });
});

describe('ADMIN_TWO_FACTOR=required', () => {
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ ADMIN_TWO_FACTOR: 'required' });
  });
  afterAll(async () => t2?.close());

  it('an admin who owes the second factor is refused (403 TWO_FACTOR_REQUIRED); one who passed it may demote', async () => {
    const enrolled = await enrolSecondFactor(t2.app, await signUpUser(t2.app, { admin: true }));
    const pending = await signUpUser(t2.app, { admin: true });
    const target = await signUpUser(t2.app, { admin: true });
    const call = (by: TestUser) => t2.app.inject({ method: 'DELETE', url: `/api/users/${target.id}/admin`, headers: bearer(by.token) });
    const refused = await call(pending);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const granted = await call(enrolled);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ ok: true, role: 'user' });
  });
});
