import { afterEach, describe, expect, it } from 'vitest';
import { RENEW_BEFORE_MS, getAccessToken, isTokenFor, msUntilRenewal, readClaims, removeAccessToken, storeAccessToken, subscribeToken } from './session-token';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'EdDSA' })}.${b64url(claims)}.signature`;

describe('access token (localStorage.accessToken)', () => {
  afterEach(() => removeAccessToken());

  it('is stored under the spec key and observed', () => {
    let calls = 0;
    const stop = subscribeToken(() => (calls += 1));
    storeAccessToken('a.b.c');
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
    expect(getAccessToken()).toBe('a.b.c');
    removeAccessToken();
    expect(localStorage.getItem('accessToken')).toBeNull();
    stop();
    storeAccessToken('x.y.z');
    expect(calls).toBe(2);
  });

  it('is renewed 5 minutes before it expires', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const token = jwt({ email: 'sam@example.com', exp: now / 1000 + 15 * 60 });
    expect(RENEW_BEFORE_MS).toBe(300_000);
    expect(msUntilRenewal(token, now)).toBe(10 * 60 * 1000);
    expect(msUntilRenewal(token, now + 11 * 60 * 1000)).toBeLessThan(0);
    expect(msUntilRenewal('garbage', now)).toBe(0);
  });

  it('counts only for its own user and while it lives', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const token = jwt({ email: 'sam@example.com', exp: now / 1000 + 60 });
    expect(readClaims(token)?.email).toBe('sam@example.com');
    expect(isTokenFor(token, 'Sam@Example.com', now)).toBe(true);
    expect(isTokenFor(token, 'other@example.com', now)).toBe(false);
    expect(isTokenFor(token, 'sam@example.com', now + 61_000)).toBe(false);
    expect(isTokenFor(null, 'sam@example.com', now)).toBe(false);
  });

  it('lives for its exp − iat by this device clock, even when that clock is an hour ahead of the server', () => {
    const server = Date.UTC(2026, 0, 1, 12, 0, 0);
    const device = server + 61 * 60 * 1000;
    const token = jwt({ email: 'sam@example.com', iat: server / 1000, exp: server / 1000 + 60 * 60 });
    // Without a receipt time the device would call it expired and renew it forever.
    expect(isTokenFor(token, 'sam@example.com', device)).toBe(false);
    storeAccessToken(token, device);
    expect(isTokenFor(token, 'sam@example.com', device)).toBe(true);
    expect(msUntilRenewal(token, device)).toBe(55 * 60 * 1000);
    expect(isTokenFor(token, 'sam@example.com', device + 60 * 60 * 1000)).toBe(false);
  });
});
