import { accessTokenStore, getAccessToken } from '../../lib/api-client';
import { syncUser } from './api/sync-user';

/**
 * The access token of the spec (localStorage.accessToken): stored, observed
 * by React, and fetched once at a time per e-mail even when several places
 * ask for it together.
 */
/** This tab's token changes, and another tab signing in or out. */
export const subscribeToken = accessTokenStore.subscribe;

export { getAccessToken };

/**
 * When each token of this page runs out by this device's clock: received now,
 * valid for its exp − iat. A phone whose clock is off (or a test that moves
 * the clock) would otherwise take every fresh token for an expired one and
 * ask for a new one without end. A token read back from storage after a
 * reload has no entry and falls back to its exp.
 */
const localExpiry = new Map<string, number>();

function tokenExpiresAt(token: string, claims: TokenClaims): number | null {
  return localExpiry.get(token) ?? (claims.exp ? claims.exp * 1000 : null);
}

export function storeAccessToken(token: string, receivedAt = Date.now()) {
  const c = readClaims(token);
  localExpiry.clear();
  if (c?.exp && c.iat && c.exp > c.iat) localExpiry.set(token, receivedAt + (c.exp - c.iat) * 1000);
  // Storage disabled: the token lives for this page only.
  accessTokenStore.write(token);
}

export function removeAccessToken() {
  accessTokenStore.write(null);
}

export interface TokenClaims {
  email?: string;
  exp?: number;
  iat?: number;
}

export function readClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}

/** Spec §9: the token is renewed 5 minutes before it expires. */
export const RENEW_BEFORE_MS = 5 * 60 * 1000;

/** Milliseconds until the token should be renewed (≤ 0: now). */
export function msUntilRenewal(token: string | null, now = Date.now()): number {
  const c = readClaims(token);
  const expiresAt = token && c ? tokenExpiresAt(token, c) : null;
  if (!expiresAt) return 0;
  return expiresAt - RENEW_BEFORE_MS - now;
}

/** Is this a live token of that user (not expired yet)? */
export function isTokenFor(token: string | null, email: string, now = Date.now()): boolean {
  const c = readClaims(token);
  const expiresAt = token && c ? tokenExpiresAt(token, c) : null;
  return Boolean(c && c.email === email.toLowerCase() && expiresAt && expiresAt > now + 5_000);
}

const inFlight = new Map<string, Promise<string>>();

/** PUT /user/{email} { email, name } with the session cookie; stores and returns the token. */
export function fetchAccessToken(email: string, name: string): Promise<string> {
  const key = email.toLowerCase();
  const pending = inFlight.get(key);
  if (pending) return pending;
  const p = syncUser({ email: key, name })
    .then(({ token }) => {
      storeAccessToken(token);
      return token;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, p);
  return p;
}
