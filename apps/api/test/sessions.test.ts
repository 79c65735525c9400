import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSessionsSchema, type AccountSession } from '@shop/shared/schemas/session';
import { sessionsCopy } from '@shop/shared/copy/sessions';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { session as sessionTable } from '../src/db/schema';
import { loadConfig } from '../src/config/env';
import { describeUserAgent } from '../src/modules/sessions/sessions.service';
import { bearer, cookieHeader, createTestApp, signUpUser, syncToken, type TestApp, type TestUser } from './helpers';

/** Issue #22: the signed-in customer's own sessions (list, sign out one or all others, password change) and their maximum age. */

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** One more session of the user's: a password sign-in from that browser, with its access token. */
async function signInAgain(user: Pick<TestUser, 'email' | 'name' | 'password'>, userAgent = CHROME_WINDOWS, password = user.password) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.app.config.publicUrl, 'user-agent': userAgent },
    payload: { email: user.email, password },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, cookie: '', token: '', sessionId: '' };
  const cookie = cookieHeader(res.headers['set-cookie']);
  const token = await syncToken(t.app, user.email, user.name, cookie);
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
  return { status: 200, cookie, token, sessionId };
}

const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

const list = async (token: string): Promise<AccountSession[]> => {
  const res = await t.app.inject({ url: '/api/sessions', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return accountSessionsSchema.parse(res.json()).items;
};
const revoke = (token: string | null, id: string) => t.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: token ? bearer(token) : {} });
const revokeOthers = (token: string | null, query = '?others=true') =>
  t.app.inject({ method: 'DELETE', url: `/api/sessions${query}`, headers: token ? bearer(token) : {} });
