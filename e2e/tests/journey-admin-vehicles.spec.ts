import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';
import { newAdminPage, newCustomerPage } from '../support/orders-helpers';

/**
 * Issue #11, the admin side (decision 133): fitment on the product form, the
 * Vehicles page (add one, import a CSV), who may open it, WCAG 2.1 AA and
 * screenshots at phone and desktop width in both themes.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const suffix = () => Date.now().toString(36).toUpperCase();

/** Test set-up through the API with the browser's own token: a product of our own to edit. */
async function createProduct(page: Page, name: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.post('/api/product', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      unitPrice: 24.5,
      stock: 30,
      minOrder: 2,
      description: 'Sintered pads for the front caliper.',
      image: '/images/products/x-ring-chain-520.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

async function axe(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(10);
  return result.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the admin adds fitment to a product on the edit form, and it is there after a reload', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const name = `Fitment pads ${suffix()}`;
    const id = await createProduct(page, name);
    await page.goto(`/dashboard/manageProducts/${id}/edit`);
    const fitment = page.getByRole('group', { name: 'Fitment' });
    await expect(fitment.getByText(/No fitment lines yet/)).toBeVisible();

    // Make by typeahead, then one of its listed models.
    await fitment.getByRole('combobox', { name: 'Make' }).fill('hon');
    await fitment.getByRole('listbox', { name: 'Make suggestions' }).getByRole('option', { name: 'Honda' }).click();
    await fitment.getByRole('combobox', { name: 'Model' }).click();
    await fitment.getByRole('listbox', { name: 'Model suggestions' }).getByRole('option', { name: 'CBR600RR', exact: true }).click();
    // The years default to the model's listed ones (decision 130's seed: 2003–2016 and 2021–2024).
    await expect(fitment.getByRole('spinbutton', { name: 'Year from' })).toHaveValue('2003');
    await expect(fitment.getByRole('spinbutton', { name: 'Year to' })).toHaveValue('2024');
    await expect(fitment.getByText('Listed model years: 2003–2016, 2021–2024')).toBeVisible();
    await fitment.getByRole('spinbutton', { name: 'Year from' }).fill('2021');
    await fitment.getByRole('button', { name: 'Add fitment line' }).click();
    const lines = fitment.getByRole('list', { name: 'Fitment lines' });
    await expect(lines.getByRole('listitem')).toHaveText(['Honda CBR600RR 2021–2024Remove']);

    // A second line by keyboard only.
    await fitment.getByRole('combobox', { name: 'Model' }).fill('CB650');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(fitment.getByRole('combobox', { name: 'Model' })).toHaveValue('CB650R');
    await expect(fitment.getByRole('spinbutton', { name: 'Year from' })).toHaveValue('2019');
    await page.keyboard.press('Enter');
    await expect(lines.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);

    await page.goto(`/dashboard/manageProducts/${id}/edit`);
    await page.reload();
    // The CB650R is still sold: its listed years run to 2027 (decision 159).
    await expect(page.getByRole('list', { name: 'Fitment lines' }).getByRole('listitem')).toHaveText([
      'Honda CB650R 2019–2027Remove',
      'Honda CBR600RR 2021–2024Remove',
    ]);
    const saved = (await (await page.request.get(`/api/product/${id}`)).json()) as { universal: boolean; fitment: unknown[] };
    expect(saved.universal).toBe(false);
    expect(saved.fitment).toEqual([
      { make: 'Honda', model: 'CB650R', yearFrom: 2019, yearTo: 2027 },
      { make: 'Honda', model: 'CBR600RR', yearFrom: 2021, yearTo: 2024 },
    ]);

    // Removing a line and marking the part universal is saved the same way.
    await page.getByRole('button', { name: 'Remove Honda CB650R 2019–2027' }).click();
    await page.getByRole('checkbox', { name: 'Fits all vehicles (universal)' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    await page.goto(`/dashboard/manageProducts/${id}/edit`);
    await expect(page.getByRole('checkbox', { name: 'Fits all vehicles (universal)' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Fitment lines' }).getByRole('listitem')).toHaveText(['Honda CBR600RR 2021–2024Remove']);
  } finally {
    await context.close();
  }
});

test('the admin adds a vehicle, gives a listed one its base vehicle id, and imports a CSV file', async ({ browser }, testInfo) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const model = `E2E ${suffix()}`;
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Vehicles' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicles', level: 2 })).toBeVisible();

    const add = page.getByRole('region', { name: 'Add a vehicle' });
    await add.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(add.getByText('Make is Required')).toBeVisible();
    await expect(add.getByText('Year is Required')).toBeVisible();

    await add.getByRole('combobox', { name: 'Make' }).fill('Kawa');
    await add.getByRole('option', { name: 'Kawasaki' }).click();
    await add.getByRole('combobox', { name: 'Model' }).fill(model);
    await add.getByRole('spinbutton', { name: 'Year' }).fill('2025');
    await add.getByRole('button', { name: 'Add vehicle' }).click();
    await expect(page.getByText(`Vehicle added: Kawasaki ${model} 2025`)).toBeVisible();

    // The list shows the make just added to, with the new model.
    const listed = page.getByRole('region', { name: 'Listed vehicles' });
    await expect(listed.getByRole('combobox', { name: 'Make' })).toHaveValue('Kawasaki');
    await expect(listed.getByRole('row', { name: `${model} 2025` })).toBeVisible();

    // The same vehicle again: the form finds it listed and saves its base vehicle id instead (decision 214).
    await add.getByRole('spinbutton', { name: 'Year' }).fill('2025');
    const status = add.getByRole('status');
    await expect(status).toHaveText(`Kawasaki ${model} 2025 is already listed, without a base vehicle id. Save to change its base vehicle id.`);
    await expect(add.getByRole('button', { name: 'Add vehicle' })).toHaveCount(0);
    const baseId = `E2E-${suffix()}`;
    await add.getByRole('textbox', { name: 'Base vehicle id (optional)' }).fill(baseId);
    await add.getByRole('button', { name: 'Save base vehicle id' }).click();
    await expect(page.getByText(`Base vehicle id of Kawasaki ${model} 2025: ${baseId}`)).toBeVisible();
    await expect(status).toHaveText(`Kawasaki ${model} 2025 is already listed, with base vehicle id ${baseId}. Save to change its base vehicle id.`);
    // After a reload the vehicle still carries it.
    await page.reload();
    await add.getByRole('combobox', { name: 'Make' }).fill('Kawasaki');
    await add.getByRole('combobox', { name: 'Model' }).fill(model);
    await add.getByRole('spinbutton', { name: 'Year' }).fill('2025');
    await expect(add.getByRole('textbox', { name: 'Base vehicle id (optional)' })).toHaveValue(baseId);
    await add.getByRole('spinbutton', { name: 'Year' }).fill('');
    await listed.getByRole('combobox', { name: 'Make' }).selectOption('Kawasaki');

    // Import: a new model over three years, the vehicle above again, and a bad row.
    const file = testInfo.outputPath('vehicles.csv');
    fs.writeFileSync(
      file,
      ['make,model,year_from,year_to,variant', `Kawasaki,${model},2022,2024,`, `Kawasaki,${model},2025,2025,`, `Kawasaki,${model},1700,1701,`].join('\n'),
    );
    const imp = page.getByRole('region', { name: 'Import vehicles from CSV' });
    await imp.getByLabel('Choose a CSV file').setInputFiles(file);
    const result = imp.getByRole('region', { name: 'Import result' });
    await expect(result).toBeVisible();
    const figure = (label: string) => result.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(figure('Rows read')).toHaveText('3');
    await expect(figure('Vehicles added')).toHaveText('3');
    await expect(figure('Already listed')).toHaveText('1');
    await expect(figure('Skipped rows')).toHaveText('1');
    await expect(result.getByText('1 row was skipped:')).toBeVisible();
    await expect(result.getByRole('listitem')).toHaveText([/^Line 4: year_from: year_from must be 1885 or later/]);
    await expect(listed.getByRole('row', { name: `${model} 2022–2025` })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('visitors and customers cannot open the Vehicles page', async ({ browser }) => {
  const visitor = await browser.newContext();
  const customer = await newCustomerPage(browser, 'vehicles');
  try {
    const page = await visitor.newPage();
    await page.goto('/dashboard/vehicles');
    await expect(page).toHaveURL(/\/login$/);

    await customer.page.goto('/dashboard/vehicles');
    await expect(customer.page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
    await expect(customer.page.getByRole('heading', { name: 'Add a vehicle' })).toHaveCount(0);
    await expect(customer.page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(customer.page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Vehicles' })).toHaveCount(0);
  } finally {
    await visitor.close();
    await customer.context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`Vehicles page and fitment editor at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll, screenshots`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { page, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      const noSidewaysScroll = async (what: string) =>
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${what} scrolls sideways`,
        ).toBeLessThanOrEqual(0);

      await page.goto('/dashboard/vehicles');
      await expect(page.getByRole('region', { name: 'Listed vehicles' }).getByRole('row').nth(1)).toBeVisible();
      await settle(page);
      await noSidewaysScroll('vehicles');
      found.push(...(await axe(page, 'vehicles')));
      await screenshot(page, { path: path.join(shots, `admin-vehicles-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      // The edit form of a seeded part with fitment, the make suggestions open.
      const products = (await (await page.request.get('/api/products')).json()) as { _id: string; fitment: unknown[] }[];
      const fitted = products.find((p) => p.fitment.length > 1)!;
      await page.goto(`/dashboard/manageProducts/${fitted._id}/edit`);
      const fitment = page.getByRole('group', { name: 'Fitment' });
      await expect(fitment.getByRole('list', { name: 'Fitment lines' })).toBeVisible();
      await settle(page);
      await fitment.getByRole('combobox', { name: 'Make' }).fill('a');
      await expect(fitment.getByRole('listbox', { name: 'Make suggestions' })).toBeVisible();
      await noSidewaysScroll('edit product');
      found.push(...(await axe(page, 'edit product with fitment')));
      // The editor with its legend and the open suggestions below it (an element shot would cut both).
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = await fitment.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
      });
      await screenshot(page, {
        path: path.join(shots, `admin-fitment-editor-${width}-${theme}.png`),
        fullPage: true,
        clip: { x: Math.max(0, box.x - 12), y: box.y - 28, width: Math.min(width - Math.max(0, box.x - 12), box.width + 24), height: box.height + 160 },
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
      await fitment.getByRole('combobox', { name: 'Make' }).clear();
      await fitment.getByRole('combobox', { name: 'Make' }).blur();
      await expect(fitment.getByRole('listbox', { name: 'Make suggestions' })).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, { path: path.join(shots, `admin-edit-product-fitment-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
