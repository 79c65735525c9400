import { expect, looks, settle, test, useTheme } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';
import { fitmentViolations } from '../support/fitment';
import { waitForAccessToken } from '../support/auth';

/**
 * Issue #35 item 2 (decision 200): the admin uploads a catalogue CSV, watches it read in the background, reads the
 * report (a bad row left out, by its line) after a reload, commits it, and a shopper finds the new part.
 */
const HEADER = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images';

test('the admin imports a catalogue CSV as a background job: progress, report after a reload, commit, and the part is in the shop', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await newAdminPage(browser);
  try {
    const tag = Date.now().toString(36).toUpperCase();
    const file = `feed-${tag}.csv`;
    const csv = [
      HEADER,
      `IMP-${tag}-1,Feedline Widget ${tag},Acme,controls,19.90,2,40,A widget from the feed,/images/products/adjustable-brake-lever.svg`,
      `IMP-${tag}-2,Feedline Gadget ${tag},Acme,controls,21.50,2,40,A gadget from the feed,/images/products/adjustable-clutch-lever.svg`,
      `IMP-${tag}-3,Feedline Broken ${tag},Acme,controls,-4,2,40,A negative price,/images/products/adjustable-brake-lever.svg`,
    ].join('\n');
    await page.goto('/dashboard/imports');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
    await page.getByRole('button', { name: 'Upload and read' }).click();
    await expect(page.getByText(`${file} is uploaded; it is read in the background.`)).toBeVisible();

    // The job's row shows its state as it moves; a reload shows the same job where it stands.
    const row = page.getByRole('row').filter({ hasText: file });
    await expect(row).toContainText('Ready to commit', { timeout: 30_000 });
    await page.reload();
    const report = page.getByRole('region', { name: `Report of ${file}` });
    await expect(report).toContainText('2 rows are ready to apply. 1 row has an error and is left out.');
    await expect(report).toContainText('Line 4');
    await expect(page.getByRole('progressbar', { name: `Rows of ${file} read` })).toBeVisible();

    // Nothing is in the shop before the commit.
    const search = async () => (await (await page.request.get(`/api/search?q=${encodeURIComponent(`IMP-${tag}-1`)}`)).json()) as { total: number };
    expect((await search()).total).toBe(0);
    await page.getByRole('button', { name: `Commit the import of ${file}` }).click();
    await expect(page.getByRole('row').filter({ hasText: file })).toContainText('Done', { timeout: 30_000 });
    await expect.poll(async () => (await search()).total).toBe(1);
  } finally {
    await context.close();
  }
});

/**
 * Issue #35 item 3 (decisions 200 and 201, amended): the admin uploads a brand's PIES product feed, reads its
 * data-quality report (an invalid price, left out), downloads it as CSV, commits, and a shopper finds the part at the
 * lot price of its minimum order.
 */
test('the admin imports a PIES product feed: its report, the report as CSV, commit, and the part is in the shop', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await newAdminPage(browser);
  try {
    const tag = Date.now().toString(36).toUpperCase();
    const file = `pies-${tag}.xml`;
    await page.goto('/dashboard/imports');
    // A feed names its pictures by absolute address: one the shop serves, so no page of another test fails to load it.
    const picture = new URL('/images/products/adjustable-brake-lever.svg', page.url()).href;
    const item = (pn: string, price: string, image = true) => `
    <Item MaintenanceType="A">
      <PartNumber>${pn}</PartNumber>
      <BrandLabel>Feed${tag}</BrandLabel>
      <MinimumOrderQuantity UOM="EA">2</MinimumOrderQuantity>
      <Descriptions><Description DescriptionCode="DES" LanguageCode="EN">Feedline Quoxel ${pn}</Description></Descriptions>
      <Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${price}</Price></Pricing></Prices>
      ${image ? `<DigitalAssets><DigitalFileInformation><FileType>JPG</FileType><URI>${picture}</URI></DigitalFileInformation></DigitalAssets>` : ''}
    </Item>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header>
  <Items>${item(`PIES-${tag}-1`, '12.50')}${item(`PIES-${tag}-2`, 'abc')}</Items>
  <Trailer><ItemCount>2</ItemCount></Trailer>
</PIES>
`;
    await page.getByLabel('Kind of file').selectOption('pies');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: file, mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await page.getByRole('button', { name: 'Upload and read' }).click();
    await expect(page.getByText(`${file} is uploaded; it is read in the background.`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: file });
    await expect(row).toContainText('Ready to commit', { timeout: 30_000 });
    const report = page.getByRole('region', { name: `Report of ${file}` });
    await expect(report).toContainText('1 row is ready to apply. 1 row has an error and is left out.');
    await expect(report).toContainText('PIES full feed: 2 records, 2 to add or change, 0 to delete.');
    const invalid = report.getByRole('group', { name: 'Invalid values' });
    await expect(invalid).toContainText('Invalid values: 1');
    await expect(invalid).toContainText(`PIES-${tag}-2 — Price “abc” is not a number`);
    await expect(report).toContainText('1 new part: filed under Accessories');

    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: `Download report (CSV) of ${file}` }).click();
    expect((await download).suggestedFilename()).toBe(`pies-${tag}-report.csv`);

    await page.getByRole('button', { name: `Commit the import of ${file}` }).click();
    await expect(page.getByRole('row').filter({ hasText: file })).toContainText('Done', { timeout: 30_000 });
    const search = async () =>
      (await (await page.request.get(`/api/search?q=${encodeURIComponent(`PIES-${tag}-1`)}`)).json()) as {
        total: number;
        items: { unitPrice: number; minOrder: number }[];
      };
    await expect.poll(async () => (await search()).total).toBe(1);
    // $12.50 a piece, a lot of two (decision 182).
    expect((await search()).items[0]).toMatchObject({ unitPrice: 25, minOrder: 2 });
  } finally {
    await context.close();
  }
});

