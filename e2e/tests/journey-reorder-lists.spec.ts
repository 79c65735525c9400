import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { waitForAccessToken } from '../support/auth';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { newCustomerPage, orderableProduct, type ProductDto } from '../support/orders-helpers';

/**
 * Issue #37 item 3 (decision 207): a customer saves a placed order as a reorder list on its page, and adds the list
 * to the cart in one click from Quick order.
 */

const bearer = async (page: Page) => ({ authorization: `Bearer ${await waitForAccessToken(page)}` });
const SHIP_TO = {
  shippingAddress: {
    name: 'Dana Reyes',
    line1: '1200 SE Morrison St',
    city: 'Portland',
    region: 'OR',
    postalCode: '97214',
    country: 'US',
    phone: '+1 503 555 0142',
  },
};

/** Set-up through the API: a checkout of two catalogue parts (their minimum orders), placed from the cart. */
async function placeCheckout(page: Page): Promise<{ number: string; parts: ProductDto[] }> {
  const parts = [await orderableProduct(page.request, 6, 'first'), await orderableProduct(page.request, 6, 'last')];
  const headers = await bearer(page);
  for (const part of parts) {
    const put = await page.request.put(`/api/cart/lines/${part._id}`, { headers, data: { quantity: part.minOrder } });
    expect(put.status(), await put.text()).toBe(200);
  }
  const placed = await page.request.post('/api/checkout', { headers, data: SHIP_TO });
  expect(placed.status(), await placed.text()).toBe(201);
  return { number: ((await placed.json()) as { number: string }).number, parts };
}

test('a customer saves a placed order as a reorder list and adds it to the cart in one click from Quick order', async ({ browser }) => {
  const { page, context } = await newCustomerPage(browser, 'reorderlist');
  try {
    const { number, parts } = await placeCheckout(page);

    await page.goto(`/dashboard/myorders/${number}`);
    await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Save as reorder list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as reorder list' });
    const name = dialog.getByRole('textbox', { name: 'List name' });
    await expect(name).toHaveValue(`Order ${number}`);
    await name.fill('Weekly workshop parts');
    await dialog.getByRole('button', { name: 'Save list' }).click();
    await expect(page.getByText('Reorder list saved: Weekly workshop parts')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/quick-order');
    const lists = page.getByRole('list', { name: 'Reorder lists' });
    const row = lists.getByRole('listitem').filter({ hasText: 'Weekly workshop parts' });
    await expect(row.getByText('2 parts')).toBeVisible();
    await row.getByRole('button', { name: 'Add Weekly workshop parts to cart' }).click();
    await expect(row.getByRole('status')).toContainText('Added 2 parts to your cart');
    await row.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const cart = page.getByRole('list', { name: 'Cart' });
    for (const part of parts) await expect(cart).toContainText(part.name);
  } finally {
    await context.close();
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the quick order page with a reorder list at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const { page, context } = await newCustomerPage(browser, 'reorderlooks');
    try {
      const { number } = await placeCheckout(page);
      const saved = await page.request.post('/api/reorder-lists', {
        headers: await bearer(page),
        data: { name: `Service parts for the long name of a workshop’s weekly order ${number}`, fromOrder: number },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(context, theme);
      await page.goto('/quick-order');
      await expect(page.getByRole('list', { name: 'Reorder lists' }).getByRole('listitem')).toHaveCount(1);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'quick order with reorder lists')).toEqual([]);
      await screenshot(page, {
        path: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots', `reorder-lists-${width}-${theme}.png`),
        fullPage: true,
      });
    } finally {
      await context.close();
    }
  });
}
