import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { twoFactor } from '../src/db/schema';
import { cookieHeader, createTestApp, signUpUser, type TestApp } from './helpers';
import { sameOrigin } from './identity-support';
import { enrolSecondFactor } from './admin-second-factor';
import { totpCode } from './two-factor-support';

/** Issue #22 B: an authenticator code works only once, even within its 30-second window. */

async function challenge(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: sameOrigin(app), payload: { email, password } });
  expect(res.json()).toMatchObject({ twoFactorRedirect: true });
  return cookieHeader(res.headers['set-cookie']);
}

const verify = (app: FastifyInstance, cookie: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', headers: sameOrigin(app, { cookie }), payload: { code } });

describe('POST /api/auth/two-factor/verify-totp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TWO_FACTOR: 'required' });
  });
  afterAll(async () => t?.close());

  it('refuses the code of the enrolment at the next sign-in, and takes the next code once', async () => {
    const u = await enrolSecondFactor(t.app, await signUpUser(t.app, { admin: true }));
    // The enrolment used the current code; an observer who saw it typed tries it at once.
    const used = totpCode(u.totpURI);
    const replay = await verify(t.app, await challenge(t.app, u.email, u.password), used);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({
      code: 'TOTP_CODE_ALREADY_USED',
      message: 'This code has already been used. Wait for the next code in your authenticator app and enter that one.',
    });
    expect(cookieHeader(replay.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);

    // The next code (still inside the window the plugin accepts) works, once.
    const nextStep = Math.floor(Date.now() / 30_000) + 1;
    const next = totpCode(u.totpURI, 1);
    const cookie = await challenge(t.app, u.email, u.password);
    const ok = await verify(t.app, cookie, next);
    expect(ok.statusCode).toBe(200);
    expect(cookieHeader(ok.headers['set-cookie'])).toMatch(/session_token=[^;]/);
    const again = await verify(t.app, await challenge(t.app, u.email, u.password), next);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('TOTP_CODE_ALREADY_USED');
    // An earlier code, still inside the window, is refused too: the step only moves forward.
    expect((await verify(t.app, await challenge(t.app, u.email, u.password), used)).json().error.code).toBe('TOTP_CODE_ALREADY_USED');

    const [row] = await t.app.db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    expect(row.lastTotpStep).toBe(nextStep);
  });

  it('still answers a wrong code as before (401 INVALID_CODE)', async () => {
    const u = await enrolSecondFactor(t.app, await signUpUser(t.app));
    const wrong = `${(Number(totpCode(u.totpURI)[0]) + 5) % 10}${totpCode(u.totpURI).slice(1)}`;
    const res = await verify(t.app, await challenge(t.app, u.email, u.password), wrong);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('INVALID_CODE');
  });

  it('refuses the same code on a signed-in session too (a check after Google, or enrolment twice)', async () => {
    const u = await enrolSecondFactor(t.app, await signUpUser(t.app));
    const res = await verify(t.app, u.cookie, totpCode(u.totpURI));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOTP_CODE_ALREADY_USED');
  });
});
