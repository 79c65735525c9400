import { isDatabaseUnavailable } from '../plugins/errors';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/client';
import { jwks } from '../db/schema';

/** Better Auth's jwt plugin signs with EdDSA unless a key says otherwise. */
const DEFAULT_ALG = 'EdDSA';
/** The same unknown key id reloads the key set at most this often (a replayed forged token costs one query a second). */
const RELOAD_INTERVAL_MS = 1000;
/** Tokens whose signature this process has checked; dropped all at once when full (decision 140). */
const MAX_VERIFIED = 10_000;

interface VerifyKey {
  key: Awaited<ReturnType<typeof importJWK>>;
  alg: string;
}

/**
 * Verifies the shop's access tokens (the JWTs Better Auth's jwt plugin
 * issues) against its JWKS, with the public keys imported once and kept in
 * memory (decision 100): no database round trip per request. A token signed
 * by a key this process has not seen yet (just created or rotated by another
 * process) reloads the set. Same checks as the plugin's verifyJWT:
 * signature, algorithm, issuer, audience, expiry, and a subject.
 */
export function createAccessTokenVerifier(db: Db, opts: { issuer: string; audience: string }) {
  let keys = new Map<string, VerifyKey>();
  let loading: Promise<void> | undefined;
  // The signature check costs about half a millisecond of CPU (Ed25519 through WebCrypto): a token is checked once
  // per process, then its claims come from here; expiry and not-before are still checked on every use (decision 140).
  const verified = new Map<string, JWTPayload>();

  const load = () =>
    (loading ??= (async () => {
      try {
        const rows = await db.select({ id: jwks.id, publicKey: jwks.publicKey, alg: jwks.alg }).from(jwks);
        const next = new Map<string, VerifyKey>();
        for (const row of rows) {
          const alg = row.alg ?? DEFAULT_ALG;
          next.set(row.id, { key: await importJWK(JSON.parse(row.publicKey), alg), alg });
        }
        keys = next;
        // A key that is gone takes its tokens with it, as before the cache.
        verified.clear();
      } finally {
        loading = undefined;
      }
    })());

  // A new key id reloads at once (no worse than the plugin, which read the table on every call); the same one again waits.
  const missed = new Map<string, number>();
  async function keyFor(kid: string): Promise<VerifyKey | undefined> {
    const known = keys.get(kid);
    if (known) return known;
    const now = Date.now();
    const lastMiss = missed.get(kid);
    if (lastMiss === undefined || now - lastMiss >= RELOAD_INTERVAL_MS) {
      if (missed.size > 1000) missed.clear();
      missed.set(kid, now);
      await load();
    } else if (loading) await loading;
    return keys.get(kid);
  }

  /** The payload of a valid token, or null. */
  return async function verifyAccessToken(token: string): Promise<JWTPayload | null> {
    const known = verified.get(token);
    if (known) {
      const now = Date.now() / 1000;
      if (typeof known.exp === 'number' && known.exp <= now) {
        verified.delete(token);
        return null;
      }
      if (typeof known.nbf === 'number' && known.nbf > now) return null;
      return known;
    }
    try {
      const { kid } = decodeProtectedHeader(token);
      if (!kid) return null;
      const key = await keyFor(kid);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key.key, { issuer: opts.issuer, audience: opts.audience, algorithms: [key.alg] });
      if (!payload.sub || !payload.aud) return null;
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, payload);
      return payload;
    } catch (err) {
      // A database that is away is not a bad token: the caller answers 503 instead of signing the customer out (#12).
      if (isDatabaseUnavailable(err)) throw err;
      return null;
    }
  };
}
