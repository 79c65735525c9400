import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { DEMO_CUSTOMER, uniqueAccount, waitForAccessToken } from '../support/auth';
import { linkFromMail, readMails } from '../support/identity-outbox';

/** Fills the register page with the account and presses 'register'. */
async function registerThroughPage(page: Page, acc: { name: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(acc.name);
  await page.getByLabel('Email', { exact: true }).fill(acc.email);
  await page.getByLabel('Password', { exact: true }).fill(acc.password);
  await page.getByRole('button', { name: 'register', exact: true }).click();
}

test.describe('register page', () => {
  test('shows every validation message of the spec, on submit', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.registerTitle })).toBeVisible();
    const submit = page.getByRole('button', { name: 'register', exact: true });
    await submit.click();
    await expect(page.getByText(copy.validation.nameRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordRequired)).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Val Idation');
    await page.getByLabel('Email', { exact: true }).fill('rider@nowhere');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expect(page.getByText(copy.validation.nameRequired)).toHaveCount(0);
    await expect(page.getByText(copy.validation.emailInvalid)).toBeVisible();
    await expect(page.getByText(copy.validation.passwordShort)).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  // Decision 175 (#22): a sign-up opens no session; the link in its e-mail signs in and finishes it.
  test('asks to open the e-mail; its link signs in, toasts, lands on /home with the entered name and a confirmed address', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const acc = uniqueAccount('newrider');
    await registerThroughPage(page, acc);
    // The same notice as for a registered address (next test), and nobody is signed in yet.
    await expect(page.getByRole('status').filter({ hasText: copy.accountSecurity.signUpCheckEmail(acc.email) })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();

    const { link } = await linkFromMail(acc.email, /verify/i);
    expect(link.pathname).toBe('/api/auth/verify-email');
    await page.goto(link.href);
    await expect(page.getByText(copy.toasts.signup)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const token = await waitForAccessToken(page);
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).email).toBe(acc.email);
    // Display name = the entered name, linking to the profile, which shows the address confirmed.
    await expect(page.getByRole('link', { name: acc.name })).toHaveAttribute('href', '/profile');
    await page.getByRole('link', { name: acc.name }).click();
    await expect(page.getByRole('heading', { name: acc.name })).toBeVisible();
    await expect(page.getByText(copy.profile.verified, { exact: true })).toBeVisible();

    // The same link again in a signed-out browser: the address is confirmed already; it says so and signs nobody in.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(link.href);
    await expect(page.getByText(copy.accountSecurity.signUpLinkAlreadyConfirmed)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
  });

  test('signing in before opening the e-mail reads as a wrong password, with a hint, and mails a new link that signs in', async ({ page }) => {
    const acc = uniqueAccount('early');
    await registerThroughPage(page, acc);
    await expect(page.getByRole('status').filter({ hasText: copy.accountSecurity.signUpCheckEmail(acc.email) })).toBeVisible();
    await expect.poll(() => readMails(acc.email).length).toBe(1);

    await page.getByRole('link', { name: 'Please Login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.loginTitle })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(acc.email);
    await page.getByLabel('Password', { exact: true }).fill(acc.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByText(copy.accountSecurity.signInUnconfirmedHint)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The sign-in mailed a second link; it signs in like the first.
    await expect.poll(() => readMails(acc.email).length).toBe(2);
    const { link } = await linkFromMail(acc.email, /verify/i);
    await page.goto(link.href);
    await expect(page.getByText(copy.toasts.signup)).toBeVisible();
    await expect(page.getByRole('link', { name: acc.name })).toBeVisible();
  });

  // Decision 150 (#22): the sign-up no longer says that an address has an account; its owner gets an e-mail instead.
  test('an e-mail already registered is not named: the page asks to check the inbox, and the owner is mailed', async ({ page }) => {
    await registerThroughPage(page, { name: 'Copy Cat', email: DEMO_CUSTOMER.email, password: 'another-password' });
    await expect(page.getByRole('status').filter({ hasText: copy.accountSecurity.signUpCheckEmail(DEMO_CUSTOMER.email) })).toBeVisible();
    await expect(page.getByText(/already exists/i)).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
    const { link } = await linkFromMail(DEMO_CUSTOMER.email, /tried to create/i);
    expect(link.pathname).toBe('/login');
  });

  test('a broken sign-up link says so on the home page and signs nobody in', async ({ page }) => {
    const acc = uniqueAccount('twice');
    await registerThroughPage(page, acc);
    await expect(page.getByRole('status').filter({ hasText: copy.accountSecurity.signUpCheckEmail(acc.email) })).toBeVisible();
    const { link } = await linkFromMail(acc.email, /verify/i);
    link.searchParams.set('token', 'tampered');
    await page.goto(link.href);
    await expect(page.getByText(copy.accountSecurity.signUpLinkFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Login', exact: true }).first()).toBeVisible();
  });
});
