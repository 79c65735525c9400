import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { trustedOrigins } from '../src/lib/auth';
import { cookieHeader, createTestApp, signUpUser, type TestApp } from './helpers';

/** Issue #22 E: signing in at http://127.0.0.1:PORT outside production, and a refusal that names the right address. */

describe('the loopback addresses of the shop’s own port (PORT 3999, PUBLIC_URL http://localhost:3999)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it.each(['http://127.0.0.1:3999', 'http://[::1]:3999', 'http://localhost:3999'])('signs in from %s and gets the token', async (origin) => {
    const u = await signUpUser(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: u.email, password: u.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    // The sync after a sign-in checks the origin with the shop's own isTrustedOrigin.
    const sync = await t.app.inject({ method: 'PUT', url: `/api/user/${u.email}`, headers: { cookie, origin }, payload: { email: u.email, name: u.name } });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().token).toEqual(expect.any(String));
  });

  it.each(['http://127.0.0.1:4000', 'http://localhost:5173', 'https://evil.example'])('refuses %s and names the address to use', async (origin) => {
    const u = await signUpUser(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: u.email, password: u.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toEqual({ code: 'INVALID_ORIGIN', message: 'Open the shop at http://localhost:3999 to sign in.' });
    const sync = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${u.email}`,
      headers: { cookie: u.cookie, origin },
      payload: { email: u.email, name: u.name },
    });
    expect(sync.statusCode).toBe(403);
    expect(sync.json().error).toEqual({ code: 'INVALID_ORIGIN', message: 'Open the shop at http://localhost:3999 to sign in.' });
  });
});

describe('trustedOrigins', () => {
  it('adds the loopback names of PORT outside production only', () => {
    const dev = loadConfig({ NODE_ENV: 'development', PORT: 3000, TRUSTED_ORIGINS: 'https://admin.example.com' }, {});
    expect(trustedOrigins(dev)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://admin.example.com']);
    const prod = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: 3000,
        PUBLIC_URL: 'https://parts.example.com',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        PAYMENT_PROVIDER: 'test',
        ALLOW_TEST_PAYMENTS: 'true',
        MAIL_OUTBOX: 'true',
      },
      {},
    );
    expect(trustedOrigins(prod)).toEqual(['https://parts.example.com']);
  });
});
