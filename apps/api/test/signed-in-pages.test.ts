import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signOut, signUpUser, type TestApp, type TestUser } from './helpers';
import { addProduct, placeOrder } from './orders-fixtures';

/**
 * Issue #39 item 4 (decision 187): a signed-in page (My Orders, an order, the dashboard) is rendered for the session
 * of the request's cookie, its data read through the API's own routes with that session's bearer, and never kept.
 *
 * A stand-in for the web app's server bundle (dist-ssr/entry-server.js) with its contract: `render(request, session)`
 * gets the session the API process read from the cookie; the reads the page makes as its user (`auth: true`, marked
 * with x-shop-render-auth by lib/api-client.ts) go through `setServerFetch`'s fetch, as the real bundle's do. The real
 * bundle is rendered by the browser tests (e2e/tests/signed-in-rendering.spec.ts).
 */
const FAKE_ENTRY_SERVER = `
let serverFetch = null;
export function setServerFetch(f) { serverFetch = f; }
const read = (url, signedIn) => serverFetch(url, { method: 'GET', headers: { accept: 'application/json', ...(signedIn ? { 'x-shop-render-auth': '1' } : {}) } });
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function render(request, session) {
  const url = new URL(request.url);
  const state = JSON.stringify({ queries: {}, router: {}, ...(session ? { accessToken: session.accessToken } : {}) });
  const who = session ? '<p id="who">' + esc(session.user.email) + '</p>' : '';
  if (url.pathname === '/') {
    // A public page's read carries no mark: it must never get anybody's bearer.
    const res = await read('/api/purchases?page=1&limit=20&status=all&q=', false);
    return { status: 200, head: '', html: '<h1>Home</h1><p id="probe">' + res.status + '</p>' + who, state, modules: [] };
  }
  if (!session) return { status: 200, head: '', html: '<p role="status">Checking your sign-in…</p>', state, modules: [] };
  const one = url.pathname.match(/^\\/dashboard\\/myorders\\/([^/]+)$/);
  if (one) {
    const res = await read('/api/purchases/' + encodeURIComponent(one[1]), true);
    if (res.status !== 200) return { status: res.status === 404 ? 404 : 200, head: '', html: who + '<p id="error">' + res.status + '</p>', state, modules: [] };
    const p = await res.json();
    return { status: 200, head: '', html: who + '<h2>Order ' + esc(p.number) + '</h2>', state, modules: [] };
  }
  const res = await read('/api/purchases?page=1&limit=20&status=all&q=', true);
  if (res.status !== 200) return { status: 200, head: '', html: who + '<p id="error">' + res.status + '</p>', state, modules: [] };
  const page = await res.json();
  return { status: 200, head: '', html: who + '<ul>' + page.items.map((p) => '<li>' + esc(p.number) + '</li>').join('') + '</ul>', state, modules: [] };
}
`;

const TEMPLATE = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';

