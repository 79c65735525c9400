import { expect, looks, settle, test, useTheme } from '../support/fixtures';
import { newAdminPage } from '../support/orders-helpers';
import { fitmentViolations } from '../support/fitment';

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
      `IMP-${tag}-1,Imported Brake Lever ${tag},Acme,controls,19.90,2,40,A lever from the feed,/images/products/brake-lever.jpg`,
      `IMP-${tag}-2,Imported Clutch Lever ${tag},Acme,controls,21.50,2,40,Another lever from the feed,/images/products/clutch-lever.jpg`,
      `IMP-${tag}-3,Broken Row ${tag},Acme,controls,-4,2,40,A negative price,/images/products/brake-lever.jpg`,
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
