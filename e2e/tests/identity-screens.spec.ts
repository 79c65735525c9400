import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { signUpAndLogin } from '../support/auth';

/**
 * The identity screens in both themes at phone and desktop width: no WCAG 2.1
 * AA violations (axe), and screenshots for people to look at
 * (e2e/screenshots is git-ignored).
 */
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const viewports = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
];

async function check(page: Page, name: string) {
  await settle(page);
  fs.mkdirSync(outDir, { recursive: true });
  await screenshot(page, { path: path.join(outDir, `${name}.png`), fullPage: true });
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const { theme, viewport: vp } of looks(['light', 'dark'], viewports)) {
  test.describe(`identity screens, ${theme}, ${vp.label}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, colorScheme: theme });
    test.beforeEach(async ({ context }) => {
      await useTheme(context, theme);
    });
    const shot = (s: string) => `identity-${s}-${vp.label}-${theme}`;

    test('login with validation and provider errors', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText(copy.validation.emailRequired)).toBeVisible();
      await check(page, shot('login-errors'));
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
      await check(page, shot('login-wrong-password'));
    });

    // /register and /forgot-password as they open are checked in public-pages-grid.spec.ts (same themes and widths).
    test('the reset pages', async ({ page }) => {
      await page.goto('/reset-password?token=example');
      await check(page, shot('reset-password'));
      await page.goto('/reset-password?error=INVALID_TOKEN');
      await check(page, shot('reset-password-invalid'));
    });

    test('profile card and the Profile Update modal', async ({ page }) => {
      await signUpAndLogin(page, { tag: 'screens', path: '/dashboard/profile' });
      await expect(page.getByRole('button', { name: copy.profile.updateButton })).toBeVisible();
      await check(page, shot('profile'));
      await page.getByRole('button', { name: copy.profile.updateButton }).click();
      const dialog = page.getByRole('dialog', { name: copy.profile.modalTitle });
      await dialog.getByRole('button', { name: copy.profile.save }).click();
      await expect(dialog.getByText('Education is Required')).toBeVisible();
      await check(page, shot('profile-modal'));
    });

    test('Make Admin list and its confirmation', async ({ page }) => {
      await signUpAndLogin(page, { tag: 'screenlist' });
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('accessToken'));
      // Leave the first account's page: its app, finding its session gone, goes home, and in CI that once cut short
      // the admin's navigation below.
      await page.goto('about:blank');
      await signUpAndLogin(page, { admin: true, path: '/dashboard/makeAdmin' });
      await expect(page.getByRole('heading', { name: copy.users.title, level: 2 })).toBeVisible();
      await check(page, shot('make-admin'));
      await page.getByRole('button', { name: copy.users.makeAdminButton }).filter({ visible: true }).first().click();
      await expect(page.getByRole('dialog', { name: copy.users.confirmTitle })).toBeVisible();
      await check(page, shot('make-admin-confirm'));
    });
  });
}
