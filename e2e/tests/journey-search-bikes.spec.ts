import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, looks, screenshot, settle, test, useTheme, type Theme } from '../support/fixtures';

/**
 * Issue #26 item 3 (decision 167): bikes in the search box. Half a model's name offers "Shop parts for Yamaha MT-07"
 * above the parts; a bike named in the words ("2019 mt07 chain") keeps the parts that fit it, with a way to search
 * every part instead; and a bike chosen in the selector filters every search by default, with "Show all parts" in
 * the URL. On the demo catalogue: the 520 X-Ring Drive Chain fits the MT-07.
 */
const t = copy.search;
const g = copy.garage;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

const cardNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
const notBusy = (page: Page) => expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);

/**
 * The names of the search's first page, as the page shows it (12 parts a page, SEARCH_PAGE_SIZE): other journeys add
 * parts to the shared catalogue while this one runs, so a search may hold more than one page.
 */
async function apiNames(request: APIRequestContext, query: string): Promise<string[]> {
  const res = await request.get(`/api/search?${query}&limit=12`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { name: string }[] }).items.map((p) => p.name);
}

test.describe('bikes in the search', () => {
  test.use({ viewport: desktop });

  test('half a model name offers its bike above the parts, and the bike’s parts open from it', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: t.label });
    const options = page.getByRole('listbox', { name: t.suggestions }).getByRole('option');
    await box.fill('mt-0');
    await expect(options.nth(0)).toHaveText(t.shopBike('Yamaha MT-07'));
    await expect(options.nth(1)).toHaveText(t.shopBike('Yamaha MT-09'));

    // The whole name: the bike first, then the parts that fit it.
    await box.fill('mt07');
    await expect(options.nth(0)).toHaveText(t.shopBike('Yamaha MT-07'));
    await expect(options.nth(1).locator('img')).toBeAttached();
    await expect(options.nth(1)).not.toContainText(t.shopBike(''));
    // The keyboard reaches it like a part.
    await box.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Yamaha\+MT-07$/);
    await expect(page.getByText(t.namedBike('Yamaha MT-07'))).toBeVisible();
  });

  test('a bike named in the words keeps the parts that fit it; "Search all parts" searches the words as typed', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: t.label });
    await box.fill('2019 mt07 chain');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=2019\+mt07\+chain$/);
    await expect(page.getByText(t.namedBike('2019 Yamaha MT-07'))).toBeVisible();
    await expect(page.getByText(t.namedBikeWords('chain'))).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first().getByRole('heading', { level: 2 })).toHaveText('520 X-Ring Drive Chain 120L');
    const named = await cardNames(page);

    await page.getByRole('link', { name: t.searchAllFor('2019 mt07 chain') }).click();
    await expect(page).toHaveURL(/\/search\?q=2019\+mt07\+chain&matchBike=false$/);
    await expect(page.getByText(t.namedBike('2019 Yamaha MT-07'))).toHaveCount(0);
    await expect(page.getByText(/parts? found$/)).toBeVisible();
    await notBusy(page);
    expect(await cardNames(page)).not.toEqual(named);

    // The choice is in the URL: back returns to the bike's parts, a reload keeps the words as typed.
    await page.goBack();
    await expect(page.getByText(t.namedBike('2019 Yamaha MT-07'))).toBeVisible();
    await page.goForward();
    await page.reload();
    await expect(page.getByText(/parts? found$/)).toBeVisible();
    await expect(page.getByText(t.namedBike('2019 Yamaha MT-07'))).toHaveCount(0);
  });

  test('with a bike chosen, a search shows the parts that fit it; "Show all parts" shows every one', async ({ page, request, consoleErrors }) => {
    await page.goto('/search');
    const selector = page.getByRole('region', { name: g.selectorLabel });
    await selector.getByRole('combobox', { name: 'Year' }).selectOption('2021');
    await selector.getByRole('combobox', { name: 'Make' }).selectOption('Yamaha');
    await selector.getByRole('combobox', { name: 'Model' }).selectOption('MT-07');
    await selector.getByRole('button', { name: g.showFitting }).click();
    await expect(page).toHaveURL(/\/search\?vehicle=[0-9a-f-]{36}$/);
    const vehicleId = new URL(page.url()).searchParams.get('vehicle')!;
    const fitting = await apiNames(request, `q=brake&vehicle=${vehicleId}`);
    const all = await apiNames(request, 'q=brake');
    expect(fitting.length).toBeGreaterThan(0);
    expect(fitting.length).toBeLessThan(all.length);

    // The words alone: filtered to the bike by default, the URL as typed.
    const box = page.getByRole('combobox', { name: t.label });
    await box.fill('brake');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=brake$/);
    await expect(selector.getByRole('button', { name: g.showAll })).toBeVisible();
    await notBusy(page);
    await expect.poll(() => cardNames(page)).toEqual(fitting);

    // The same address loaded afresh: the server sends every part, the browser then filters, without a hydration warning.
    await page.reload();
    await expect(selector.getByRole('button', { name: g.showAll })).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(fitting);

    await selector.getByRole('button', { name: g.showAll }).click();
    await expect(page).toHaveURL(/\/search\?q=brake&vehicle=all$/);
    await expect(selector.getByRole('button', { name: g.showFitting })).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(all);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=brake$/);
    await expect.poll(() => cardNames(page)).toEqual(fitting);
    expect(consoleErrors).toEqual([]);
  });
});

