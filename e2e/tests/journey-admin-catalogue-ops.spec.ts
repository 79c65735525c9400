import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { newAdminPage } from '../support/orders-helpers';
import { expect, looks, settle, test, useTheme, screenshot } from '../support/fixtures';

test('the admin adds a product with an uploaded picture, which the shop serves as WebP', async ({ browser }, testInfo) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const png = testInfo.outputPath('brake-disc.png');
    fs.writeFileSync(
      png,
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 230, g: 90, b: 20 } } })
        .png()
        .toBuffer(),
    );
    const name = `Uploaded disc ${Date.now().toString(36)}`;
    await page.goto('/dashboard/addProduct');
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Unit price ($)').fill('49.90');
    await page.getByLabel('Stock').fill('40');
    await page.getByLabel('Minimum order').fill('2');
    await page.getByLabel('Description').fill('Floating disc, 320 mm.');
    await page.getByLabel('Choose pictures').setInputFiles(png);
    const list = page.getByRole('list', { name: 'Chosen pictures, in order' });
    await expect(list.getByRole('img', { name: 'Picture 1' })).toBeVisible();
    await expect(list.getByText('Main picture')).toBeVisible();
    await page.getByLabel('Or add a picture by its address').fill('https://cdn.example.com/disc-side.png');
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(list.getByRole('img')).toHaveCount(2);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product Added')).toBeVisible();

    const products = (await (await page.request.get('/api/products')).json()) as { name: string; img: string; images: string[] }[];
    const added = products.find((p) => p.name === name)!;
    expect(added.img).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\/960\.webp$/);
    expect(added.images).toEqual([added.img, 'https://cdn.example.com/disc-side.png']);
    const served = await page.request.get(added.img);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toContain('immutable');
  } finally {
    await context.close();
  }
});

test('the admin exports the catalogue, previews an edited import, applies it and finds it in Activity', async ({ browser }, testInfo) => {
  const { page, context } = await newAdminPage(browser);
  try {
    await page.goto('/dashboard/manageProducts');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    // The catalogue's columns, then the fitment columns and the price tiers of issue #11, then shipping and tax (issue #24), then the other part numbers (issue #26).
    expect(lines[0]).toBe(
      'sku,name,brand,category,unitPrice,minOrder,stock,description,images,universal,fitment,price_tiers,weight_grams,length_mm,width_mm,height_mm,oversize,tax_category,part_numbers',
    );
    const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const edited = [...lines, `${sku},E2E imported lever,ASV,controls,19.90,5,60,Folding lever.,/images/products/x-ring-chain-520.svg,true,,,,,,,,,`].join(
      '\n',
    );
    const file = testInfo.outputPath('catalogue.csv');
    fs.writeFileSync(file, edited);

    await page.getByLabel('Import CSV').setInputFiles(file);
    const preview = page.getByRole('dialog', { name: 'Import preview' });
    await expect(preview).toBeVisible();
    await expect(preview.getByText('New products')).toBeVisible();
    await expect(preview.locator('dd').first()).toHaveText('1');
    await preview.getByRole('button', { name: 'Apply import' }).click();
    await expect(page.getByText('Import done: 1 new, 0 updated.')).toBeVisible();
    await expect(page.getByText('E2E imported lever').filter({ visible: true }).first()).toBeVisible();

    // A bad row: the preview lists it and offers no Apply.
    fs.writeFileSync(file, [lines[0], `${sku}-2,Bad row,ASV,rockets,cheap,5,60,x,/images/a.svg,false,`].join('\n'));
    await page.getByLabel('Import CSV').setInputFiles(file);
    await expect(preview.getByText('1 row has a problem: nothing can be imported until it is fixed.')).toBeVisible();
    await expect(preview.getByText(/^Line 2:/)).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Apply import' })).toHaveCount(0);
    await preview.getByRole('button', { name: 'Cancel' }).click();

    // Activity: the import is recorded; the filter narrows the list.
    await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'Catalogue imported' });
    const entries = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await expect(entries.first()).toContainText('Catalogue imported');
    await expect(entries.first()).toContainText('admin@torque-throttle.example');
    await expect(page.getByText('That is everything for this filter.')).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'Order delivered' });
    await expect(page.getByRole('list', { name: 'Activity' }).getByText('Catalogue imported')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

const shots = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'screenshots');
for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`admin operations screens at ${width}px, ${theme}`, async ({ browser }) => {
    const { page, context } = await newAdminPage(browser);
    try {
      await useTheme(context, theme);
      await page.setViewportSize({ width, height: 900 });
      for (const [name, url, ready] of [
        ['manage-orders', '/dashboard/orders', 'Order status'],
        ['activity', '/dashboard/activity', 'Action'],
        ['add-product', '/dashboard/addProduct', 'Choose pictures'],
      ] as const) {
        await page.goto(url);
        await expect(page.getByLabel(ready).first()).toBeAttached();
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
        await screenshot(page, { path: path.join(shots, `${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      }
    } finally {
      await context.close();
    }
  });
}
