import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import sharp from 'sharp';
import { signUpAndLogin, waitForAccessToken } from '../support/auth';
import { newAdminPage } from '../support/orders-helpers';
import { searchCopy } from '@shop/shared/copy/search';
import { demoPart, fitmentViolations } from '../support/fitment';

/**
 * Issue #36 item 1 (decision 197): OEM-style parts diagrams. A rider finds the front brake drawing of a 2019 MT-07
 * from the pads' page, picks three numbered parts by keyboard only and adds them to the cart in one step.
 */
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const FRONT_BRAKE = '/diagrams/2019-yamaha-mt-07/front-brake';

/** Presses Tab until `target` has the keyboard focus (a keyboard-only rider's way through the page). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a rider opens the front brake drawing from the pads’ page and adds three callouts by keyboard only', async ({ page }) => {
  await signUpAndLogin(page, { tag: 'diagram' });
  const pads = await demoPart(page.request, 'FA244HH');
  await page.goto(`/parts/${pads._id}`);
  const shownIn = page.getByRole('region', { name: 'Shown in' });
  await expect(shownIn.getByRole('link', { name: /^Front brake \(\d{4} Yamaha MT-07\), callout 1$/ })).toBeVisible();

  await page.goto(FRONT_BRAKE);
  await expect(page.getByRole('heading', { level: 1, name: 'Front brake' })).toBeVisible();
  await expect(page.getByText(/^For the 2019 Yamaha MT-07 · /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Parts of the front brake' });
  const row = (n: number) => table.locator(`#callout-row-${n}`);
  // The OEM pad number resolves to the pads sold here; a disc nobody here carries is shown without a way to buy it.
  await expect(row(1)).toContainText('Replaces 1WS-W0045-00');
  await expect(row(1)).toContainText(pads.sku);
  await expect(row(2)).toContainText('Not sold here');
  await expect(row(2).getByRole('checkbox')).toHaveCount(0);

  // Hovering a hotspot lights its row, and hovering a row lights its hotspot.
  const hotspot = (n: number, name: RegExp) => page.getByRole('button', { name });
  await hotspot(4, /^4: Brake lever, 1 per bike$/).hover();
  await expect(row(4)).toHaveAttribute('data-active', 'true');
  await row(5).hover();
  await expect(hotspot(5, /^5: Brake fluid DOT 4, 1 per bike$/)).toHaveClass(/bg-primary/);
  await page.mouse.move(0, 0);

  // Keyboard only: the first hotspot, Enter takes the focus to its row, Space picks it.
  const first = hotspot(1, /^1: Brake pads \(pair\), 2 per bike$/);
  await page.locator('body').focus();
  await tabTo(page, first);
  await expect(row(1)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Enter');
  const pick = (n: number) => row(n).getByRole('checkbox');
  await expect(pick(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(pick(1)).toBeChecked();
  // The quantity starts at what the bike takes, raised to the part's minimum order (2 pads a bike, sold from 10).
  await expect(row(1).getByRole('spinbutton')).toHaveValue('10');
  await tabTo(page, pick(4));
  await page.keyboard.press('Space');
  await tabTo(page, pick(5));
  await page.keyboard.press('Space');
  const add = page.getByRole('button', { name: 'Add 3 picked parts to cart' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByText('3 parts from the diagram added to your cart.')).toBeVisible();

  const token = await waitForAccessToken(page);
  const cart = (await (await page.request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    lines: { quantity: number; product: { sku: string } }[];
  };
  expect(cart.lines.map((l) => [l.product.sku, l.quantity]).sort()).toEqual([
    ['BF-DOT4-500', 12],
    ['FA244HH', 10],
    ['LV-BR-212', 5],
  ]);
});

test('a visitor’s picks go to the browser’s cart; a quantity below the minimum order is explained and nothing is added', async ({ page }) => {
  await page.goto(FRONT_BRAKE);
  const table = page.getByRole('table', { name: 'Parts of the front brake' });
  await table.getByRole('checkbox', { name: 'Pick 4: Brake lever' }).check();
  await table.getByRole('spinbutton', { name: 'Quantity of 4: Brake lever' }).fill('2');
  await page.getByRole('button', { name: 'Add 1 picked part to cart' }).click();
  await expect(table.getByText(/Order between 5 and/)).toBeVisible();
  await table.getByRole('spinbutton', { name: 'Quantity of 4: Brake lever' }).fill('5');
  await page.getByRole('button', { name: 'Add 1 picked part to cart' }).click();
  await expect(page.getByText('1 part from the diagram added to your cart.')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem').filter({ hasText: 'CNC Adjustable Brake Lever' })).toBeVisible();
});

test('the search box offers a bike’s drawing for "mt07 brake", and the results page links it above the parts', async ({ page }) => {
  await page.goto('/home');
  await settle(page);
  await page.getByRole('combobox', { name: searchCopy.label }).fill('mt07 brake');
  const option = page.getByRole('listbox', { name: searchCopy.suggestions }).getByRole('option', { name: 'Front brake diagram · 2024 Yamaha MT-07' });
  await expect(option).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?/);
  const guides = page.getByRole('navigation', { name: 'Diagrams and job baskets for this bike' });
  await guides.getByRole('link', { name: 'Front brake diagram · 2024 Yamaha MT-07' }).click();
  await expect(page).toHaveURL(/\/diagrams\/2024-yamaha-mt-07\/front-brake$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Front brake' })).toBeVisible();
  await page.goBack();
  await page.getByRole('combobox', { name: searchCopy.label }).fill('2019 mt07 chain');
  await page
    .getByRole('listbox', { name: searchCopy.suggestions })
    .getByRole('option', { name: 'Drive chain and sprockets diagram · 2019 Yamaha MT-07' })
    .click();
  await expect(page).toHaveURL(/\/diagrams\/2019-yamaha-mt-07\/drive-chain$/);
});

test('the server sends the drawing with its numbered hotspots and the parts table, and an unknown diagram is a 404', async ({ request }) => {
  const res = await request.get(FRONT_BRAKE);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('aria-label="1: Brake pads (pair), 2 per bike"');
  expect(html).toContain('Replaces 1WS-W0045-00');
  expect(html).toMatch(/<title>Front brake diagram for the 2019 Yamaha MT-07/);
  expect(html).toContain('"@type":"ItemList"');
  expect((await request.get('/diagrams/2019-yamaha-mt-07/no-such-drawing')).status()).toBe(404);
  const list = await request.get('/diagrams/2019-yamaha-mt-07');
  expect(list.status()).toBe(200);
  expect(await list.text()).toContain('Drive chain and sprockets');
});

test('the admin creates a diagram with a drawing, imports its callouts, places a hotspot by clicking, exports and deletes it', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await newAdminPage(browser);
  try {
    const tag = Date.now().toString(36);
    const name = `E2E Clutch ${tag}`;
    await page.goto('/dashboard/diagrams');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Address word').fill(`clutch-${tag}`);
    const drawing = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 250, g: 250, b: 245 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Drawing (PNG, JPEG or WebP)').setInputFiles({ name: 'clutch.png', mimeType: 'image/png', buffer: drawing });
    await expect(page.getByText(/^Drawing uploaded \(/)).toBeVisible();
    const make = page.getByRole('combobox', { name: 'Make' });
    await expect(make.getByRole('option', { name: 'Yamaha' })).toBeAttached();
    await make.selectOption('Yamaha');
    const model = page.getByRole('combobox', { name: 'Model' });
    await expect(model.getByRole('option', { name: 'MT-07', exact: true })).toBeAttached();
    await model.selectOption('MT-07');
    await page.getByRole('combobox', { name: 'From year' }).selectOption('2016');
    await page.getByRole('combobox', { name: 'To year' }).selectOption('2016');
    await page.getByRole('button', { name: 'Create diagram' }).click();
    await expect(page.getByText(`Diagram created: ${name}`)).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('region', { name: `Edit ${name}` });
    const header = 'number,part_number,label,quantity,notes,x,y,w,h';
    // A file with a bad row is refused whole, with the row's line and what is wrong.
    await editor.getByLabel('Import callouts (CSV)').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n1,LV-CL-212,Clutch lever,1,,10,10,6,8\n2,,Plate,0,,10,10,6,8\n`),
    });
    await expect(editor.getByRole('alert')).toContainText('Line 3');
    await editor.getByLabel('Import callouts (CSV)').setInputFiles({
      name: 'clutch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n1,LV-CL-212,Clutch lever,1,,10,10,6,8\n2,1WS-16321-00,Friction plate,8,,20,20,6,8\n`),
    });
    await expect(page.getByText('2 callouts imported.')).toBeVisible();

    // Callout 2 goes where the admin clicks: the middle of the drawing.
    await editor.getByRole('combobox', { name: 'Callout to place' }).selectOption({ label: '2: Friction plate' });
    const img = editor.getByRole('img', { name: `${name}: exploded drawing with numbered callouts` });
    const box = (await img.boundingBox())!;
    await img.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(page.getByText('Hotspot 2 placed.')).toBeVisible();

    const download = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Export callouts (CSV)' }).click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(header);
    expect(lines[2]).toMatch(/^2,1WS-16321-00,Friction plate,8,,4[67](\.\d)?,4[56](\.\d)?,6,8$/);

    // The public page shows the drawing's callouts; the friction plate is not sold here.
    await page.goto(`/diagrams/2016-yamaha-mt-07/clutch-${tag}`);
    await expect(page.getByRole('button', { name: '1: Clutch lever, 1 per bike' })).toBeVisible();
    await expect(page.locator('#callout-row-2')).toContainText('Not sold here');

    await page.goto('/dashboard/diagrams');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Diagram deleted: ${name}`)).toBeVisible();
    expect((await page.request.get(`/api/diagrams/2016-yamaha-mt-07/clutch-${tag}`)).status()).toBe(404);
  } finally {
    await context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the diagram page and a bike's diagram list at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    try {
      await useTheme(context, theme);
      const page = await context.newPage();
      const found: string[] = [];
      for (const [address, name] of [
        [FRONT_BRAKE, 'page'],
        ['/diagrams/2019-yamaha-mt-07', 'list'],
      ] as const) {
        await page.goto(address);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settle(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${name} scrolls sideways`,
        ).toBeLessThanOrEqual(0);
        found.push(...(await fitmentViolations(page, `diagram ${name}`)));
        if (process.env.SCREENSHOTS === '1') {
          await screenshot(page, { path: path.join(shots, `diagram-${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
        }
      }
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the admin's Parts diagrams page with the editor open at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({ browser }) => {
    const { page, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/diagrams');
      await page.getByRole('button', { name: 'Edit Front brake' }).click();
      await expect(page.getByRole('region', { name: 'Edit Front brake' })).toBeVisible();
      await settle(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'admin diagrams scrolls sideways',
      ).toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'admin diagrams')).toEqual([]);
      if (process.env.SCREENSHOTS === '1') {
        await screenshot(page, { path: path.join(shots, `diagram-admin-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      }
    } finally {
      await context.close();
    }
  });
}
