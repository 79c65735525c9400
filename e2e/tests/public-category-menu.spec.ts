import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { copy } from '@shop/shared/copy';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';

/**
 * Issue #39 item 9: the header's category menu. A disclosure (aria-expanded, Escape closes it and returns the
 * focus) in the navigation bar at 1280 px and inside the phone menu at 390 px; each link opens the products page
 * filtered by that category. It is server-rendered <details>, so it also works before and without the script.
 */
// Several navigations each; a machine shared by many runs needs more than 60 s for that.
test.describe.configure({ timeout: 180_000 });

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const label = (c: (typeof PRODUCT_CATEGORIES)[number]) => CATEGORY_LABELS[c];

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: copy.storefront.mainNav });
/** The products page filtered by `category`: the URL, and the category filter chosen on the page. */
async function showsCategory(page: Page, category: (typeof PRODUCT_CATEGORIES)[number]) {
  // The products screen is a lazy chunk: the address changes once it has loaded, slow on a busy machine.
  await expect(page).toHaveURL(new RegExp(`/products\\?category=${category}$`), { timeout: 30_000 });
  // The filter panel (a drawer on a phone) has that category's choice on.
  const radio = page
    .getByRole('complementary', { name: copy.productFilters.filters, includeHidden: true })
    .getByRole('radio', { name: new RegExp(`^${label(category)}\\s*\\d+$`), includeHidden: true })
    .first();
  await expect(radio).toBeChecked();
}

test.describe('the category menu at 1280 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('opens by click, lists every category, and a category opens the products filtered by it', async ({ page }) => {
    await page.goto('/');
    const button = mainNav(page).getByRole('button', { name: copy.storefront.categoriesMenu });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('list', { name: copy.storefront.categoriesNav });
    await expect(list.getByRole('link')).toHaveText(PRODUCT_CATEGORIES.map(label));
    // A click elsewhere closes it.
    await page.getByRole('main').click({ position: { x: 5, y: 400 } });
    await expect(list).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await list.getByRole('link', { name: label('brakes') }).click();
    await showsCategory(page, 'brakes');
    await expect(list).toBeHidden();
    // From one category to another: the menu marks the one shown.
    await button.click();
    await expect(list.getByRole('link', { name: label('brakes') })).toHaveAttribute('aria-current', 'page');
    await list.getByRole('link', { name: label('filters') }).click();
    await showsCategory(page, 'filters');
  });

  test('works from the keyboard: Enter opens, Tab walks the links, Escape closes and returns the focus, Space opens', async ({ page }) => {
    await page.goto('/products');
    const button = mainNav(page).getByRole('button', { name: copy.storefront.categoriesMenu });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('list', { name: copy.storefront.categoriesNav });
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: label(PRODUCT_CATEGORIES[0]) })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(list.getByRole('link', { name: label(PRODUCT_CATEGORIES[1]) })).toBeFocused();
    await page.keyboard.press('Enter');
    await showsCategory(page, PRODUCT_CATEGORIES[1]);
    // Tabbing out of the open menu closes it.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(list).toBeHidden();
  });

  test('works without JavaScript: the server-rendered menu opens and its links are plain links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await mainNav(page).getByText(copy.storefront.categoriesMenu, { exact: true }).click();
      const list = page.getByRole('list', { name: copy.storefront.categoriesNav });
      await expect(list.getByRole('link', { name: label('tyres') })).toHaveAttribute('href', '/products?category=tyres');
      await list.getByRole('link', { name: label('tyres') }).click();
      await expect(page).toHaveURL(/\/products\?category=tyres$/);
    } finally {
      await context.close();
    }
  });
});

test('the category menu at 390 px: inside the phone menu, by tap and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The desktop bar's menu is not shown on a phone.
  await expect(mainNav(page).getByRole('button', { name: copy.storefront.categoriesMenu })).toBeHidden();
  await page.getByRole('button', { name: copy.nav.openMenu }).click();
  const phoneMenu = page.getByRole('navigation', { name: copy.storefront.mobileNav });
  const button = phoneMenu.getByRole('button', { name: copy.storefront.categoriesMenu });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const list = phoneMenu.getByRole('list', { name: copy.storefront.categoriesNav });
  await expect(list.getByRole('link')).toHaveText(PRODUCT_CATEGORIES.map(label));
  await list.getByRole('link', { name: label('exhaust') }).click();
  await showsCategory(page, 'exhaust');
  // Following a link closes the phone menu, also on the products page itself.
  await expect(phoneMenu).toBeHidden();

  await page.getByRole('button', { name: copy.nav.openMenu }).click();
  const again = page.getByRole('navigation', { name: copy.storefront.mobileNav }).getByRole('button', { name: copy.storefront.categoriesMenu });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(again).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link', { name: label(PRODUCT_CATEGORIES[0]) })).toBeFocused();
  await page.keyboard.press('Enter');
  await showsCategory(page, PRODUCT_CATEGORIES[0]);
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the open category menu at ${width}px, ${theme}: WCAG 2.1 AA, screenshot`, async ({ page }) => {
    await useTheme(page.context(), theme);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/products?category=brakes');
    await settle(page);
    let scope = mainNav(page);
    if (width < 1024) {
      await page.getByRole('button', { name: copy.nav.openMenu }).click();
      scope = page.getByRole('navigation', { name: copy.storefront.mobileNav });
    }
    await scope.getByRole('button', { name: copy.storefront.categoriesMenu }).click();
    await expect(scope.getByRole('list', { name: copy.storefront.categoriesNav })).toBeVisible();
    const found = await axe(page, `category menu ${width} ${theme}`);
    await screenshot(page, { path: path.join(shots, `category-menu-${width}-${theme}.png`), animations: 'disabled' });
    expect(found, found.join('\n')).toEqual([]);
  });
}
