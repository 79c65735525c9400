import { expect, test } from '@playwright/test';
import { newCustomerPage, orderableProduct, placeOrderViaApi } from '../support/orders-helpers';

test('a customer cancels an unpaid order after confirming, and the row disappears', async ({ browser }) => {
  const { page, context } = await newCustomerPage(browser, 'cancel');
  const product = await orderableProduct(page.request, 4, 'last');
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

  // The units went back into stock (no other journey orders this product).
  const stockAfterCancel = ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;
  expect(stockAfterCancel).toBe(stockAfterOrder + product.minOrder);
  await context.close();
});
