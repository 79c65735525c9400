import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../src/db/schema';
import { createTestApp, latestVerificationLink, signUpUser, type TestApp } from './helpers';
import { firstLink, readOutbox, resetPassword, resetToken, sameOrigin } from './identity-support';

/**
 * Issue #22 item 7 (decisions 150, 175): a sign-up answers alike for new and registered addresses, and no
 * later step tells them apart: the sign-up opens no session, and signing in with the right password of an
 * unconfirmed address is answered as a wrong password. The owner of a registered address is told by e-mail.
 */

const signUp = (app: FastifyInstance, email: string, password = 'ride-safe-2026', name = 'Copy Cat') =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: sameOrigin(app), payload: { email, password, name } });

const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: sameOrigin(app), payload: { email, password } });

/** What a sign-up answer tells: status, body with the values that differ on every call blanked, session cookie. */
function visible(res: Awaited<ReturnType<typeof signUp>>) {
  const body = res.json() as { token: unknown; user: Record<string, unknown> };
  const user = Object.fromEntries(Object.entries(body.user).map(([k, v]) => [k, ['id', 'email', 'createdAt', 'updatedAt'].includes(k) ? typeof v : v]));
  return {
    status: res.statusCode,
    body: { ...body, user },
    keys: [Object.keys(body), Object.keys(body.user)],
    session: /session_token=[^;]/.test(String(res.headers['set-cookie'] ?? '')),
  };
}

const hasSession = (res: { headers: Record<string, unknown> }) => /session_token=[^;]/.test(String(res.headers['set-cookie'] ?? ''));

/** The sign-in's verification e-mail is sent without waiting for it, so the answer does not take longer. */
async function waitForMails(dataDir: string, email: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const mails = readOutbox(dataDir, email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${count} e-mails to ${email}`);
}

describe('POST /api/auth/sign-up/email with an address that has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers exactly as for a new address, with no session for either, changes nothing and mails the owner', async () => {
    const fresh = await signUp(t.app, 'fresh-rider@example.com');
    const owner = await signUpUser(t.app, { name: 'Olga Owner' });
    const before = readOutbox(t.dataDir, owner.email).length;
    const again = await signUp(t.app, owner.email.toUpperCase(), 'another-password');

    expect(visible(again)).toEqual(visible(fresh));
    expect(visible(fresh)).toMatchObject({ status: 200, session: false, body: { token: null } });
    expect(again.body).not.toMatch(/already|exists|USER_/i);
    expect(again.json().user).toMatchObject({ email: owner.email, name: 'Copy Cat', emailVerified: false });
    expect(again.json().user.id).not.toBe(owner.id);

    // One account, its name and password as they were.
    const rows = await t.app.db.select().from(user).where(eq(user.email, owner.email));
    expect(rows.map((r) => r.name)).toEqual(['Olga Owner']);
    expect((await signIn(t.app, owner.email, owner.password)).statusCode).toBe(200);
    expect((await signIn(t.app, owner.email, 'another-password')).statusCode).toBe(401);

    const mails = readOutbox(t.dataDir, owner.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Someone tried to create a Torque & Throttle Parts account with your e-mail');
    expect(mails[0].text).toContain('Hello Olga Owner');
    expect(mails[0].text).toContain(`${t.app.config.publicUrl}/forgot-password`);
    // The new address got the e-mail that finishes its sign-up.
    expect(readOutbox(t.dataDir, 'fresh-rider@example.com').map((m) => m.subject)).toEqual(['Verify your e-mail for Torque & Throttle Parts']);
  });

  it('still checks the password rules first, for new and registered addresses alike', async () => {
    const owner = await signUpUser(t.app);
    for (const email of [owner.email, 'nobody-yet@example.com']) {
      const res = await signUp(t.app, email, 'secret1');
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.code, email).toBe('PASSWORD_TOO_SHORT');
    }
  });
});

describe('signing in before the address is confirmed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the right password exactly as a wrong one, mails a new link, and the link signs in', async () => {
    const email = 'pending-rider@example.com';
    expect((await signUp(t.app, email, 'pending-pass-2026')).statusCode).toBe(200);
    const right = await signIn(t.app, email, 'pending-pass-2026');
    const wrong = await signIn(t.app, email, 'not-the-password');
    const nobody = await signIn(t.app, 'nobody-here@example.com', 'pending-pass-2026');
    for (const res of [right, nobody]) {
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(res.body).toBe(wrong.body);
      expect(hasSession(res)).toBe(false);
    }
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');

    // Only the right password sent a new link (sign-up's, then sign-in's).
    const mails = await waitForMails(t.dataDir, email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your e-mail for Torque & Throttle Parts', 'Verify your e-mail for Torque & Throttle Parts']);
    const link = firstLink(mails[1].text);
    expect(link.searchParams.get('callbackURL')).toBe('/home?welcome=1');
    const open = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(open.headers.location).toBe('/home?welcome=1');
    expect(hasSession(open)).toBe(true);

    // Confirmed: the password signs in.
    const after = await signIn(t.app, email, 'pending-pass-2026');
    expect(after.statusCode).toBe(200);
    expect(hasSession(after)).toBe(true);
  });

  it('a second sign-up with a never-confirmed address takes its password and name, and mails a new link', async () => {
    const email = 'squatted@example.com';
    await signUp(t.app, email, 'first-comer-2026', 'First Comer');
    const again = await signUp(t.app, email, 'mailbox-owner-2026', 'Mailbox Owner');
    expect(visible(again)).toMatchObject({ status: 200, session: false, body: { token: null } });

    const mails = readOutbox(t.dataDir, email);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your e-mail for Torque & Throttle Parts', 'Verify your e-mail for Torque & Throttle Parts']);
    const open = await t.app.inject({ method: 'GET', url: latestVerificationLink(t.app, email).pathname + latestVerificationLink(t.app, email).search });
    expect(hasSession(open)).toBe(true);

    const [row] = await t.app.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: 'Mailbox Owner', emailVerified: true });
    expect((await signIn(t.app, email, 'first-comer-2026')).statusCode).toBe(401);
    expect((await signIn(t.app, email, 'mailbox-owner-2026')).statusCode).toBe(200);
  });

  it('an unconfirmed account that has signed in before keeps its password when someone signs up with its address', async () => {
    const legacy = await signUpUser(t.app, { verified: false });
    const before = readOutbox(t.dataDir, legacy.email).length;
    expect((await signUp(t.app, legacy.email, 'stranger-pass-2026')).statusCode).toBe(200);
    const mails = readOutbox(t.dataDir, legacy.email).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your e-mail for Torque & Throttle Parts']);
    await t.app.db.update(user).set({ emailVerified: true }).where(eq(user.email, legacy.email));
    expect((await signIn(t.app, legacy.email, 'stranger-pass-2026')).statusCode).toBe(401);
    expect((await signIn(t.app, legacy.email, legacy.password)).statusCode).toBe(200);
  });

  it('a password reset confirms the address, so the new password signs in', async () => {
    const email = 'forgetful@example.com';
    await signUp(t.app, email, 'forgot-it-2026');
    const token = await resetToken(t, email);
    expect((await resetPassword(t, token, 'remembered-2026')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(user).where(eq(user.email, email));
    expect(row.emailVerified).toBe(true);
    expect((await signIn(t.app, email, 'remembered-2026')).statusCode).toBe(200);
  });
});
