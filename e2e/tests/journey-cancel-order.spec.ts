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

test('a customer cancels an unpaid order after confirming, and it stays in My Orders as cancelled', async ({ browser }) => {
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

  // Confirmed: 'Delete Success'; issue #25 item 5 (decision 165): the order stays, marked Cancelled, with nothing left to pay or cancel.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('Delete Success')).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /^pay/ })).toHaveCount(0);

  // Its page says so, and its timeline ends with the cancel.
  await row.getByRole('link', { name: /^TT-/ }).click();
  await expect(page.getByRole('heading', { name: /^Order TT-/ })).toBeVisible();
  await expect(page.locator('header').getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('This order was cancelled before it was paid')).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').last()).toContainText('Cancelled; the parts went back into stock');

  // The units went back into stock.
  const stockAfterCancel = ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;
  expect(stockAfterCancel).toBe(stockAfterOrder + product.minOrder);
  await context.close();
});
