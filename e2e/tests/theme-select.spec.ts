import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, test } from '../support/fixtures';

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
