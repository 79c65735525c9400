import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminCheckSchema, userListSchema } from '@shop/shared';
import { user } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser, signOut } from './helpers';
import { tokenPayload } from './identity-support';

describe('user sync PUT /api/user/{email} (the access token)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: 900 });
  });
  afterAll(async () => t.close());

  it('returns a short-lived token for the signed-in identity, bound to its session', async () => {
    const u = await signUpUser(t.app, { name: 'Sync Rider' });
    const p = tokenPayload(u.token);
    expect(p.sub).toBe(u.id);
    expect(p.email).toBe(u.email);
    expect(typeof p.sid).toBe('string');
    expect((p.exp as number) - (p.iat as number)).toBe(900);
  });

  it('stores the display name sent by the sync, and nothing else from the body', async () => {
    const u = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${u.email}`,
      headers: { cookie: u.cookie },
      payload: { email: u.email, name: 'Renamed Rider', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, u.id));
    expect(row.name).toBe('Renamed Rider');
    expect(row.role).toBe('user');
  });

  it("refuses a token for someone else's e-mail, in the path or in the body", async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const other = await t.app.inject({ method: 'PUT', url: `/api/user/${b.email}`, headers: { cookie: a.cookie }, payload: { email: b.email, name: 'x' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('NOT_YOUR_ACCOUNT');
    const mixed = await t.app.inject({ method: 'PUT', url: `/api/user/${a.email}`, headers: { cookie: a.cookie }, payload: { email: b.email, name: 'x' } });
    expect(mixed.statusCode).toBe(403);
    const upper = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(a.email.toUpperCase())}`,
      headers: { cookie: a.cookie },
      payload: { email: a.email.toUpperCase(), name: 'x' },
    });
    expect(upper.statusCode).toBe(200);
  });

  it('refuses a sync without a session, with an access token instead of a session, or after sign-out', async () => {
    const u = await signUpUser(t.app);
    const none = await t.app.inject({ method: 'PUT', url: `/api/user/${u.email}`, payload: { email: u.email, name: 'x' } });
    expect(none.statusCode).toBe(401);
    const withJwt = await t.app.inject({ method: 'PUT', url: `/api/user/${u.email}`, headers: bearer(u.token), payload: { email: u.email, name: 'x' } });
    expect(withJwt.statusCode).toBe(401);
    await signOut(t.app, u);
    const after = await t.app.inject({ method: 'PUT', url: `/api/user/${u.email}`, headers: { cookie: u.cookie }, payload: { email: u.email, name: 'x' } });
    expect(after.statusCode).toBe(401);
  });

  it('answers 400 with a message for a malformed body', async () => {
    const u = await signUpUser(t.app);
    const noEmail = await t.app.inject({ method: 'PUT', url: `/api/user/${u.email}`, headers: { cookie: u.cookie }, payload: { name: 'x' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.message).toMatch(/email/);
    const badEmail = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${u.email}`,
      headers: { cookie: u.cookie },
      payload: { email: 'not-an-email', name: 'x' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toMatch(/Provide a valid Email/);
    const notObject = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${u.email}`,
      headers: { cookie: u.cookie, 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(notObject.statusCode).toBe(400);
  });
});

describe('access token checks', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: 60 });
    u = await signUpUser(t.app);
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the token until it expires, then answers 401', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(u.token) });
    expect(ok.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(u.token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses a token signed by another key, one with another signature algorithm, and a session bearer', async () => {
    const { SignJWT, generateKeyPair } = await import('jose');
    const p = tokenPayload(u.token);
    const header = JSON.parse(Buffer.from(u.token.split('.')[0], 'base64url').toString());
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const foreign = await new SignJWT(p).setProtectedHeader({ alg: 'EdDSA', kid: header.kid }).sign(privateKey);
    const r1 = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(foreign) });
    expect(r1.statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: header.kid })).toString('base64url')}.${u.token.split('.')[1]}.`;
    const r2 = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(none) });
    expect(r2.statusCode).toBe(401);
    const sessionToken = decodeURIComponent(
      u.cookie
        .split(';')
        .map((c) => c.trim())
        .find((c) => c.startsWith('better-auth.session_token='))!
        .split('=')[1],
    );
    const r3 = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(sessionToken) });
    expect(r3.statusCode).toBe(401);
  });
});

describe('admin check GET /api/admin/{email}', () => {
  let t: TestApp;
  let customer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUpUser(t.app);
    other = await signUpUser(t.app);
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  it('answers { admin } for yourself', async () => {
    const mine = await t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}`, headers: bearer(customer.token) });
    expect(mine.statusCode).toBe(200);
    expect(adminCheckSchema.parse(mine.json())).toEqual({ admin: false });
    const adm = await t.app.inject({ method: 'GET', url: `/api/admin/${admin.email}`, headers: bearer(admin.token) });
    expect(adm.json()).toEqual({ admin: true });
  });

  it('refuses a visitor (401) and does not tell a customer about another account (404)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}` })).statusCode).toBe(401);
    const peek = await t.app.inject({ method: 'GET', url: `/api/admin/${admin.email}`, headers: bearer(customer.token) });
    expect(peek.statusCode).toBe(404);
    const ghost = await t.app.inject({ method: 'GET', url: '/api/admin/ghost@example.com', headers: bearer(customer.token) });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().error.message).toBe(peek.json().error.message);
  });

  it('lets an admin check anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/${other.email}`, headers: bearer(admin.token) });
    expect(res.json()).toEqual({ admin: false });
  });
});

