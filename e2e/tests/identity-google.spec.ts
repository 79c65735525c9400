import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { copy } from '@shop/shared/copy';
import { signInAtProvider, waitForAccessToken } from '../support/auth';

/**
 * 'Continue With Google' against the local OpenID provider that
 * e2e/support/services.mjs starts in Google's place (its dev login page
 * accepts any login; the login is the account's e-mail).
 */

let n = 0;
function googleLogin() {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  // nameForLogin() in the provider turns "grace.g123@example.com" into "Grace G123".
  return { email: `grace.g${id}@example.com`, name: `Grace G${id}` };
}

/** Records window.open calls so the popup's size can be checked. */
async function recordPopups(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __opened: string[]; open: typeof window.open };
    w.__opened = [];
    const original = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      w.__opened.push(String(features ?? ''));
      return original(url, target, features);
    };
  });
}

test.describe('Continue With Google (popup)', () => {
  test('signs a new customer in through a 500 × 600 popup and runs the same sync', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await recordPopups(page);
    const who = googleLogin();
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: copy.auth.google }).click();
    const popup = await popupOpened;
    const features = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
    expect(features).toHaveLength(1);
    expect(features[0]).toContain('width=500');
    expect(features[0]).toContain('height=600');

    await signInAtProvider(popup, who.email);
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const token = await waitForAccessToken(page);
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).email).toBe(who.email);
    await expect(page.getByRole('link', { name: who.name })).toHaveAttribute('href', '/profile');
  });

  test('on the register page it toasts the sign-up and the account comes verified from Google', async ({ page }) => {
    const who = googleLogin();
    await page.goto('/register');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: copy.auth.google }).click();
    const popup = await popupOpened;
    await signInAtProvider(popup, who.email);
    await expect(page.getByText(copy.toasts.signup)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await waitForAccessToken(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: who.name })).toBeVisible();
    await expect(page.getByText(copy.profile.verified, { exact: true })).toBeVisible();
  });

  test('closing the popup is reported as closed by the user', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: copy.auth.google }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await popup.close();
    const message = page.getByRole('alert').filter({ hasText: copy.auth.popupClosed });
    await expect(message).toBeVisible();
    await expect(message).toHaveClass(/text-error/);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a second click cancels the first popup; only the new one counts', async ({ page }) => {
    const who = googleLogin();
    await page.goto('/login');
    const button = page.getByRole('button', { name: copy.auth.google });
    const first = page.waitForEvent('popup');
    await button.click();
    const popup1 = await first;
    await popup1.waitForLoadState();
    const second = page.waitForEvent('popup');
    await button.click();
    const popup2 = await second;
    expect(popup2).not.toBe(popup1);
    // The earlier popup is closed by the shop, without an error on the page.
    await expect.poll(() => popup1.isClosed()).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: copy.auth.popupClosed })).toHaveCount(0);

    await signInAtProvider(popup2, who.email);
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });
});
