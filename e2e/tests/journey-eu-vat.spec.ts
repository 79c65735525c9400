import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fillAddress, type ShipTo } from '../support/checkout';
import { expect, screenshot, settle, test } from '../support/fixtures';
import { fillTestCard, newCustomerPage, type ProductDto } from '../support/orders-helpers';

/**
 * Issue #39 item 5 (decision 183): a German workshop gives its EU VAT ID at checkout. A wrong check digit is
 * refused on the page; the right one takes the VAT off (reverse charge: the demo shop is registered in Ireland),
 * the payment is for the total without VAT, and the order's page shows the VAT ID.
 */

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const PART = 'Iridium Spark Plug CR9EIX';
const BERLIN: ShipTo = {
  name: 'Jonas Weber',
  company: 'Weber Motorrad GmbH',
  country: 'Germany',
  line1: 'Friedrichstraße 10',
  city: 'Berlin',
  postalCode: '10117',
  phone: '030 901820',
};

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
const taxRow = (page: Page) => summary(page).getByTestId('order-tax');

test('a German business enters its VAT ID at checkout, pays no VAT (reverse charge), and its order shows the VAT ID', async ({ browser }) => {
  // A whole purchase, with four screenshots when asked for (like journey-refunds).
  test.slow();
  const { context, page } = await newCustomerPage(browser, 'eu-vat');
  try {
    const all: ProductDto[] = await (await page.request.get('/api/products')).json();
    const part = all.find((p) => p.name === PART)!;
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill(String(part.minOrder));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`units of ${part.name} are in your cart.`)).toBeVisible();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
    await fillAddress(page, BERLIN);

    // Without a VAT ID: German VAT, 19 % of $116.00 is $22.04, plus VAT on shipping.
    await expect(summary(page)).toContainText('Goods$116.00');
    await expect(taxRow(page)).toHaveText(/^Tax\$\d+\.\d\d$/);
    await expect(taxRow(page)).not.toHaveText('Tax$0.00');
    const shipping = Number(/Shipping\$(\d+\.\d\d)/.exec((await summary(page).textContent()) ?? '')![1]);

    // A wrong check digit is refused under the field, and the tax stays.
    const vat = page.getByLabel('EU VAT ID (optional)');
    await vat.fill('DE 136 695 975');
    await vat.blur();
    await expect(page.getByText('DE136695975 fails the check-digit test of a VAT ID of Germany: please check it for a typo.')).toBeVisible();
    await expect(vat).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(vat).toBeFocused();

    // The right one: VAT 0 %, reverse charge, and the total is goods and shipping only.
    await vat.fill('DE 136 695 976');
    await expect(taxRow(page)).toHaveText('VAT 0 % — reverse charge$0.00');
    await expect(summary(page).getByTestId('order-vat-id')).toHaveText('VAT IDDE136695976');
    await expect(summary(page).getByRole('status')).toHaveText(
      'Reverse charge: your VAT ID DE136695976 is valid, so no VAT is charged; you account for it yourself.',
    );
    const total = `$${(116 + shipping).toFixed(2)}`;
    await expect(summary(page)).toContainText(`Total${total}`);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    if (process.env.SCREENSHOTS) {
      for (const theme of ['light', 'dark'] as const) {
        await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await settle(page);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await screenshot(page, { path: path.join(outDir, `checkout-vat-id-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
        }
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    }

    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\?order=/);
    const heading = page.getByRole('heading', { level: 1, name: /^Pay for order TT-\d+$/ });
    await expect(heading).toBeVisible();
    const number = /TT-\d+/.exec((await heading.textContent()) ?? '')![0];
    await expect(page.getByRole('button', { name: /^Pay/ })).toContainText(total);
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    // The order's page shows the VAT ID and the reverse charge.
    await page.goto(`/dashboard/myorders/${number}`);
    const orderSummary = page.getByRole('region', { name: 'Summary', exact: true });
    await expect(orderSummary.getByTestId('order-vat-id')).toHaveText('VAT IDDE136695976');
    await expect(orderSummary.getByTestId('order-tax')).toHaveText('VAT 0 % — reverse charge$0.00');
    await expect(orderSummary).toContainText(`Total${total}`);
  } finally {
    await context.close();
  }
});
