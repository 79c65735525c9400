import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { CATEGORY_LABELS, type ProductCategory } from '@shop/shared/catalog';
import type { SearchResult } from '@shop/shared/schemas/search';
import { expect, looks, settle, test, useTheme, type Theme, screenshot } from '../support/fixtures';
import { renderedProductsPage } from '../support/server-state';

/**
 * Issue #9 part 2: the products page's category, brand, in-stock, price and
 * sort filters, all in the URL, compared with what the API answers; its
 * screenshots (into the folder screenshots.spec.ts writes) and WCAG 2.1 AA.
 */
const t = copy.productFilters;
const s = copy.search;
const PER_PAGE = 9;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

async function searchApi(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/search?${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as SearchResult;
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardNames = async (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();
const filterPanel = (page: Page) => page.getByRole('complementary', { name: t.filters });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('products page filters', () => {
  test.use({ viewport: desktop });

  test('a category shows only its parts and goes into the URL; Back restores the first cards', async ({ page, request }) => {
    await page.goto('/products');
    const plain = (await renderedProductsPage<{ name: string }>(page)).items.map((p) => p.name);
    expect(plain).toHaveLength(PER_PAGE);
    await expect(cards(page)).toHaveCount(PER_PAGE);

    const all = await searchApi(request, 'limit=1');
    const category = all.facets.category.find((c) => c.count > 0 && c.count < all.total)!;
    expect(category).toBeTruthy();
    const expected = await searchApi(request, `category=${category.value}&limit=${PER_PAGE}`);

    const label = CATEGORY_LABELS[category.value as ProductCategory];
    // The radio shows the URL's state: it turns on once the URL has changed (so click, not check).
    const radio = filterPanel(page).getByRole('radio', { name: new RegExp(`^${escape(label)}\\s*\\d+$`) });
    await radio.click();
    await expect(radio).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/products\\?category=${category.value}$`));
    await expect(cards(page)).toHaveCount(expected.items.length);
    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((p) => p.name));
    expect(expected.items.every((p) => p.category === category.value)).toBe(true);
    await expect(page.getByRole('navigation', { name: copy.storefront.pagination })).toContainText(copy.products.pageOf(1, Math.max(1, expected.pages)));

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cards(page)).toHaveCount(PER_PAGE);
    await expect.poll(() => cardNames(page)).toEqual(plain);
    await expect(filterPanel(page).getByRole('radio', { name: s.any })).toBeChecked();
  });

  test('in stock, sorted by price from low to high, orders the prices', async ({ page, request }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PER_PAGE);
    const inStock = filterPanel(page).getByRole('checkbox', { name: s.inStock });
    await inStock.click();
    await expect(inStock).toBeChecked();
    await expect(page).toHaveURL(/\/products\?inStock=true$/);
    await page.getByRole('combobox', { name: s.sort }).selectOption({ label: s.sorts['price-asc'] });
    await expect(page).toHaveURL(/\/products\?inStock=true&sort=price-asc$/);

    const expected = await searchApi(request, `inStock=true&sort=price-asc&limit=${PER_PAGE}`);
    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((p) => p.name));
    const prices = (
      await cards(page)
        .getByText(/^Unit Price: \$/)
        .allTextContents()
    ).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(prices).toHaveLength(expected.items.length);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(expected.items.every((p) => p.stock > 0)).toBe(true);
  });

  test('a brand shows as many cards as its facet count; changing it resets the page; Clear filters', async ({ page, request }) => {
    const all = await searchApi(request, 'limit=1');
    const brand = all.facets.brand.find((b) => b.count >= 1 && b.count <= PER_PAGE)!;
    expect(brand).toBeTruthy();

    await page.goto('/products?page=2');
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await filterPanel(page)
      .getByRole('combobox', { name: s.brand })
      .selectOption({ label: `${brand.value} (${brand.count})` });
    await expect(page).toHaveURL(`/products?${new URLSearchParams({ brand: brand.value })}`);
    await expect(cards(page)).toHaveCount(brand.count);
    await expect(page.getByText(copy.products.pageOf(1, 1))).toBeVisible();

    await page.getByRole('link', { name: t.clearFilters }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cards(page)).toHaveCount(PER_PAGE);
    await expect(page.getByRole('link', { name: t.clearFilters })).toHaveCount(0);
  });

  test('nothing matches: an empty state with Clear filters', async ({ page }) => {
    await page.goto('/products?category=brakes&minPrice=999999');
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: t.clearFilters }).last().click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cards(page)).toHaveCount(PER_PAGE);
  });
});

test.describe('products page filters on a phone', () => {
  test.use({ viewport: phone });

  test('the filters fold behind a Filters button and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(PER_PAGE);
    const brand = filterPanel(page).getByRole('combobox', { name: s.brand });
    await expect(brand).toBeHidden();
    await filterPanel(page).locator('summary').click();
    await expect(brand).toBeVisible();
    await filterPanel(page).getByRole('checkbox', { name: s.inStock }).click();
    await expect(page).toHaveURL(/\/products\?inStock=true$/);
    await expect(cards(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  });
});

const themes: Theme[] = ['light', 'dark'];
for (const { theme, viewport } of looks(themes, [phone, desktop])) {
  test(`products filters at ${viewport.width}px, ${theme}: screenshot and WCAG 2.1 AA`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await page.goto('/products?category=brakes&inStock=true&sort=price-asc');
      await expect(page.getByRole('heading', { level: 1, name: copy.products.title })).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `products-filters-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      const result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(result.passes.length).toBeGreaterThan(10);
      expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
