import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUpUser, type TestApp, signOut } from './helpers';

describe('access tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('issues a token on sync that authorizes calls until logout revokes it', async () => {
    const u = await signUpUser(t.app);
    const ok = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(u.token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ admin: false });

    const out = await signOut(t.app, u);
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(u.token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a missing, forged or tampered token with 401', async () => {
    const u = await signUpUser(t.app);
    const none = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('NO_TOKEN');
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, email: 'someone@else.com' })).toString('base64url');
    const forged = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(`${h}.${forgedPayload}.${s}`) });
    expect(forged.statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer('not-a-token') });
    expect(garbage.statusCode).toBe(401);
  });

  it("refuses a sync for someone else's e-mail", async () => {
    const a = await signUpUser(t.app);
    const b = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${b.email}`, headers: { cookie: a.cookie }, payload: { email: b.email, name: 'x' } });
    expect(res.statusCode).toBe(403);
    const noSession = await t.app.inject({ method: 'PUT', url: `/api/user/${b.email}`, payload: { email: b.email, name: 'x' } });
    expect(noSession.statusCode).toBe(401);
  });
});