/** The embedded server state of a page. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    accessToken?: string;
  } | null;

describe('signed-in pages rendered for the session of the cookie', () => {
  let t: TestApp;
  let root: string;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let aliceNumber: string;
  let bobNumber: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-signed-in-pages-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY_SERVER);
    t = await createTestApp({ WEB_DIST: dist }, { serveWeb: true });
    admin = await signUpUser(t.app, { admin: true });
    alice = await signUpUser(t.app);
    bob = await signUpUser(t.app);
    const part = await addProduct(t.app, admin);
    await placeOrder(t.app, alice, part._id, 1);
    await placeOrder(t.app, bob, part._id, 2);
    const numberOf = async (u: TestUser) => {
      const res = await t.app.inject({ url: '/api/purchases?page=1&limit=20&status=all&q=', headers: { authorization: `Bearer ${u.token}` } });
      expect(res.statusCode).toBe(200);
      const items = (res.json() as { items: { number: string }[] }).items;
      expect(items).toHaveLength(1);
      return items[0].number;
    };
    aliceNumber = await numberOf(alice);
    bobNumber = await numberOf(bob);
    expect(aliceNumber).not.toBe(bobNumber);
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("answers My Orders with the customer's own orders in the HTML, for nobody to keep", async () => {
    const res = await page('/dashboard/myorders', alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<li>${aliceNumber}</li>`);
    expect(res.body).toContain(alice.email);
    expect(res.body).not.toContain(bobNumber);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    // The browser gets the token of this very session, so its first calls need no sync.
    const token = stateOf(res.body)?.accessToken;
    expect(token).toBeTruthy();
    const mine = await t.app.inject({ url: '/api/purchases?page=1&limit=20&status=all&q=', headers: { authorization: `Bearer ${token}` } });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as { items: { number: string }[] }).items.map((p) => p.number)).toEqual([aliceNumber]);
  });

  it("answers an order's page to its customer, and 404 without their data to another customer", async () => {
    const own = await page(`/dashboard/myorders/${aliceNumber}`, alice.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`<h2>Order ${aliceNumber}</h2>`);
    expect(own.headers['cache-control']).toBe('private, no-store');

    const other = await page(`/dashboard/myorders/${aliceNumber}`, bob.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('<p id="error">404</p>');
    expect(other.body).not.toContain(`Order ${aliceNumber}`);
    expect(other.body).not.toContain(alice.email);
    expect(other.headers['cache-control']).toBe('private, no-store');
  });

  it("gives a visitor, and a cookie of a session that is over, the sign-in check and no one's orders, right after a customer's page", async () => {
    // A customer's page first: if anything kept it, the visitor would get it next.
    expect((await page('/dashboard/myorders', alice.cookie)).body).toContain(aliceNumber);
    for (const cookie of [undefined, 'better-auth.session_token=forged.value', 'other=1']) {
      const res = await page('/dashboard/myorders', cookie);
      expect(res.statusCode, String(cookie)).toBe(200);
      expect(res.body).toContain('Checking your sign-in…');
      expect(res.body).not.toContain(aliceNumber);
      expect(res.body).not.toContain(alice.email);
      expect(stateOf(res.body)?.accessToken).toBeUndefined();
      // Nobody's data: revalidated like any page, and per cookie.
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
    const ended = await signUpUser(t.app);
    expect((await signOut(t.app, ended)).statusCode).toBe(200);
    const res = await page('/dashboard/myorders', ended.cookie);
    expect(res.body).toContain('Checking your sign-in…');
    expect(stateOf(res.body)?.accessToken).toBeUndefined();
  });

  it('sends /dashboard to the page each role opens, with the session of the cookie', async () => {
    const customer = await page('/dashboard', alice.cookie);
    expect(customer.statusCode).toBe(302);
    expect(customer.headers.location).toBe('/dashboard/myorders');
    expect(customer.headers['cache-control']).toBe('private, no-store');
    const shop = await page('/dashboard', admin.cookie);
    expect(shop.statusCode).toBe(302);
    expect(shop.headers.location).toBe('/dashboard/orders');
    // A visitor is not sent anywhere by the server: the browser's guard sends them to sign in.
    const visitor = await page('/dashboard');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain('Checking your sign-in…');
  });

  it('reads no session for a public page, even with a session cookie, and lends no bearer to its reads', async () => {
    const res = await page('/', alice.cookie);
    expect(res.statusCode).toBe(200);
    // The page's read of /api/purchases went without a bearer: 401.
    expect(res.body).toContain('<p id="probe">401</p>');
    expect(res.body).not.toContain(alice.email);
    expect(stateOf(res.body)?.accessToken).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('gives the render mark no meaning outside the renderer', async () => {
    const res = await t.app.inject({ url: '/api/purchases?page=1&limit=20&status=all&q=', headers: { 'x-shop-render-auth': '1', cookie: alice.cookie } });
    expect(res.statusCode).toBe(401);
  });
});