/**
 * Issue #35 item 4 (decision 210): the admin uploads a brand's ACES fitment feed, reads its report (an unknown vehicle
 * and an unknown part, left out), commits, and the part's page carries the application with its position and quantity.
 */
test('the admin imports an ACES fitment feed: its report counts unknown vehicles and parts, commit, and the part fits', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await newAdminPage(browser);
  try {
    const tag = Date.now().toString(36).toUpperCase();
    const brand = `Aces${tag}`;
    const file = `aces-${tag}.xml`;
    const headers = { authorization: `Bearer ${await waitForAccessToken(page)}` };
    const created = await page.request.post('/api/product', {
      headers,
      data: {
        name: `Feedline Fitment Pads ${tag}`,
        unitPrice: 30,
        stock: 10,
        minOrder: 1,
        description: 'Pads whose fitment comes from an ACES feed.',
        image: '/images/products/adjustable-brake-lever.svg',
        sku: `ACES-${tag}-1`,
        brand,
        category: 'brakes',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { _id: string };
    const app = (id: number, vehicle: string, part: string, extra = '') =>
      `<App action="A" id="${id}">${vehicle}${extra}<Part BrandAAIAID="${brand}">${part}</Part></App>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ACES version="4.2">
  <Header><Company>${brand}</Company><BrandAAIAID>${brand}</BrandAAIAID><SubmissionType>FULL</SubmissionType></Header>
  ${app(1, '<Years from="2019" to="2020"/><Make>Yamaha</Make><Model>MT-07</Model>', `ACES-${tag}-1`, '<Note>One set per caliper</Note><Qty>2</Qty><Position>Front</Position>')}
  ${app(2, `<BaseVehicle id="NOPE-${tag}"/>`, `ACES-${tag}-1`)}
  ${app(3, '<Years from="2019" to="2019"/><Make>Yamaha</Make><Model>MT-07</Model>', `ACES-${tag}-9`)}
  <Footer><RecordCount>3</RecordCount></Footer>
</ACES>
`;
    await page.goto('/dashboard/imports');
    await page.getByLabel('Kind of file').selectOption('aces');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: file, mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await page.getByRole('button', { name: 'Upload and read' }).click();
    await expect(page.getByText(`${file} is uploaded; it is read in the background.`)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: file });
    await expect(row).toContainText('Ready to commit', { timeout: 30_000 });
    const report = page.getByRole('region', { name: `Report of ${file}` });
    await expect(report).toContainText('1 row is ready to apply. 2 rows have errors and are left out.');
    await expect(report).toContainText('ACES full feed: 3 records, 3 to add or change, 0 to delete.');
    await expect(report.getByRole('group', { name: 'Unknown vehicles' })).toContainText('Unknown vehicles: 1');
    await expect(report.getByRole('group', { name: 'Unknown parts' })).toContainText('Unknown parts: 1');

    await page.getByRole('button', { name: `Commit the import of ${file}` }).click();
    await expect(page.getByRole('row').filter({ hasText: file })).toContainText('1 created, 0 updated, 0 unchanged', { timeout: 30_000 });
    const part = (await (await page.request.get(`/api/product/${product._id}`)).json()) as { fitment: object[] };
    expect(part.fitment).toContainEqual({
      make: 'Yamaha',
      model: 'MT-07',
      yearFrom: 2019,
      yearTo: 2020,
      position: 'front',
      perVehicle: 2,
      notes: 'One set per caliper',
      source: 'aces',
      sourceRef: '1',
    });
  } finally {
    await context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the admin's Imports page at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const { page, context } = await newAdminPage(browser);
    try {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(context, theme);
      await page.goto('/dashboard/imports');
      await expect(page.getByRole('heading', { level: 2, name: 'Feed imports' })).toBeVisible();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'admin imports')).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