const themes: Theme[] = ['light', 'dark'];
for (const { theme, viewport } of looks(themes, [phone, desktop])) {
  test(`a bike named in the search at ${viewport.width}px, ${theme}: screenshot and WCAG 2.1 AA`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await page.goto('/search?q=2019%20mt07%20chain');
      await expect(page.getByText(t.namedBike('2019 Yamaha MT-07'))).toBeVisible();
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `search-bike-${viewport.width}-${theme}.png`), animations: 'disabled' });

      await page.getByRole('combobox', { name: t.label }).fill('mt07');
      await expect(page.getByRole('listbox', { name: t.suggestions }).getByRole('option').first()).toHaveText(t.shopBike('Yamaha MT-07'));
      await screenshot(page, { path: path.join(outDir, `search-bike-suggestions-${viewport.width}-${theme}.png`), animations: 'disabled' });
      const result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/**
 * Issue #39 item 9 (decision 189): the demo front sprocket fits the SV650 and GSX-S750, not the MT-07. The page says
 * plainly that none fits, and shows the sprocket apart, as a part for other bikes, never as one that fits.
 */
for (const { theme, viewport } of looks(themes, [phone, desktop])) {
  test(`"front sprocket mt07" says no front sprocket fits the MT-07 at ${viewport.width}px, ${theme}`, async ({ browser }) => {
    // Two searches, an axe run and a full-page screenshot.
    test.slow();
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: t.label });
      await box.fill('front sprocket mt07');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=front\+sprocket\+mt07$/);
      await expect(page.getByText(t.noneFitsBike('front sprocket', 'Yamaha MT-07'))).toBeVisible();
      await expect(page.getByText('No front sprocket fits the Yamaha MT-07 in our catalogue.')).toBeVisible();
      const apart = page.getByRole('region', { name: t.forOtherBikes('front sprocket') });
      await expect(apart.getByText(t.forOtherBikesHint('Yamaha MT-07'))).toBeVisible();
      await expect(apart.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(['520 Front Sprocket 15T']);
      // No result claims to fit: nothing is listed as a result, and the old "Did you mean" does not offer it either.
      await expect(page.getByText(t.count(0))).toBeVisible();
      await expect(page.getByRole('heading', { name: t.didYouMean })).toHaveCount(0);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `search-none-fits-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      const result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The sprocket's own bike finds it as a result.
      await page.goto('/search?q=front%20sprocket%20sv650');
      await expect(page.getByRole('main').getByRole('article').first().getByRole('heading', { level: 2 })).toHaveText('520 Front Sprocket 15T');
      await expect(page.getByText(t.noneFitsBike('front sprocket', 'Suzuki SV650'))).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}
