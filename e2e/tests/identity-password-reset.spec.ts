import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { loginThroughPage, shopOrigin, uniqueAccount } from '../support/auth';
import { linkFromMail } from '../support/identity-outbox';

test.describe('forgot and reset password', () => {
  test('the e-mailed link leads to the reset page; the new password works, the old one not', async ({ page, request }) => {
    const acc = uniqueAccount('forgetful');
    const res = await request.post('/api/auth/sign-up/email', { data: acc, headers: { origin: shopOrigin() } });
    expect(res.status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: copy.auth.forgotPassword }).click();
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.forgotTitle })).toBeVisible();
    await page.getByRole('button', { name: copy.auth.forgotButton }).click();
    await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(acc.email);
    await page.getByRole('button', { name: copy.auth.forgotButton }).click();
    await expect(page.getByText(copy.auth.forgotSent(acc.email))).toBeVisible();

    const { link } = await linkFromMail(acc.email, /reset/i);
    await page.goto(link.href);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: copy.auth.resetTitle })).toBeVisible();

    await page.getByLabel(copy.auth.newPassword, { exact: true }).fill('brand-new-2026');
    await page.getByLabel(copy.auth.confirmPassword, { exact: true }).fill('brand-new-2025');
    await page.getByRole('button', { name: copy.auth.resetButton }).click();
    await expect(page.getByText(copy.auth.passwordsDiffer)).toBeVisible();
    await page.getByLabel(copy.auth.confirmPassword, { exact: true }).fill('brand-new-2026');
    await page.getByRole('button', { name: copy.auth.resetButton }).click();
    await expect(page.getByText(copy.auth.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password is refused, the new one signs in.
    await page.getByLabel('Email', { exact: true }).fill(acc.email);
    await page.getByLabel('Password', { exact: true }).fill(acc.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await loginThroughPage(page, { email: acc.email, password: 'brand-new-2026' });
    await expect(page).toHaveURL(/\/home$/);

    // The link works once.
    await page.goto(link.href);
    await expect(page.getByText(copy.auth.resetInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: copy.auth.askNewLink })).toHaveAttribute('href', '/forgot-password');
  });
});
