import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForAccessToken } from '../support/auth';
import { newAdminPage } from '../support/orders-helpers';

/**
 * Issue #8: Manage Products pages through the whole catalogue, newest first. It counts every product, so it runs in
 * the "alone" phase (playwright.config.ts), when no other journey adds one.
 */
interface Product {
  _id: string;
  name: string;
}

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const productRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const MANAGE_PRODUCTS_PER_PAGE = 20;

/** Test set-up through the API with the admin's own token: the newest product of the catalogue. */
async function addProduct(page: Page) {
  const res = await page.request.post('/api/product', {
    headers: { authorization: `Bearer ${await waitForAccessToken(page)}` },
    data: {
      name: `E2E Fork Seal ${uid()}`,
      unitPrice: 40,
      stock: 200,
      minOrder: 5,
      description: 'Double-lip fork seals, 43 mm, a pair per lot.',
      image: '/images/products/fork-seal-kit-43mm.svg',
      sku: `E2E-${uid()}`,
      brand: 'All Balls Racing',
      category: 'suspension',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

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
