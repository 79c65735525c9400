import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { runMakeAdmin } from '../src/cli/make-admin';
import { loadConfig } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { user } from '../src/db/schema';
import { bearer, cookieHeader, createTestApp, signUpUser, syncToken, type TestApp } from './helpers';
import { sameOrigin } from './identity-support';
import { totpCode, wrongCode } from './two-factor-support';

const quiet = { log: () => undefined, error: () => undefined };

async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: sameOrigin(app), payload: { email, password } });
  return { res, cookie: cookieHeader(res.headers['set-cookie']) };
}

async function post(app: FastifyInstance, url: string, cookie: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: sameOrigin(app, { cookie }), payload });
  return { res, cookie: cookieHeader(res.headers['set-cookie']) };
}

describe('ADMIN_TWO_FACTOR=required: an administrator made with make-admin', () => {
  let dataDir: string;
  let database: Database;
  let app: FastifyInstance;
  const email = 'owner@example.com';
  const password = 'owner-password-1';
  let totpURI = '';
  let backupCodes: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-2fa-'));
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PORT: 3999,
        BETTER_AUTH_SECRET: 'two-factor-test-secret-two-factor-test',
        ADMIN_TWO_FACTOR: 'required',
      },
      {},
    );
    // Register on the shop, stop it, promote with the real CLI (as the README's deploy steps say), start again.
    let db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    let shop = await buildApp(config, { database: db, serveWeb: false });
    await signUpUser(shop, { email, name: 'Olivia Owner', password });
    await shop.close();
    await db.close();
    expect(await runMakeAdmin([email], quiet, config)).toBe(0);
    db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    shop = await buildApp(config, { database: db, serveWeb: false });
    await shop.ready();
    database = db;
    app = shop;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused every admin-only call with TWO_FACTOR_REQUIRED until enrolled; the admin check says so', async () => {
    const { res, cookie } = await signIn(app, email, password);
    expect(res.statusCode).toBe(200);
    const token = await syncToken(app, email, 'Olivia Owner', cookie);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/allorders'],
    ] as const) {
      const refused = await app.inject({ method, url, headers: bearer(token) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');
      expect(refused.json().error.message).toMatch(/second factor/);
    }
    const promote = await app.inject({ method: 'PUT', url: `/api/users/${crypto.randomUUID()}`, headers: bearer(token), payload: { role: 'admin' } });
    expect(promote.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const check = await app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: bearer(token) });
    expect(check.json()).toEqual({ admin: true, twoFactor: 'enrol' });
    // Customer calls still work: the admin can see their own profile while enrolling.
    expect((await app.inject({ method: 'GET', url: `/api/user/${email}`, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('enrols through /two-factor/enable (password) and /two-factor/verify-totp, then works', async () => {
    const { cookie } = await signIn(app, email, password);
    const noPassword = await post(app, '/api/auth/two-factor/enable', cookie, {});
    expect(noPassword.res.statusCode).toBe(400);
    const wrongPassword = await post(app, '/api/auth/two-factor/enable', cookie, { password: 'not-it-at-all' });
    expect(wrongPassword.res.statusCode).toBe(400);

    const enable = await post(app, '/api/auth/two-factor/enable', cookie, { password });
    expect(enable.res.statusCode).toBe(200);
    totpURI = enable.res.json().totpURI;
    backupCodes = enable.res.json().backupCodes;
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(decodeURIComponent(totpURI)).toContain('Torque & Throttle Parts');
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    // Still not enrolled: enable alone proves nothing.
    const before = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(await syncToken(app, email, 'Olivia Owner', cookie)) });
    expect(before.json().error.code).toBe('TWO_FACTOR_REQUIRED');

    const bad = await post(app, '/api/auth/two-factor/verify-totp', cookie, { code: wrongCode(totpURI) });
    expect(bad.res.statusCode).toBe(401);
    const verify = await post(app, '/api/auth/two-factor/verify-totp', cookie, { code: totpCode(totpURI) });
    expect(verify.res.statusCode).toBe(200);
    // Better Auth replaces the session on enrolment; the new one is marked as having passed the second factor.
    const enrolledCookie = verify.cookie;
    expect(enrolledCookie).toContain('session_token');
    const token = await syncToken(app, email, 'Olivia Owner', enrolledCookie);
    const users = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
    const check = await app.inject({ method: 'GET', url: `/api/admin/${email}`, headers: bearer(token) });
    expect(check.json()).toEqual({ admin: true, twoFactor: 'passed' });
    const [row] = await app.db.select().from(user).where(eq(user.email, email));
    expect(row.twoFactorEnabled).toBe(true);
  });

  it('challenges a later password sign-in: no session until the code, then admin calls work', async () => {
    const { res, cookie } = await signIn(app, email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(cookie).not.toMatch(/session_token=[^;]/);
    const sync = await app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: { cookie }, payload: { email, name: 'Olivia Owner' } });
    expect(sync.statusCode).toBe(401);

    const bad = await post(app, '/api/auth/two-factor/verify-totp', cookie, { code: wrongCode(totpURI) });
    expect(bad.res.statusCode).toBe(401);
    // Each code works once (#22): the enrolment may have used the current one, so the app's next code, which the window accepts.
    const good = await post(app, '/api/auth/two-factor/verify-totp', cookie, { code: totpCode(totpURI, 1) });
    expect(good.res.statusCode).toBe(200);
    const token = await syncToken(app, email, 'Olivia Owner', good.cookie);
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('accepts a backup code once instead of the authenticator code', async () => {
    const first = await signIn(app, email, password);
    const used = await post(app, '/api/auth/two-factor/verify-backup-code', first.cookie, { code: backupCodes[0] });
    expect(used.res.statusCode).toBe(200);
    const token = await syncToken(app, email, 'Olivia Owner', used.cookie);
    expect((await app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(token) })).statusCode).toBe(200);

    const second = await signIn(app, email, password);
    const again = await post(app, '/api/auth/two-factor/verify-backup-code', second.cookie, { code: backupCodes[0] });
    expect(again.res.statusCode).toBe(401);
  });
});

