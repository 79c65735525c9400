import { expect, test } from '../support/fixtures';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInViaApi } from '../support/auth';
import { orderableProduct, placeOrderViaApi } from '../support/orders-helpers';
import { startSecondServer, type SecondServer } from '../support/second-server';

/**
 * Issue #8, part 4: "Manage All Orders shows 'Expired'". The default shop holds an unpaid order for an
 * hour, so this journey runs on a shop of its own whose reservations last three seconds.
 */
let shop: SecondServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A sweep every second: the journey waits for the reservation to run out, not for the default 30-second sweep.
  shop = await startSecondServer({ UNPAID_ORDER_TTL_MINUTES: '0.05', EXPIRY_SWEEP_SECONDS: '1' });
});
test.afterAll(async () => shop?.stop());

test('an unpaid order runs out: the customer sees Expired, its units go back, and the admin finds it under the Expired tab', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext({ baseURL: shop.baseURL });
  const admin = await browser.newContext({ baseURL: shop.baseURL });
  try {
    const page = await customer.newPage();
    await signInViaApi(page, DEMO_CUSTOMER, { baseURL: shop.baseURL });
    const product = await orderableProduct(page.request);
    await placeOrderViaApi(page, product);
    const stockOf = async () => ((await (await page.request.get(`/api/product/${product._id}`)).json()) as { stock: number }).stock;
    expect(await stockOf()).toBe(product.stock - product.minOrder);

    // Once the three seconds are over, reading the order expires it and gives its units back.
    await expect.poll(stockOf, { timeout: 30_000 }).toBe(product.stock);
    await page.goto('/dashboard/myorders');
    const mine = page.getByRole('row').filter({ hasText: product.name });
    await expect(mine.getByText('Expired', { exact: true })).toBeVisible();
    await expect(mine.getByRole('link', { name: /^pay/ })).toHaveCount(0);

    const adminPage = await admin.newPage();
    await signInViaApi(adminPage, DEMO_ADMIN, { baseURL: shop.baseURL });
    await adminPage.goto('/dashboard/orders');
    const tabs = adminPage.getByRole('tablist', { name: 'Order status' });
    await tabs.getByRole('tab', { name: /^Expired/ }).click();
    await expect(tabs.getByRole('tab', { name: /^Expired/ })).toHaveAttribute('aria-selected', 'true');
    // A fresh shop: this is its only order.
    const row = adminPage.getByRole('row').filter({ hasText: product.name });
    await expect(row.first().getByText('Expired', { exact: true })).toBeVisible();
    // Nothing to deliver on an expired order.
    await expect(row.first().getByRole('button', { name: /^Dleverd/ })).toHaveCount(0);

    // The Unpaid tab no longer lists it.
    await tabs.getByRole('tab', { name: /^Unpaid/ }).click();
    await expect(tabs.getByRole('tab', { name: /^Unpaid/ })).toHaveAttribute('aria-selected', 'true');
    await expect(adminPage.getByRole('row').filter({ hasText: product.name })).toHaveCount(0);
  } finally {
    await customer.close();
    await admin.close();
  }
});
