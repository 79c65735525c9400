import { expect, test } from '../support/fixtures';
import { addProduct, MANAGE_PRODUCTS_PER_PAGE, productRow, type AdminProduct as Product } from '../support/catalog';
import { newAdminPage } from '../support/orders-helpers';

/**
 * Issue #8: Manage Products pages through the whole catalogue, newest first. It counts every product, so it runs in
 * the "alone" phase (playwright.config.ts), when no other journey adds one.
 */

test('Manage Products pages through the catalogue: newest first, the page in the address, Previous and Next', async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const newest = await addProduct(page);
    const total = ((await (await page.request.get('/api/products')).json()) as Product[]).length;
    expect(total, 'the demo catalogue fills more than one page').toBeGreaterThan(MANAGE_PRODUCTS_PER_PAGE);
    await page.goto('/dashboard/manageProducts');
    const table = page.getByRole('table');
    await expect(productRow(page, newest.name)).toHaveCount(1);
    await expect(table.getByRole('rowheader').first()).toHaveText('1');
    const pages = Math.ceil(total / MANAGE_PRODUCTS_PER_PAGE);
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect(table.getByRole('rowheader').first()).toHaveText(String(MANAGE_PRODUCTS_PER_PAGE + 1));
    await expect(productRow(page, newest.name)).toHaveCount(0);

    // Reload keeps the page; Previous goes back to the first.
    await page.reload();
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
    await expect(productRow(page, newest.name)).toHaveCount(1);
  } finally {
    await context.close();
  }
});