describe('ADMIN_TWO_FACTOR=optional (the default outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('defaults to required in production and optional elsewhere', () => {
    const secret = 'x'.repeat(40);
    expect(
      loadConfig(
        {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://parts.example.com',
          BETTER_AUTH_SECRET: secret,
          PAYMENT_PROVIDER: 'test',
          ALLOW_TEST_PAYMENTS: 'true',
          MAIL_OUTBOX: 'true',
        },
        {},
      ).adminTwoFactor,
    ).toBe('required');
    expect(loadConfig({ NODE_ENV: 'development' }, {}).adminTwoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_TWO_FACTOR: 'required' }, {}).adminTwoFactor).toBe('required');
    expect(() => loadConfig({ ADMIN_TWO_FACTOR: 'sometimes' }, {})).toThrow(/ADMIN_TWO_FACTOR/);
  });

  it('lets an admin without a second factor work, and a customer turn the second factor on from the profile', async () => {
    const admin = await signUpUser(t.app, { admin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin.token) })).statusCode).toBe(200);
    const check = await t.app.inject({ method: 'GET', url: `/api/admin/${admin.email}`, headers: bearer(admin.token) });
    expect(check.json()).toEqual({ admin: true });

    const customer = await signUpUser(t.app);
    const enable = await post(t.app, '/api/auth/two-factor/enable', customer.cookie, { password: customer.password });
    expect(enable.res.statusCode).toBe(200);
    const verify = await post(t.app, '/api/auth/two-factor/verify-totp', customer.cookie, { code: totpCode(enable.res.json().totpURI) });
    expect(verify.res.statusCode).toBe(200);
    const later = await signIn(t.app, customer.email, customer.password);
    expect(later.res.json()).toMatchObject({ twoFactorRedirect: true });
    const challenged = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${customer.email}`,
      headers: { cookie: later.cookie },
      payload: { email: customer.email },
    });
    expect(challenged.statusCode).toBe(401);
    // The session that enrolled carries on with a fresh token.
    const token = await syncToken(t.app, customer.email, customer.name, verify.cookie);
    const customerCheck = await t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}`, headers: bearer(token) });
    expect(customerCheck.json()).toEqual({ admin: false });
  });
});
