import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, test } from '../support/fixtures';
import { holdScripts } from '../support/hydration';

/**
 * Spec §4 Theme: "toggle, set and select controls change the theme; the
 * choice persists". The select sits in the footer of every page (decision 060).
 */
const themeSelect = (page: Page) => page.getByRole('contentinfo').getByRole('combobox', { name: copy.theme.selectLabel });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
// The layout box around <main> carries the theme's base colour.
const pageBackground = (page: Page) => page.locator('main').evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);

test.describe('theme select in the footer', () => {
  test('Light and Dark change the theme, persist across reloads and pages, and agree with the toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    const select = themeSelect(page);
    const toggle = page.getByRole('button', { name: copy.nav.themeToggle });
    // A first visit follows the device and stores nothing until the shopper chooses.
    await expect(select).toHaveValue('system');
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBeNull();
    const lightBackground = await pageBackground(page);

    await select.scrollIntoViewIfNeeded();
    await select.selectOption({ label: copy.theme.dark });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await stored(page)).toBe('dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // The page really changes colour, not only the attribute.
    await expect.poll(() => pageBackground(page)).not.toBe(lightBackground);

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(themeSelect(page)).toHaveValue('dark');
    await page.goto('/products');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    // The toggle and the select are one setting.
    await page.getByRole('button', { name: copy.nav.themeToggle }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(themeSelect(page)).toHaveValue('light');

    // A chosen Light stays Light on a device that prefers dark.
    await themeSelect(page).selectOption({ label: copy.theme.light });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(themeSelect(page)).toHaveValue('light');
    expect(await stored(page)).toBe('light');
  });

  test('System follows the device setting, keeps following it when it changes, and persists', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => {
      // A returning shopper who once chose Dark.
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'dark');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(themeSelect(page)).toHaveValue('dark');

    // Keyboard only, as a shopper without a mouse would.
    await themeSelect(page).focus();
    await themeSelect(page).selectOption({ label: copy.theme.system });
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBe('system');

    // The operating system switches to dark and back while the page is open.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: copy.nav.themeToggle })).toHaveAttribute('aria-pressed', 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');

    // The System choice survives a reload, and the page loads in the device's current theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(themeSelect(page)).toHaveValue('system');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('System on a dark device (issue #34): dark from the first paint and after a reload, flips with the OS, and a fixed choice ignores the OS', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      // The server's page names no theme, so its stylesheet follows the device even before boot.js or without it.
      const served = await (await page.request.get('/')).text();
      expect(/<html\b[^>]*>/.exec(served)?.[0]).not.toContain('data-theme');
      await page.goto('/');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'dark');
      const darkBackground = await pageBackground(page);
      const noScript = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
      const bare = await noScript.newPage();
      await bare.goto('/');
      expect(await pageBackground(bare)).toBe(darkBackground);
      await noScript.close();

      // Chosen System, then reloaded on the dark device: dark again.
      await themeSelect(page).selectOption({ label: copy.theme.system });
      expect(await stored(page)).toBe('system');
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(themeSelect(page)).toHaveValue('system');
      await expect(page.getByRole('button', { name: copy.nav.themeToggle })).toHaveAttribute('aria-pressed', 'true');

      // The OS switches, and the page follows each time, the right way round.
      for (const scheme of ['light', 'dark', 'light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(html).toHaveAttribute('data-theme', scheme);
      }

      // Before the app's script has arrived, boot.js follows the OS too.
      const release = await holdScripts(page);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).toHaveAttribute('data-theme', 'light');
      release();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html).toHaveAttribute('data-theme', 'dark');

      // An explicit Light or Dark ignores the OS, live and after a reload.
      await themeSelect(page).selectOption({ label: copy.theme.light });
      await expect(html).toHaveAttribute('data-theme', 'light');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'light');
      await themeSelect(page).selectOption({ label: copy.theme.dark });
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await page.reload();
      await expect(html).toHaveAttribute('data-theme', 'dark');
    } finally {
      await context.close();
    }
  });

  test('a choice made in another tab applies to this one', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.emulateMedia({ colorScheme: 'light' });
    await second.emulateMedia({ colorScheme: 'light' });
    await first.goto('/');
    await second.goto('/products');
    await themeSelect(first).selectOption({ label: copy.theme.dark });
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(themeSelect(second)).toHaveValue('dark');
  });
});
