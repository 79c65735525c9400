import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { account, user } from '../src/db/schema';
import { bearer, cookieHeader, createTestApp, signUpUser, syncToken, type TestApp } from './helpers';
import { totpCode } from './two-factor-support';
// The same local OpenID provider the browser tests use as Google's stand-in.
import { startOidcProvider } from '../../../e2e/support/identity-oidc-provider.mjs';

type Oidc = Awaited<ReturnType<typeof startOidcProvider>>;

/** A tiny cookie jar for one host. */
class Jar {
  private cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined | null) {
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const c of list) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), rest.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives the provider's login and consent pages the way a person in the popup
 * would, and returns the shop callback URL the provider redirects to.
 */
async function loginAtProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(res.headers.getSetCookie());
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (!next.href.startsWith(new URL(authorizeUrl).origin)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`provider page without a form (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).href;
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any-password' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many hops at the provider');
}

describe('Google sign-in against a local OpenID provider', () => {
  let oidc: Oidc;
  let t: TestApp;
  const shopUrl = 'http://localhost:3999';
  beforeAll(async () => {
    oidc = await startOidcProvider({ shopUrl });
    t = await createTestApp({
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      // Customers are untouched by it; the admin test below needs it.
      ADMIN_TWO_FACTOR: 'required',
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });

  /** Runs the popup flow through the real HTTP endpoints; returns the completion page and the shop cookies. */
  async function popupFlow(login: string, nonce = 'nonce-123') {
    const shop = new Jar();
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent(shopUrl)}&popupNonce=${nonce}&callbackURL=%2Fhome`,
    });
    expect(start.statusCode).toBe(302);
    shop.store(start.headers['set-cookie']);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await loginAtProvider(authorize.href, login);
    expect(callback.origin + callback.pathname).toBe(`${shopUrl}/api/auth/callback/google`);
    const done = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, headers: { cookie: shop.header() } });
    shop.store(done.headers['set-cookie']);
    const data = JSON.parse(done.body.match(/<script type="application\/json" id="better-auth-oauth-popup">([\s\S]*?)<\/script>/)?.[1] ?? 'null') as {
      type: string;
      nonce: string;
      targetOrigin: string;
      token?: string;
      error?: { code: string };
    } | null;
    return { done, data, cookie: shop.header() };
  }

  it('says Google is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-config' });
    expect(res.json()).toEqual({ emailPassword: true, google: true });
  });

  it('signs a new customer in through the popup; the sync then issues an access token', async () => {
    const { done, data, cookie } = await popupFlow('ada.lovelace@example.com');
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/text\/html/);
    // The completion page must stay connected to the shop window that opened the popup.
    expect(done.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(data).toMatchObject({ type: 'better-auth:oauth-popup', nonce: 'nonce-123', targetOrigin: shopUrl });
    expect(data?.token).toBeTruthy();

    const [row] = await t.app.db.select().from(user).where(eq(user.email, 'ada.lovelace@example.com'));
    expect(row).toMatchObject({ name: 'Ada Lovelace', emailVerified: true, role: 'user' });
    const links = await t.app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, row.id), eq(account.providerId, 'google')));
    expect(links).toHaveLength(1);

    const token = await syncToken(t.app, row.email, row.name, cookie);
    const check = await t.app.inject({ method: 'GET', url: `/api/admin/${row.email}`, headers: bearer(token) });
    expect(check.json()).toEqual({ admin: false });
  });

  it('signs the same person in again without creating a second account', async () => {
    await popupFlow('ada.lovelace@example.com', 'again');
    const rows = await t.app.db.select().from(user).where(eq(user.email, 'ada.lovelace@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('does not hand an unverified password account to whoever signs in with Google under that e-mail', async () => {
    const victim = await signUpUser(t.app, { verified: false, email: 'grace.hopper@example.com' });
    const { data } = await popupFlow('grace.hopper@example.com', 'link');
    expect(data?.token).toBeUndefined();
    expect(data?.error?.code).toBe('account_not_linked');
    const links = await t.app.db
      .select()
      .from(account)
      .where(and(eq(account.userId, victim.id), eq(account.providerId, 'google')));
    expect(links).toHaveLength(0);
  });

  it('refuses to post the result to an opener outside the trusted origins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oauth-popup/start?provider=google&popupOrigin=${encodeURIComponent('https://evil.example')}&popupNonce=x`,
    });
    expect(res.statusCode).toBe(403);
  });

  it('links a Google sign-in to a verified password account with the same e-mail', async () => {
    const owner = await signUpUser(t.app, { email: 'linus.owner@example.com' });
    await t.app.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.id));
    const { data, cookie } = await popupFlow('linus.owner@example.com', 'verified');
    expect(data?.token).toBeTruthy();
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${owner.email}`, headers: { cookie }, payload: { email: owner.email, name: owner.name } });
    expect(res.statusCode).toBe(200);
  });

  it('ADMIN_TWO_FACTOR=required: an admin signed in with Google must enrol (no password needed), and each later Google sign-in owes the code', async () => {
    const origin = { origin: t.app.config.publicUrl };
    const first = await popupFlow('barbara.admin@example.com', 'admin-1');
    const [row] = await t.app.db.select().from(user).where(eq(user.email, 'barbara.admin@example.com'));
    await t.app.db.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
    const token = await syncToken(t.app, row.email, row.name, first.cookie);
    const refused = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED');

    const enable = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { ...origin, cookie: first.cookie }, payload: {} });
    expect(enable.statusCode).toBe(200);
    const totpURI = enable.json().totpURI as string;
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { ...origin, cookie: first.cookie },
      payload: { code: totpCode(totpURI) },
    });
    expect(verify.statusCode).toBe(200);
    const enrolled = await syncToken(t.app, row.email, row.name, cookieHeader(verify.headers['set-cookie']));
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(enrolled) })).statusCode).toBe(200);

    // Google itself never asks for the code: the shop does, before handing out an access token.
    const again = await popupFlow('barbara.admin@example.com', 'admin-2');
    expect(again.data?.token).toBeTruthy();
    const sync = await t.app.inject({ method: 'PUT', url: `/api/user/${row.email}`, headers: { cookie: again.cookie }, payload: { email: row.email } });
    expect(sync.statusCode).toBe(403);
    expect(sync.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    // Better Auth's own /token endpoint signs a JWT for any session; the API still refuses it.
    const jwt = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: again.cookie } });
    const sideToken = jwt.json().token as string;
    const side = await t.app.inject({ method: 'GET', url: `/api/user/${row.email}`, headers: bearer(sideToken) });
    expect(side.statusCode).toBe(403);
    expect(side.json().error.code).toBe('TWO_FACTOR_REQUIRED');

    const code = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { ...origin, cookie: again.cookie },
      // Each code works once (#22): the enrolment used the current one, so the app's next code, which the window accepts.
      payload: { code: totpCode(totpURI, 1) },
    });
    expect(code.statusCode).toBe(200);
    const after = await syncToken(t.app, row.email, row.name, again.cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(after) })).statusCode).toBe(200);
  });
});