const changePassword = (token: string | null, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/sessions/password', headers: token ? bearer(token) : {}, payload: { currentPassword, newPassword } });
const getSession = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as { session?: { id: string } } | null;

describe('the sessions API refuses visitors and other customers', () => {
  it('answers 401 to a visitor on every call', async () => {
    expect((await t.app.inject({ url: '/api/sessions' })).statusCode).toBe(401);
    expect((await revoke(null, 'any')).statusCode).toBe(401);
    expect((await revokeOthers(null)).statusCode).toBe(401);
    expect((await changePassword(null, 'a', 'b')).statusCode).toBe(401);
  });

  it("answers 404 to another customer for your session, which keeps working; lists each customer's own only", async () => {
    const me = await signUpUser(t.app);
    const second = await signInAgain(me);
    const other = await signUpUser(t.app);
    const refused = await revoke(other.token, second.sessionId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual({ code: 'SESSION_NOT_FOUND', message: sessionsCopy.notFound });
    // The same answer as for an id that does not exist.
    expect((await revoke(other.token, '00000000-0000-4000-8000-000000000000')).json()).toEqual(refused.json());
    expect((await list(second.token)).map((s) => s.id)).toContain(second.sessionId);
    expect((await list(other.token)).map((s) => s.id)).toEqual([sidOf(other.token)]);
    // "Sign out all others" of another customer never reaches mine.
    expect((await revokeOthers(other.token)).json()).toEqual({ revoked: 0 });
    expect(await list(me.token)).toHaveLength(2);
  });
});

describe('listing and signing out sessions', () => {
  it('lists device, address and last use, the current one marked, the most recent first', async () => {
    const me = await signUpUser(t.app);
    const phone = await signInAgain(me, SAFARI_IPHONE);
    const sessions = await list(me.token);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current).map((s) => s.id)).toEqual([sidOf(me.token)]);
    const fromPhone = sessions.find((s) => s.id === phone.sessionId)!;
    expect(fromPhone).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17.5', ipAddress: '127.0.0.1', current: false });
    expect(Date.parse(fromPhone.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Seen from the phone, the phone is "this device".
    expect((await list(phone.token)).find((s) => s.current)?.id).toBe(phone.sessionId);
  });

  it('signs out one other session: its next call is refused and its cookie signs in nobody', async () => {
    const me = await signUpUser(t.app);
    const laptop = await signInAgain(me);
    const res = await revoke(me.token, laptop.sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    const next = await t.app.inject({ url: '/api/sessions', headers: bearer(laptop.token) });
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('SESSION_ENDED');
    expect(await getSession(laptop.cookie)).toBeNull();
    // Gone is gone: a second try is 404, and mine stays.
    expect((await revoke(me.token, laptop.sessionId)).statusCode).toBe(404);
    expect((await list(me.token)).map((s) => s.id)).toEqual([sidOf(me.token)]);
  });

  it('does not sign out the current session that way (Logout does)', async () => {
    const me = await signUpUser(t.app);
    const res = await revoke(me.token, sidOf(me.token));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CURRENT_SESSION');
    expect(await list(me.token)).toHaveLength(1);
  });

  it('signs out all other sessions with ?others=true (required), keeping this one', async () => {
    const me = await signUpUser(t.app);
    const a = await signInAgain(me);
    const b = await signInAgain(me, SAFARI_IPHONE);
    for (const query of ['', '?others=false', '?others=1']) {
      const bad = await revokeOthers(me.token, query);
      expect(bad.statusCode, query).toBe(400);
    }
    expect(await list(me.token)).toHaveLength(3);
    const res = await revokeOthers(me.token);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of [a, b]) expect((await t.app.inject({ url: '/api/sessions', headers: bearer(other.token) })).statusCode).toBe(401);
    expect((await list(me.token)).map((s) => s.id)).toEqual([sidOf(me.token)]);
  });
});

describe('changing the password', () => {
  it("checks the current password and the shop's password rules, each with a clear 400", async () => {
    const me = await signUpUser(t.app);
    const wrong = await changePassword(me.token, 'not-my-password', 'a-brand-new-secret-9');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'WRONG_PASSWORD', message: sessionsCopy.wrongCurrentPassword });
    const short = await changePassword(me.token, me.password, 'short-1');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({ code: 'PASSWORD_TOO_SHORT', message: accountSecurityCopy.passwordTooShort });
    const common = await changePassword(me.token, me.password, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');
    const empty = await t.app.inject({ method: 'POST', url: '/api/sessions/password', headers: bearer(me.token), payload: { newPassword: 'x' } });
    expect(empty.statusCode).toBe(400);
  });

  it('changes it and ends the other sessions; this one stays signed in', async () => {
    const me = await signUpUser(t.app);
    const other = await signInAgain(me);
    const res = await changePassword(me.token, me.password, 'a-brand-new-secret-9');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    expect((await t.app.inject({ url: '/api/sessions', headers: bearer(other.token) })).statusCode).toBe(401);
    expect(await getSession(other.cookie)).toBeNull();
    expect((await list(me.token)).map((s) => s.id)).toEqual([sidOf(me.token)]);
    expect((await getSession(me.cookie))?.session?.id).toBe(sidOf(me.token));
    expect((await signInAgain(me)).status).toBe(401);
    expect((await signInAgain(me, CHROME_WINDOWS, 'a-brand-new-secret-9')).status).toBe(200);
  });
});

describe('the maximum age of a session (SESSION_MAX_AGE_DAYS)', () => {
  it('defaults to 30 days', () => {
    expect(loadConfig({}, {}).SESSION_MAX_AGE_DAYS).toBe(30);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' }, {})).toThrow(/SESSION_MAX_AGE_DAYS/);
  });

  /** Signed in `days` ago, used a moment ago, and not idle-expired. */
  const signedInDaysAgo = (sessionId: string, days: number) =>
    t.app.db
      .update(sessionTable)
      .set({ createdAt: new Date(Date.now() - days * DAY), updatedAt: new Date(), expiresAt: new Date(Date.now() + 7 * DAY) })
      .where(eq(sessionTable.id, sessionId));

  it('still admits a session signed in 29 days ago', async () => {
    const me = await signUpUser(t.app);
    await signedInDaysAgo(sidOf(me.token), 29);
    expect(await list(me.token)).toHaveLength(1);
    expect((await getSession(me.cookie))?.session?.id).toBe(sidOf(me.token));
  });

  it('refuses a session signed in 31 days ago with 401 SESSION_ENDED although it was used recently', async () => {
    const me = await signUpUser(t.app);
    const fresh = await signInAgain(me);
    await signedInDaysAgo(sidOf(me.token), 31);
    const res = await t.app.inject({ url: '/api/sessions', headers: bearer(me.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_ENDED');
    // Another protected call, and the sign-in sync with the session cookie, alike.
    expect((await t.app.inject({ url: `/api/user/${encodeURIComponent(me.email)}`, headers: bearer(me.token) })).statusCode).toBe(401);
    const sync = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(me.email)}`,
      headers: { cookie: me.cookie },
      payload: { email: me.email, name: me.name },
    });
    expect(sync.statusCode).toBe(401);
    // Better Auth's own session check ends it as well.
    expect(await getSession(me.cookie)).toBeNull();
    // It is not listed among the customer's sessions; the newer one is.
    expect((await list(fresh.token)).map((s) => s.id)).toEqual([fresh.sessionId]);
  });

  it('follows the setting', async () => {
    const short = await createTestApp({ SESSION_MAX_AGE_DAYS: 0.5 });
    try {
      const me = await signUpUser(short.app);
      await short.app.db
        .update(sessionTable)
        .set({ createdAt: new Date(Date.now() - DAY), updatedAt: new Date() })
        .where(eq(sessionTable.id, sidOf(me.token)));
      const res = await short.app.inject({ url: '/api/sessions', headers: bearer(me.token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('SESSION_ENDED');
    } finally {
      await short.close();
    }
  });
});

describe('describing a device', () => {
  it('names the browser and system in words, and nothing it cannot tell', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 126', os: 'Windows 10' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15')).toEqual({
      browser: 'Safari 17',
      os: 'macOS',
    });
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toEqual({ browser: 'Firefox 127', os: 'Linux' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
  });
});
