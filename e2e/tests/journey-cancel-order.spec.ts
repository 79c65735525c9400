import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForAccessToken } from '../support/auth';
import { newAdminPage, newCustomerPage, placeOrderViaApi, type ProductDto } from '../support/orders-helpers';

/** A part of this test's own, so no other journey (orders, restocks, imports) moves its stock meanwhile. */
async function ownProduct(browser: Browser): Promise<ProductDto> {
  const admin = await newAdminPage(browser);
  try {
    const uid = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const res = await admin.page.request.post('/api/product', {
      headers: { authorization: `Bearer ${await waitForAccessToken(admin.page)}` },
      data: {
        name: `E2E Cancel Lever ${uid}`,
        unitPrice: 30,
        stock: 100,
        minOrder: 5,
        description: 'A lever ordered and cancelled by the cancel journey.',
        image: '/images/products/fork-seal-kit-43mm.svg',
        sku: `E2E-CANCEL-${uid}`,
        brand: 'ASV',
        category: 'controls',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as ProductDto;
  } finally {
    await admin.context.close();
  }
}

test('a customer cancels an unpaid order after confirming, and the row disappears', async ({ browser }) => {
  const product = await ownProduct(browser);
  const { page, context } = await newCustomerPage(browser, 'cancel');
  await placeOrderViaApi(page, product);
  const stockAfterOrder = ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;

  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toHaveCount(1);

  // Changing one's mind keeps the order.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  const dialog = page.getByRole('dialog', { name: `Are you sure? Cancel order for ${product.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  // Escape closes the dialog too (native <dialog>), focus returns to the page.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Confirmed: 'Delete Success', the row is gone and the empty state offers the catalogue.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('Delete Success')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('You have not ordered any parts yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/products');

  // The units went back into stock.
  const stockAfterCancel = ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;
  expect(stockAfterCancel).toBe(stockAfterOrder + product.minOrder);
  await context.close();
});
