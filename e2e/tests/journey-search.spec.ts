import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { copy } from '@shop/shared/copy';
import { expect, looks, settle, test, useTheme, type Theme, screenshot } from '../support/fixtures';

/**
 * Issue #9: search by part number, name and typo from the navbar, the
 * results page's filters in the URL, and its screenshots (into the folder
 * screenshots.spec.ts writes) and accessibility in both themes.
 */
const t = copy.search;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

test.describe('search', () => {
  test.use({ viewport: desktop });

  test('a part number typed in lower case without dashes is the first suggestion and the first result', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: t.label });
    await box.fill('ra25045');
    const list = page.getByRole('listbox', { name: t.suggestions });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = list.getByRole('option').first();
    await expect(first).toContainText('RA-250-45');
    await expect(first).toContainText('7075 Aluminium Rear Sprocket 45T');
    // The picture is decorative (the name is next to it), so it has no role of its own.
    await expect(first.locator('img')).toHaveAttribute('src', /\/images\//);
    expect(await list.getByRole('option').count()).toBeLessThanOrEqual(8);

    // Arrow keys move the active option; Escape closes the list and Enter without a choice opens the results.
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=ra25045$/);
    await expect(page.getByRole('heading', { level: 1, name: t.resultsFor('ra25045') })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first().getByRole('heading', { name: '7075 Aluminium Rear Sprocket 45T' })).toBeVisible();

    // Choosing a suggestion with the keyboard opens that part.
    await box.fill('cr9eix');
    await expect(list.getByRole('option').first()).toContainText('CR9EIX');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
  });

  test('a typo still finds its part', async ({ page }) => {
    await page.goto('/search?q=sitered%20brake%20pads');
    const cards = page.getByRole('main').getByRole('article');
    // Other journeys add brake pads of their own at the same time: the demo part is among the first results.
    await expect(cards.nth(0).or(cards.nth(1)).or(cards.nth(2)).getByRole('heading', { name: 'Sintered Front Brake Pads – Pair' })).toBeVisible();
    await page.getByRole('combobox', { name: t.label }).fill('sprokit');
    await expect(page.getByRole('listbox', { name: t.suggestions }).getByRole('option').first()).toContainText(/Sprocket/);
  });

  test('a filter changes the URL, and the back button puts it back', async ({ page }) => {
    await page.goto('/search?q=sprocket');
    const count = page.getByText(/parts? found$/);
    await expect(count).toHaveText(/^[2-9]\d* parts found$/);
    const before = await count.textContent();
    const filters = page.getByRole('complementary', { name: t.filters });
    const brand = filters.getByRole('combobox', { name: t.brand });
    await brand.selectOption({ label: 'Renthal (1)' });
    await expect(page).toHaveURL(/\/search\?q=sprocket&brand=Renthal$/);
    await expect(count).toHaveText('1 part found');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);

    // The toggle shows the URL's state: it turns on once the URL has changed.
    const inStock = filters.getByRole('checkbox', { name: t.inStock });
    await inStock.click();
    await expect(inStock).toBeChecked();
    await expect(page).toHaveURL(/brand=Renthal&inStock=true$/);
    await page.getByRole('combobox', { name: t.sort }).selectOption({ label: t.sorts['price-desc'] });
    await expect(page).toHaveURL(/&sort=price-desc$/);

    await page.goBack();
    await expect(page).toHaveURL(/brand=Renthal&inStock=true$/);
    await expect(page.getByRole('combobox', { name: t.sort })).toHaveValue('relevance');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=sprocket$/);
    await expect(brand).toHaveValue('');
    await expect(count).toHaveText(before!);
    await expect(page.getByRole('combobox', { name: t.label })).toHaveValue('sprocket');
  });

  test('nothing found shows the helpful empty state', async ({ page }) => {
    await page.goto('/search?q=xyzzy');
    await expect(page.getByText(t.empty('xyzzy'))).toBeVisible();
    await page.getByRole('link', { name: t.browseBrakes }).click();
    await expect(page).toHaveURL(/\/search\?category=brakes$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  test('the search box is on a phone too', async ({ browser }) => {
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: t.label });
      await expect(box).toBeVisible();
      await box.fill('hf204');
      await expect(page.getByRole('listbox', { name: t.suggestions }).getByRole('option').first()).toContainText('HF204');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page).toHaveURL(/\/search\?q=hf204$/);
    } finally {
      await context.close();
    }
  });
});

// Issue #38 item 1 (decision 195): a mechanic's list in the search box answers part by part.
test('"pads and brake fluid" shows each part on its own, and one click puts the first of each in the cart', async ({ browser }) => {
  // Phone width and dark: the narrowest and the theme the other look tests of this list do not pair with the groups.
  const context = await browser.newContext({ viewport: phone, reducedMotion: 'reduce', colorScheme: 'dark' });
  await useTheme(context, 'dark');
  const page = await context.newPage();
  try {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: t.label });
    await box.fill('pads and brake fluid');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t.resultsFor('pads and brake fluid') })).toBeVisible();
    await expect(page.getByText(t.groupsTitle('Pads · Brake fluid'))).toBeVisible();
    const pads = page.getByRole('region', { name: 'Pads', exact: true });
    const fluid = page.getByRole('region', { name: 'Brake fluid', exact: true });
    await expect(pads.getByRole('article').first()).toContainText('Brake Pads');
    await expect(fluid.getByRole('article').first()).toContainText('DOT 4 Brake Fluid 500 ml');
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    await screenshot(page, { path: path.join(outDir, 'search-groups-390-dark.png'), fullPage: true, animations: 'disabled' });
    const result = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: t.groupsAddFirsts(2) }).click();
    await expect(page.getByText(t.groupsAdded(2))).toBeVisible();
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: 'DOT 4 Brake Fluid 500 ml' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'Brake Pads' })).toHaveCount(1);
  } finally {
    await context.close();
  }
});

// Issue #38 items 3 and 4 (decision 211): a size the shop does not list, and a part it does not list, said first.
test('"41mm fork seals" says there are none in 41 mm and shows the 43 mm kit apart; "sprocket bolts" says the shop lists none', async ({ browser }) => {
  const context = await browser.newContext({ viewport: phone, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto('/search?q=41mm+fork+seals');
    await expect(page.getByText(t.noSuchSize('fork seals', '41 mm'))).toBeVisible();
    const other = page.getByRole('region', { name: t.otherSizes('fork seals') });
    await expect(other.getByRole('article')).toHaveCount(1);
    await expect(other.getByRole('article')).toContainText('Fork Seal Kit 43 mm');
    await settle(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    const result = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.goto('/search?q=sprocket+bolts');
    await expect(page.getByText(t.mentionsOnly('sprocket bolts'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t.missingHeadRelated('sprocket bolts') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  } finally {
    await context.close();
  }
});

const themes: Theme[] = ['light', 'dark'];
for (const { theme, viewport } of looks(themes, [phone, desktop])) {
  test(`search results at ${viewport.width}px, ${theme}: screenshot and WCAG 2.1 AA`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await page.goto('/search?q=brake');
      await expect(page.getByRole('heading', { level: 1, name: t.resultsFor('brake') })).toBeVisible();
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `search-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      // With the suggestions open too.
      await page.getByRole('combobox', { name: t.label }).fill('brake');
      await expect(page.getByRole('listbox', { name: t.suggestions }).getByRole('option').first()).toBeVisible();
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
