import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkFromMail } from './identity-outbox';

/**
 * Sign-in helpers for browser tests (identity, #3). Accounts seeded in the
 * e2e server's fresh database by the shop's first start.
 */
export const DEMO_ADMIN = { email: 'admin@torque-throttle.example', password: 'admin-demo-2026', name: 'Alex Morgan (Admin)' } as const;
export const DEMO_CUSTOMER = { email: 'rider@torque-throttle.example', password: 'rider-demo-2026', name: 'Sam Rider' } as const;

export interface Account {
  email: string;
  password: string;
  name: string;
}

let counter = 0;
/** A customer no other test uses (tests may run in parallel against one server). */
export function uniqueAccount(tag = 'rider'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  // Lowercase letters and digits only: the spec's loose e-mail pattern accepts them.
  const clean = tag.toLowerCase().replace(/[^a-z0-9]/g, '');
  return { email: `${clean}${id}@example.com`, password: 'ride-safe-2026', name: `${tag[0].toUpperCase()}${tag.slice(1)} ${id}` };
}

/** Resolves once the shop stored an access token (localStorage.accessToken) for this page. */
export async function waitForAccessToken(page: Page): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(async () => (token = await page.evaluate(() => localStorage.getItem('accessToken'))), { message: 'the shop stored an access token' })
    .toBeTruthy();
  return token!;
}

/** Signs in through the real login page; ends on /home (or the page the login returns to). */
export async function loginThroughPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Successfully Login.')).toBeVisible();
  await waitForAccessToken(page);
}

/**
 * Signs an existing account in without the login page (issue #21: the page itself has its own tests): the real
 * sign-in API in the page's own cookie jar, then the shop opens on `path` and syncs its access token as after any
 * sign-in. Each call makes a session of its own, so a test that signs out ends no other test's session.
 */
export async function signInViaApi(page: Page, account: { email: string; password: string }, opts: { path?: string; baseURL?: string } = {}) {
  const origin = opts.baseURL ? new URL(opts.baseURL).origin : shopOrigin();
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(opts.path ?? '/home');
  await waitForAccessToken(page);
}

/**
 * Opens the link of the newest verification e-mail from the e2e server's outbox, as the owner of the address
 * would, in the given cookie jar: it confirms the address and, where that jar has no session yet, signs in.
 */
export async function verifyEmailViaOutbox(request: APIRequestContext, email: string, port?: number) {
  const { link } = await linkFromMail(email, /verify/i, port);
  const res = await request.get(link.pathname + link.search, { maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
  expect(res.headers().location ?? '').not.toContain('error=');
}

/** Signs in at the local OpenID provider's dev page in the popup that 'Continue With Google' opened. */
export async function signInAtProvider(popup: Page, login: string) {
  await popup.waitForLoadState();
  await popup.getByPlaceholder('Enter any login').fill(login);
  await popup.getByPlaceholder('and password').fill('any-password');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signs the page in, quickly: a fresh customer is created through the real sign-up API in the page's own
 * cookie jar (no UI) and opens the link of the sign-up e-mail from the outbox, which confirms the address and
 * signs in (decision 175: the sign-up itself opens no session); the demo admin signs in through the sign-in API.
 * Then the shop opens on `path` and syncs its access token like after any sign-in. Returns the account.
 *
 * `verified: false` gives a customer whose address is not confirmed, the one way a signed-in customer can
 * have that: 'Continue With Google' with an identity provider that has not checked the address (the local
 * provider does so for logins that start with "unverified"). Such an account has no password.
 *
 *   const me = await signUpAndLogin(page);                 // fresh customer
 *   const admin = await signUpAndLogin(page, { admin: true }); // demo admin
 */
export async function signUpAndLogin(page: Page, opts: { admin?: boolean; tag?: string; path?: string; verified?: boolean } = {}): Promise<Account> {
  // Better Auth refuses browser-like calls without a trusted Origin.
  const headers = { origin: shopOrigin() };
  let account: Account;
  if (opts.admin) {
    account = { ...DEMO_ADMIN };
    const res = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
    expect(res.status(), await res.text()).toBe(200);
  } else if (opts.verified === false) {
    const fresh = uniqueAccount(`unverified${opts.tag ?? ''}`);
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await signInAtProvider(await popupOpened, fresh.email);
    await expect(page.getByText('Successfully Login.')).toBeVisible();
    const token = await waitForAccessToken(page);
    const { name } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { name: string };
    account = { email: fresh.email, password: '', name };
  } else {
    account = uniqueAccount(opts.tag);
    const res = await page.request.post('/api/auth/sign-up/email', { data: { email: account.email, password: account.password, name: account.name }, headers });
    expect(res.status(), await res.text()).toBe(200);
    await verifyEmailViaOutbox(page.request, account.email);
  }
  await page.goto(opts.path ?? '/home');
  await waitForAccessToken(page);
  return account;
}

/** The shop under test (playwright.config.ts: http://localhost:E2E_PORT). */
export const shopOrigin = () => `http://localhost:${Number(process.env.E2E_PORT ?? 4173)}`;
