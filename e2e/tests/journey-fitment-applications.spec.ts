import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';
import { addProduct } from '../support/catalog';
import { checkFit, demoPart, fitSection, fitmentViolations } from '../support/fitment';

/**
 * Issue #35 item 1 (decision 192), "Fitment as the industry models it": a fitment line says where the part goes and
 * how many a bike takes. The shopper reads it on the part page, on the part's card and in the cart; the admin
 * writes it on the product form.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const BIKE = '2019 Yamaha MT-07';
/** The seed's sintered pads FA244HH go on the front of the MT-07, two per bike, one set per caliper. */
const FITS_PADS = `Fits your ${BIKE} · front · 2 per bike`;

test('a shopper sees where the pads go on a 2019 MT-07 and how many it takes: on the part page, the card and in the cart', async ({ page, request }) => {
  const pads = await demoPart(request, 'FA244HH');
  await page.goto(`/parts/${pads._id}`);
  const section = fitSection(page);
  // Each line of the list has its details after the years (in the server's HTML too).
  await expect(section.getByRole('list', { name: 'Bikes this part fits' })).toContainText('MT-07 2014–2024 · front · 2 per bike · One set per caliper');

  await checkFit(section, '2019', 'Yamaha', 'MT-07');
  await expect(section.getByRole('status')).toHaveText(`${FITS_PADS} · One set per caliper`);

  // The card in the search results: the badge says the position, without the notes.
  await page.goto(`/search?q=${pads.sku}`);
  const card = page.getByRole('article', { name: pads.name });
  await expect(card).toContainText(FITS_PADS);
  await expect(card).not.toContainText('One set per caliper');

  // The cart's line says it too.
  await page.goto(`/parts/${pads._id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`units of ${pads.name} are in your cart.`)).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ hasText: pads.name });
  await expect(line).toContainText(FITS_PADS);
  await expect(line).not.toContainText(/does not fit/i);
});

test('the admin adds a rear line, one per bike, on the product form, and the part page shows it', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const part = await addProduct(page, { name: `E2E Rear Pads ${Date.now().toString(36).toUpperCase()}` });
    await page.goto(`/dashboard/manageProducts/${part._id}/edit`);
    const fitment = page.getByRole('group', { name: 'Fitment' });
    await expect(fitment.getByText(/No fitment lines yet/)).toBeVisible();

    await fitment.getByRole('combobox', { name: 'Make' }).fill('Yamaha');
    await fitment.getByRole('combobox', { name: 'Model' }).fill('MT-07');
    // The years default to the model's listed ones.
    await expect(fitment.getByRole('spinbutton', { name: 'Year from' })).toHaveValue('2014');
    await fitment.getByRole('combobox', { name: 'Position (optional)' }).selectOption('rear');
    await fitment.getByRole('spinbutton', { name: 'Per bike (optional)' }).fill('1');
    await fitment.getByRole('button', { name: 'Add fitment line' }).click();
    const lines = fitment.getByRole('list', { name: 'Fitment lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(/^Yamaha MT-07 2014–\d{4} · rear · 1 per bike/);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated')).toBeVisible();
    const saved = (await (await page.request.get(`/api/product/${part._id}`)).json()) as { fitment: { yearTo: number }[] };
    expect(saved.fitment).toEqual([{ make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: saved.fitment[0].yearTo, position: 'rear', perVehicle: 1 }]);

    await page.goto(`/parts/${part._id}`);
    await expect(fitSection(page).getByRole('list', { name: 'Bikes this part fits' })).toContainText(
      `MT-07 2014–${saved.fitment[0].yearTo} · rear · 1 per bike`,
    );
  } finally {
    await context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the fitment details and the editor at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const pads = await demoPart(request, 'FA244HH');
    // A visitor checks the bike (a signed-in admin's would go to the demo admin's garage), the admin edits.
    const visitor = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    const { page: admin, context } = await newAdminPage(browser);
    try {
      await useTheme(visitor, theme);
      await useTheme(context, theme);
      const page = await visitor.newPage();
      await admin.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await admin.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      const noSidewaysScroll = async (p: Page, what: string) =>
        expect(
          await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${what} scrolls sideways`,
        ).toBeLessThanOrEqual(0);
      /** The element from the whole page (an element shot scrolls a tall one under the sticky header). */
      const shot = async (p: Page, target: Locator, name: string) => {
        if (process.env.SCREENSHOTS !== '1') return;
        await p.evaluate(() => window.scrollTo(0, 0));
        const box = await target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
        });
        const x = Math.max(0, box.x - 8);
        await screenshot(p, {
          path: path.join(shots, `fitment-applications-${name}-${width}-${theme}.png`),
          fullPage: true,
          clip: { x, y: Math.max(0, box.y - 8), width: Math.min(width - x, box.width + 16), height: box.height + 16 },
          animations: 'disabled',
        });
      };

      // The part page with the bike checked.
      await page.goto(`/parts/${pads._id}`);
      await checkFit(fitSection(page), '2019', 'Yamaha', 'MT-07');
      await expect(fitSection(page).getByRole('status')).toContainText(FITS_PADS);
      await settle(page);
      await noSidewaysScroll(page, 'part page');
      found.push(...(await fitmentViolations(page, 'part page')));
      await shot(page, fitSection(page), 'part');

      // The card's badge.
      await page.goto(`/search?q=${pads.sku}`);
      const card = page.getByRole('article', { name: pads.name });
      await expect(card).toContainText(FITS_PADS);
      await settle(page);
      await noSidewaysScroll(page, 'search');
      found.push(...(await fitmentViolations(page, 'search')));
      await shot(page, card, 'card');

      // The cart's line.
      await page.goto(`/parts/${pads._id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText(`units of ${pads.name} are in your cart.`)).toBeVisible();
      await page.goto('/cart');
      const line = page.getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ hasText: pads.name });
      await expect(line).toContainText(FITS_PADS);
      await settle(page);
      await noSidewaysScroll(page, 'cart');
      found.push(...(await fitmentViolations(page, 'cart')));
      await shot(page, line, 'cart');

      // The product form's editor of the pads, a rear position picked in the row.
      await admin.goto(`/dashboard/manageProducts/${pads._id}/edit`);
      const fitment = admin.getByRole('group', { name: 'Fitment' });
      await expect(fitment.getByRole('list', { name: 'Fitment lines' })).toContainText('front · 2 per bike · One set per caliper');
      await fitment.getByRole('combobox', { name: 'Position (optional)' }).selectOption('rear');
      await fitment.getByRole('spinbutton', { name: 'Per bike (optional)' }).fill('1');
      await settle(admin);
      await noSidewaysScroll(admin, 'edit product');
      found.push(...(await fitmentViolations(admin, 'edit product')));
      await shot(admin, fitment, 'editor');
      expect(found).toEqual([]);
    } finally {
      await visitor.close();
      await context.close();
    }
  });
}
