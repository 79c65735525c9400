import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { DEMO_CUSTOMER, uniqueAccount, waitForAccessToken } from '../support/auth';
import { linkFromMail } from '../support/identity-outbox';

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

  test('creates the account, toasts, goes to /home with the entered name, and the e-mailed link verifies the address', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const acc = uniqueAccount('newrider');
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill(acc.name);
    await page.getByLabel('Email', { exact: true }).fill(acc.email);
    await page.getByLabel('Password', { exact: true }).fill(acc.password);
    await page.getByRole('button', { name: 'register', exact: true }).click();
    await expect(page.getByText(copy.toasts.signup)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const token = await waitForAccessToken(page);
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).email).toBe(acc.email);
    // Display name = the entered name, linking to the profile.
    await expect(page.getByRole('link', { name: acc.name })).toHaveAttribute('href', '/profile');

    // Not verified yet: the profile says so.
    await page.getByRole('link', { name: acc.name }).click();
    await expect(page.getByText(copy.profile.notVerified)).toBeVisible();

    const { link } = await linkFromMail(acc.email, /verify/i);
    expect(link.pathname).toBe('/api/auth/verify-email');
    await page.goto(link.href);
    await expect(page).toHaveURL(/\/profile\?verified=1$/);
    await expect(page.getByText(copy.profile.verifiedNow)).toBeVisible();
    await expect(page.getByText(copy.profile.verified, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: acc.name })).toBeVisible();
  });

  // Decision 150 (#22): the sign-up no longer says that an address has an account; its owner gets an e-mail instead.
  test('an e-mail already registered is not named: the page asks to check the inbox, and the owner is mailed', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Copy Cat');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'register', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.accountSecurity.signUpCheckEmail(DEMO_CUSTOMER.email) })).toBeVisible();
    await expect(page.getByText(/already exists/i)).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
    const { link } = await linkFromMail(DEMO_CUSTOMER.email, /tried to create/i);
    expect(link.pathname).toBe('/login');
  });

  test('a used verification link shows the failure on the profile', async ({ page }) => {
    const acc = uniqueAccount('twice');
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill(acc.name);
    await page.getByLabel('Email', { exact: true }).fill(acc.email);
    await page.getByLabel('Password', { exact: true }).fill(acc.password);
    await page.getByRole('button', { name: 'register', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    const { link } = await linkFromMail(acc.email, /verify/i);
    link.searchParams.set('token', 'tampered');
    await page.goto(link.href);
    await expect(page).toHaveURL(/\/profile\?verified=1&error=/);
    await expect(page.getByText(copy.profile.verifyFailed)).toBeVisible();
    // And a fresh link can be requested from there.
    await page.getByRole('button', { name: copy.profile.resendVerification }).click();
    await expect(page.getByText(copy.profile.verificationSent)).toBeVisible();
  });
});
