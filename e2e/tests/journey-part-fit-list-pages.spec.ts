import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';
import { bearerOf, uid } from '../support/catalog';
import { fitSection, fitmentViolations } from '../support/fitment';

/**
 * Decision 217 (issue #35): a part that fits hundreds of bikes shows its fit list a page of 25 models at a time, by
 * make if the buyer wants, with links that work before and without the script; a discontinued part says so, and
 * once its stock is gone names the part that replaces it.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const MAKES = ['Honda', 'Kawasaki', 'Suzuki', 'Yamaha'];

interface Made {
  _id: string;
  sku: string;
  name: string;
  version: number;
}

/** A part with 200 applications (50 models of each make), a discontinued part with stock, and one sold out with its replacement. */
async function setUp(admin: Page) {
  const headers = await bearerOf(admin);
  const add = async (data: object): Promise<Made> => {
    const res = await admin.request.post('/api/product', {
      headers,
      data: {
        unitPrice: 30,
        stock: 20,
        minOrder: 1,
        description: 'Made by the fit list journey.',
        image: '/images/products/fork-seal-kit-43mm.svg',
        brand: 'EndCo',
        ...data,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Made;
  };
  const tag = uid();
  const fitment = Array.from({ length: 200 }, (_, i) => ({
    make: MAKES[Math.floor(i / 50)],
    model: `R${String(i % 50).padStart(3, '0')}`,
    yearFrom: 2010,
    yearTo: 2015,
    ...(i % 2 ? { position: 'front', perVehicle: 2 } : {}),
  }));
  const many = await add({ name: `E2E Feed Pads ${tag}`, sku: `E2E-FIT-${tag}`, fitment });
  const old = await add({ name: `E2E Old Filter ${tag}`, sku: `E2E-OLD-${tag}`, stock: 0 });
  const next = await add({ name: `E2E New Filter ${tag}`, sku: `E2E-NEW-${tag}`, partNumbers: [{ kind: 'supersedes', brand: 'EndCo', number: old.sku }] });
  const last = await add({ name: `E2E Last Lever ${tag}`, sku: `E2E-LAST-${tag}` });
  for (const p of [old, last]) {
    const res = await admin.request.patch(`/api/product/${p._id}`, { headers, data: { version: p.version, discontinued: true } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { many, old, next, last };
}

let parts: Awaited<ReturnType<typeof setUp>>;
test.beforeAll(async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    parts = await setUp(page);
  } finally {
    await context.close();
  }
});

const showing = (page: Page) => fitSection(page).getByText(/^Models \d+–\d+ of \d+$/);
const list = (page: Page) => fitSection(page).getByRole('list', { name: 'Bikes this part fits' });

test('a buyer pages through the bikes of a part with 200 applications, and keeps one make', async ({ page }) => {
  await page.goto(`/parts/${parts.many._id}`);
  const section = fitSection(page);
  await expect(section).toContainText('200 models of 4 makes (200 applications).');
  await expect(showing(page)).toHaveText('Models 1–25 of 200');
  await expect(list(page)).toContainText('Honda');
  await expect(list(page)).toContainText('R000 2010–2015');
  await expect(list(page)).toContainText('R001 2010–2015 · front · 2 per bike');
  await expect(list(page)).not.toContainText('R025');

  await section.getByRole('link', { name: 'Next models' }).click();
  await expect(showing(page)).toHaveText('Models 26–50 of 200');
  await expect(page).toHaveURL(/[?&]fits=2/);
  await expect(list(page)).toContainText('R025');
  await expect(section.getByText('Page 2 of 8')).toBeVisible();

  await section.getByRole('search', { name: 'Filter the bikes by make' }).getByRole('combobox', { name: 'Filter by make' }).selectOption('Yamaha');
  await section.getByRole('button', { name: 'Show' }).click();
  await expect(showing(page)).toHaveText('Models 1–25 of 50');
  await expect(page).toHaveURL(/[?&]make=Yamaha/);
  await expect(list(page)).toContainText('Yamaha');
  await expect(list(page)).not.toContainText('Honda');
  await section.getByRole('link', { name: 'Next models' }).click();
  await expect(showing(page)).toHaveText('Models 26–50 of 50');
  await expect(section.getByRole('link', { name: 'Next models' })).toHaveCount(0);
  await section.getByRole('link', { name: 'Previous models' }).click();
  await expect(showing(page)).toHaveText('Models 1–25 of 50');
});

test('without the script the pages and the make filter are links and a form the server answers', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`/parts/${parts.many._id}?fits=2`);
    await expect(showing(page)).toHaveText('Models 26–50 of 200');
    await fitSection(page).getByRole('link', { name: 'Next models' }).click();
    await expect(page).toHaveURL(/[?&]fits=3/);
    await expect(showing(page)).toHaveText('Models 51–75 of 200');
    await fitSection(page).getByRole('search', { name: 'Filter the bikes by make' }).getByRole('combobox', { name: 'Filter by make' }).selectOption('Suzuki');
    await fitSection(page).getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/[?&]make=Suzuki/);
    await expect(showing(page)).toHaveText('Models 1–25 of 50');
    await expect(list(page)).toContainText('Suzuki');
    // A part with few bikes keeps its whole list, as before.
    await page.goto(`/parts/${parts.next._id}`);
    await expect(fitSection(page).getByText(/^Models /)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a discontinued part says so while stock lasts; sold out, it names the part that replaces it', async ({ page }) => {
  await page.goto(`/parts/${parts.last._id}`);
  await expect(page.getByText('Discontinued — while stocks last')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();

  await page.goto(`/parts/${parts.old._id}`);
  const status = page.getByRole('status').filter({ hasText: 'Discontinued: no longer available.' });
  await expect(status).toContainText(`Replaced by EndCo ${parts.next.name} (${parts.next.sku})`);
  await expect(page.getByText('Sold out: fewer units are left than the minimum order.')).toHaveCount(0);
  await status.getByRole('link', { name: new RegExp(parts.next.sku) }).click();
  await expect(page).toHaveURL(new RegExp(`/parts/${parts.next._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(parts.next.name);
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the paged fit list and a discontinued part at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    try {
      await useTheme(context, theme);
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (what: string, name: string) => {
        await settle(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${what} scrolls sideways`,
        ).toBeLessThanOrEqual(0);
        found.push(...(await fitmentViolations(page, what)));
        await screenshot(page, { path: path.join(shots, `fit-list-${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      };
      await page.goto(`/parts/${parts.many._id}?fits=2&make=Yamaha`);
      await expect(showing(page)).toHaveText('Models 26–50 of 50');
      await check('paged fit list', 'paged');
      await page.goto(`/parts/${parts.old._id}`);
      await expect(page.getByText('Discontinued: no longer available.')).toBeVisible();
      await check('discontinued part', 'discontinued');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
