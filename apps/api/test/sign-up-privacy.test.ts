import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../src/db/schema';
import { createTestApp, signUpUser, type TestApp } from './helpers';
import { readOutbox, sameOrigin } from './identity-support';

/** Issue #22 D: a sign-up answers alike for new and registered addresses; the owner of a registered one is told by e-mail. */

const signUp = (app: FastifyInstance, email: string, password = 'ride-safe-2026', name = 'Copy Cat') =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: sameOrigin(app), payload: { email, password, name } });

const shapeOf = (body: { token: unknown; user: Record<string, unknown> }) => ({ keys: Object.keys(body).sort(), userKeys: Object.keys(body.user).sort() });

describe('POST /api/auth/sign-up/email with an address that has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 200 in the shape of a new sign-up, names no account, changes nothing and mails the owner', async () => {
    const fresh = await signUp(t.app, 'fresh-rider@example.com');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().token).toEqual(expect.any(String));

    const owner = await signUpUser(t.app, { name: 'Olga Owner' });
    const before = readOutbox(t.dataDir, owner.email).length;
    const again = await signUp(t.app, owner.email.toUpperCase(), 'another-password');
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toMatch(/already|exists|USER_/i);
    expect(shapeOf(again.json())).toEqual(shapeOf(fresh.json()));
    expect(again.json().token).toBeNull();
    expect(again.json().user).toMatchObject({ email: owner.email, name: 'Copy Cat', emailVerified: false });
    expect(again.json().user.id).not.toBe(owner.id);
    // No session for whoever tried.
    expect(String(again.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);

    // One account, its name and password as they were.
    const rows = await t.app.db.select().from(user).where(eq(user.email, owner.email));
    expect(rows.map((r) => r.name)).toEqual(['Olga Owner']);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: sameOrigin(t.app),
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);

    const mails = readOutbox(t.dataDir, owner.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Someone tried to create a Torque & Throttle Parts account with your e-mail');
    expect(mails[0].text).toContain('Hello Olga Owner');
    expect(mails[0].text).toContain(`${t.app.config.publicUrl}/forgot-password`);
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
