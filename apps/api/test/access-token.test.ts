import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { jwks, user } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser, signOut } from './helpers';

/** Access tokens are verified with keys cached in memory (decision 100); every refusal of the plugin's verifyJWT still holds. */
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUpUser(t.app);
});
afterAll(async () => t.close());

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: `/api/admin/${u.email}`, headers: bearer(token) });

async function newKey() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { id: crypto.randomUUID(), publicKey, privateKey };
}

function sign(key: { id: string; privateKey: Parameters<SignJWT['sign']>[0] }, payload: Record<string, unknown>, expiresIn = '5m') {
  return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid: key.id }).setIssuedAt().setExpirationTime(expiresIn).sign(key.privateKey);
}

describe('access token verification with cached keys', () => {
  it('accepts a token signed by a key created after this process loaded its keys (another process rotated them)', async () => {
    expect((await whoAmI(u.token)).statusCode).toBe(200);
    const key = await newKey();
    await t.app.db.insert(jwks).values({
      id: key.id,
      publicKey: JSON.stringify(await exportJWK(key.publicKey)),
      privateKey: 'not used by the verifier',
      // Older than the shop's own key, so Better Auth keeps signing with that one.
      createdAt: new Date(0),
      alg: 'EdDSA',
      crv: 'Ed25519',
    });
    const { iat: _iat, exp: _exp, ...rest } = claims(u.token);
    const res = await whoAmI(await sign(key, rest));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: false });
  });

  it('refuses a token signed by an unknown key, for another audience or issuer, or expired', async () => {
    const { iat: _iat, exp: _exp, ...rest } = claims(u.token);
    const stranger = await newKey();
    expect((await whoAmI(await sign(stranger, rest))).json().error.code).toBe('INVALID_TOKEN');

    const known = await newKey();
    await t.app.db
      .insert(jwks)
      .values({ id: known.id, publicKey: JSON.stringify(await exportJWK(known.publicKey)), privateKey: 'x', createdAt: new Date(0), alg: 'EdDSA' });
    expect((await whoAmI(await sign(known, rest))).statusCode).toBe(200);
    expect((await whoAmI(await sign(known, { ...rest, aud: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await whoAmI(await sign(known, { ...rest, iss: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await whoAmI(await sign(known, rest, '-1m'))).statusCode).toBe(401);
    expect((await whoAmI(await sign(known, { ...rest, sid: undefined }))).statusCode).toBe(401);
  });

  it('refuses a token once it expires, though its signature was checked before (decision 140)', async () => {
    const { iat: _iat, exp: _exp, ...rest } = claims(u.token);
    const known = await newKey();
    await t.app.db
      .insert(jwks)
      .values({ id: known.id, publicKey: JSON.stringify(await exportJWK(known.publicKey)), privateKey: 'x', createdAt: new Date(0), alg: 'EdDSA' });
    const token = await sign(known, rest, '1m');
    expect((await whoAmI(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      const res = await whoAmI(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_TOKEN');
    } finally {
      vi.useRealTimers();
    }
    // The same token, still valid, keeps working: the refusal came from its expiry.
    expect((await whoAmI(await sign(known, rest))).statusCode).toBe(200);
  });

  it('reads the role on every request: a promotion and a demotion take effect at once with the same token', async () => {
    const customer = await signUpUser(t.app);
    const all = () => t.app.inject({ method: 'GET', url: '/api/allorders', headers: bearer(customer.token) });
    expect((await all()).statusCode).toBe(403);
    await t.app.db.update(user).set({ role: 'admin' }).where(eq(user.id, customer.id));
    expect((await all()).statusCode).toBe(200);
    await t.app.db.update(user).set({ role: 'user' }).where(eq(user.id, customer.id));
    expect((await all()).statusCode).toBe(403);
  });

  it('logout revokes the token at once', async () => {
    const customer = await signUpUser(t.app);
    const mine = () => t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(customer.email)}`, headers: bearer(customer.token) });
    expect((await mine()).statusCode).toBe(200);
    const out = await signOut(t.app, customer);
    expect(out.statusCode).toBe(200);
    const after = await mine();
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SESSION_ENDED');
  });
});
