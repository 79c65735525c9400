import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, looks, screenshot, settle, test, useTheme, type Theme } from '../support/fixtures';

/**
 * Issue #38 (decisions 211 and 213): the search answers like a parts counter, typed into the search box as a rider
 * would. "fork seals 41": no 41 mm seals, said first, the 43 mm kit apart as another size; "rear brake pads": the shop
 * lists no rear pads, said first, the pads it has apart as related; "gs brake pads": "gs" is two BMWs, so the page asks
 * which, and the bike chosen filters the search. On the demo catalogue: no brake pads fit an R 1250 GS, so its answer
 * says so and shows the pads for other bikes apart. Decision 219: "chain kit mt07" is the job's parts that fit the
 * MT-07, the front sprocket none fits said in its place; "204" is the parts whose part numbers hold the digits. Nothing
 * is added to the catalogue.
 */
const t = copy.search;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** Types the words into the search box key by key, as a person does, and sends them with Enter. */
async function typeSearch(page: Page, q: string) {
  const box = page.getByRole('combobox', { name: t.label });
  await box.fill('');
  await box.pressSequentially(q, { delay: 15 });
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t.resultsFor(q) })).toBeVisible();
}

/** The page settled, no sideways scroll, a screenshot (SCREENSHOTS=1) and no WCAG 2.1 AA violation. */
async function checkLook(page: Page, name: string) {
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, { path: path.join(outDir, `${name}.png`), fullPage: true, animations: 'disabled' });
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The vertical position of an element on the page, to check what is said first. */
const top = async (page: Page, selector: ReturnType<Page['getByText']>) => (await selector.boundingBox())!.y + (await page.evaluate(() => window.scrollY));

const themes: Theme[] = ['light', 'dark'];
for (const { theme, viewport } of looks(themes, [phone, desktop])) {
  test(`a parts counter at ${viewport.width}px, ${theme}: a size after the noun, a side not listed, a nickname two bikes share`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    const look = `${viewport.width}-${theme}`;
    try {
      await page.goto('/');
      const main = page.getByRole('main');

      // A number after the part is its size: no 41 mm seals, and the 43 mm kit apart, never as the answer.
      await typeSearch(page, 'fork seals 41');
      const noSize = page.getByText(t.noSuchSize('fork seals', '41 mm'));
      await expect(noSize).toBeVisible();
      const other = page.getByRole('region', { name: t.otherSizes('fork seals') });
      await expect(other.getByRole('article')).toHaveCount(1);
      await expect(other.getByRole('article')).toContainText('Fork Seal Kit 43 mm');
      await expect(main.getByRole('article')).toHaveCount(1);
      await expect(page.getByText(/parts? found$/)).toHaveText(t.count(0));
      expect(await top(page, noSize)).toBeLessThan(await top(page, page.getByRole('heading', { level: 2, name: t.otherSizes('fork seals') })));
      await checkLook(page, `search-counter-size-${look}`);

      // A side the shop lists no pads for: said first, the pads it has under their own heading.
      await typeSearch(page, 'rear brake pads');
      const notListed = page.getByText(t.mentionsOnly('rear brake pads'));
      await expect(notListed).toBeVisible();
      const related = page.getByRole('heading', { level: 2, name: t.missingHeadRelated('rear brake pads') });
      await expect(related).toBeVisible();
      expect(await top(page, notListed)).toBeLessThan(await top(page, related));
      await expect(main.getByRole('article').first()).toContainText('Brake Pads');
      // The related parts are no answer: no part is a heading of the results' own level.
      await expect(main.getByRole('article').getByRole('heading', { level: 2 })).toHaveCount(0);
      await checkLook(page, `search-counter-side-${look}`);

      // A nickname two bikes share: the page asks which, and the other words' parts for any bike follow.
      await typeSearch(page, 'gs brake pads');
      const which = page.getByRole('region', { name: t.whichBike });
      await expect(which).toBeVisible();
      await expect(which.getByRole('link')).toHaveText([t.whichBikeOption('BMW', 'R 1250 GS', 2019, 2023), t.whichBikeOption('BMW', 'R 1300 GS', 2024, 2027)]);
      await expect(page.getByRole('heading', { level: 2, name: t.whichBikeRest('brake pads') })).toBeVisible();
      await expect(main.getByRole('article').first()).toContainText('Brake Pads');
      await expect(page.getByText(/^Parts that fit your/)).toHaveCount(0);
      await checkLook(page, `search-counter-which-bike-${look}`);

      await which.getByRole('link', { name: t.whichBikeOption('BMW', 'R 1250 GS', 2019, 2023) }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.resultsFor('BMW R 1250 GS brake pads') })).toBeVisible();
      await expect(page.getByText(t.namedBike('BMW R 1250 GS'))).toBeVisible();
      await expect(page.getByRole('region', { name: t.whichBike })).toHaveCount(0);
      // The demo lists no pads for the GS: said plainly, and the pads for other bikes apart.
      await expect(page.getByText(t.noneFitsBike('brake pads', 'BMW R 1250 GS'))).toBeVisible();
      const others = page.getByRole('region', { name: t.forOtherBikes('brake pads') });
      await expect(others.getByRole('article').first()).toContainText('Brake Pads');
      await expect(page.getByRole('combobox', { name: t.label })).toHaveValue('BMW R 1250 GS brake pads');
      await checkLook(page, `search-counter-chosen-bike-${look}`);
    } finally {
      await context.close();
    }
  });

  // Issue #38 (decision 219): a job of the vocabulary, and a number that is the digits of several part numbers.
  test(`a parts counter at ${viewport.width}px, ${theme}: a chain kit is its parts, a number inside part numbers`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    const look = `${viewport.width}-${theme}`;
    try {
      await page.goto('/');

      // No kit fits the MT-07: the chain and the rear sprocket that fit it, and the front sprocket none fits, said.
      await typeSearch(page, 'chain kit mt07');
      await expect(page.getByText(t.jobTitle('chain kit', 'Chain · Front sprocket · Rear sprocket'))).toBeVisible();
      await expect(page.getByText(t.jobHint('chain kit'))).toBeVisible();
      await expect(page.getByRole('region', { name: 'Chain', exact: true }).getByRole('article').first()).toContainText('Drive Chain');
      await expect(page.getByRole('region', { name: 'Rear sprocket' }).getByRole('article').first()).toContainText('Rear Sprocket');
      const front = page.getByRole('region', { name: 'Front sprocket' });
      await expect(front.getByText(t.groupNone('front sprocket', 'Yamaha MT-07'))).toBeVisible();
      await expect(front.getByRole('article')).toHaveCount(0);
      await checkLook(page, `search-counter-job-${look}`);

      // "204" is no part number, but the digits of the oil filter's and the indicators': those parts, said as such.
      await typeSearch(page, '204');
      const numbers = page.getByText(/^Part numbers with 204: /);
      await expect(numbers).toContainText('HF204');
      await expect(numbers).toContainText('IND-204-SMK');
      await expect(page.getByText(t.partNumbersWithHint)).toBeVisible();
      await expect(page.getByRole('main').getByRole('article').filter({ hasText: 'Oil Filter HF204' })).toHaveCount(1);
      await checkLook(page, `search-counter-digits-${look}`);
    } finally {
      await context.close();
    }
  });
}