describe('users (admin): GET /api/users and PUT /api/users/{id}', () => {
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
    customer = await signUpUser(t.app, { name: 'Carl Customer' });
  });
  afterAll(async () => t.close());

  it('lists every user as { _id, name, email, role } for an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const list = userListSchema.parse(res.json());
    expect(list).toEqual(
      expect.arrayContaining([
        { _id: admin.id, name: 'Ada Admin', email: admin.email, role: 'admin' },
        { _id: customer.id, name: 'Carl Customer', email: customer.email, role: 'user' },
      ]),
    );
    for (const entry of res.json()) expect(Object.keys(entry).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('refuses the list to a visitor (401) and a customer (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(customer.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only administrators can do that.');
  });

  it('refuses a promotion by a visitor (401) or a customer, including themselves (403)', async () => {
    const anon = await t.app.inject({ method: 'PUT', url: `/api/users/${customer.id}`, payload: { role: 'admin' } });
    expect(anon.statusCode).toBe(401);
    const self = await t.app.inject({ method: 'PUT', url: `/api/users/${customer.id}`, headers: bearer(customer.token), payload: { role: 'admin' } });
    expect(self.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, customer.id));
    expect(row.role).toBe('user');
  });

  it("refuses self-promotion through Better Auth's own admin endpoints too", async () => {
    const origin = t.app.config.publicUrl;
    const setRole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/set-role',
      headers: { cookie: customer.cookie, origin },
      payload: { userId: customer.id, role: 'admin' },
    });
    expect(setRole.statusCode).toBe(403);
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/update-user',
      headers: { cookie: customer.cookie, origin },
      payload: { userId: customer.id, data: { role: 'admin' } },
    });
    expect(update.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: { cookie: customer.cookie } });
    expect(list.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, customer.id));
    expect(row.role).toBe('user');
  });

  it('answers 400 for another role and 404 for an unknown user', async () => {
    const bad = await t.app.inject({ method: 'PUT', url: `/api/users/${customer.id}`, headers: bearer(admin.token), payload: { role: 'superuser' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/role must be 'admin'/);
    const missing = await t.app.inject({ method: 'PUT', url: `/api/users/${crypto.randomUUID()}`, headers: bearer(admin.token), payload: { role: 'admin' } });
    expect(missing.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: 'PUT', url: '/api/users/not-an-id', headers: bearer(admin.token), payload: { role: 'admin' } });
    expect(garbage.statusCode).toBe(404);
  });

  it('promotes a user; the promotion takes effect at once on their existing token, and is idempotent', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(customer.token) });
    expect(before.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${customer.id}`, headers: bearer(admin.token), payload: { role: 'admin' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(customer.token) });
    expect(after.statusCode).toBe(200);
    const check = await t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}`, headers: bearer(customer.token) });
    expect(check.json()).toEqual({ admin: true });
    const again = await t.app.inject({ method: 'PUT', url: `/api/users/${customer.id}`, headers: bearer(admin.token), payload: { role: 'admin' } });
    expect(again.statusCode).toBe(200);
  });

  it('refuses the token of a signed-out admin', async () => {
    const a2 = await signUpUser(t.app, { admin: true });
    await signOut(t.app, a2);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(a2.token) });
    expect(res.statusCode).toBe(401);
  });
});
