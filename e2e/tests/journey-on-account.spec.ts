import type { Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shipmentsCopy as s } from '@shop/shared/copy/shipments';
import type { Account } from '../support/auth';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { fillAddress, OREGON } from '../support/checkout';
import { fillTestCard, newAdminPage, newCustomerPage } from '../support/orders-helpers';
import { bearer, createCompany, createPart, joinCompany } from '../support/trade';

/**
 * Issue #37 item 4 (decision 208): a company with 30-day terms buys on account. Its buyer places the order without a
 * card, the shop ships it before it is paid, and the buyer pays the invoice on the processor's invoice page, which
 * marks the order paid. An order over the credit left is refused at checkout with the amount available.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Set-up through the API: a part ($50 each; no word a search test looks for, so other journeys' results stay as they were), a company with terms and a credit limit, and `buyer` in it. */
async function accountBuyer(shop: Page, buyer: Page, customer: Account, id: string, creditLimit = 1000) {
  const part = await createPart(shop, id, { name: 'Account zip ties', sku: 'OA', unitPrice: 50, brand: 'Oxford', category: 'accessories' });
  const companyId = await createCompany(shop, { name: `Net Thirty ${id}`, paymentTermsDays: 30, creditLimit });
  await joinCompany(shop, buyer, customer, companyId, 'buyer');
  return { part, companyId };
}

async function fillCart(buyer: Page, partId: string, quantity: number) {
  const put = await buyer.request.put(`/api/cart/lines/${partId}`, { headers: await bearer(buyer), data: { quantity } });
  expect(put.status(), await put.text()).toBe(200);
}

/** From the cart to the checkout's form with a new Oregon address and its shipping methods, paying on account. */
async function checkOutOnAccount(buyer: Page) {
  await buyer.goto('/checkout');
  await expect(buyer.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  const useNew = buyer.getByLabel('Use a new address');
  if (await useNew.isVisible()) await useNew.check();
  await fillAddress(buyer, OREGON);
  await expect(buyer.getByRole('group', { name: 'Shipping method' }).getByRole('radio').first()).toBeChecked();
  await buyer.getByRole('radio', { name: /On account: invoice due in 30 days/ }).check();
  await buyer.getByRole('button', { name: 'Place order on account' }).click();
}

test('a company buyer orders on account, the shop ships it unpaid, the invoice is paid on its page; the credit limit refuses more', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uid();
  const { page: shop, context: shopContext } = await newAdminPage(browser);
  const { page: buyer, context: buyerContext, customer } = await newCustomerPage(browser, 'onaccount');
  try {
    const { part } = await accountBuyer(shop, buyer, customer, id);

    // By card is the default; the buyer chooses the account and places the order without a card.
    await fillCart(buyer, part._id, 4);
    await checkOutOnAccount(buyer);
    const heading = buyer.getByRole('heading', { level: 1, name: /^Order TT-\d+ is on account$/ });
    await expect(heading).toBeVisible();
    const number = /Order (TT-\d+)/.exec((await heading.textContent()) ?? '')![1];
    await expect(buyer.getByText(/^On account · invoice due /)).toBeVisible();
    const payInvoice = buyer.getByRole('link', { name: 'Pay invoice' });
    await expect(payInvoice).toHaveAttribute('href', /\/pay-invoice\/in_\w+$/);
    // No card form: it is paid through its invoice.
    await expect(buyer.getByLabel('Card number')).toHaveCount(0);

    // The shop ships it before it is paid, from the order's page.
    await shop.goto(`/dashboard/myorders/${number}`);
    await expect(shop.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
    await expect(shop.getByText(/^On account · invoice due /)).toBeVisible();
    await shop.getByRole('button', { name: `${s.shipButton} ${number}` }).click();
    const dialog = shop.getByRole('dialog', { name: s.dialogTitle(number) });
    await dialog.getByLabel(s.carrierLabel).selectOption({ label: 'UPS' });
    await dialog.getByLabel(s.trackingLabel).fill('1Z 999 AA1 01 2345 6784');
    await dialog.getByRole('button', { name: s.submit }).click();
    await expect(shop.getByText(s.shipped(number, true))).toBeVisible();

    // The buyer pays the invoice on its page: a declined card first, then a good one.
    await buyer.goto(`/dashboard/myorders/${number}`);
    await buyer.getByRole('link', { name: 'Pay invoice' }).click();
    await expect(buyer.getByRole('heading', { level: 1, name: `Invoice for order ${number}` })).toBeVisible();
    await expect(buyer.getByText('Open', { exact: true })).toBeVisible();
    await fillTestCard(buyer, '4000 0000 0000 0002');
    await buyer.getByRole('button', { name: /^Pay/ }).click();
    await expect(buyer.getByRole('alert')).toContainText('declined');
    await fillTestCard(buyer, '4242 4242 4242 4242');
    await buyer.getByRole('button', { name: /^Pay/ }).click();
    await expect(buyer.getByText('Payment received: the invoice is paid.')).toBeVisible();
    await buyer.getByRole('link', { name: `View the order ${number}` }).click();
    await expect(buyer.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
    // Paid now, and shipped: the shop's invoice is issued with the payment.
    await expect(buyer.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(buyer.getByRole('button', { name: /^Download invoice INV-\d{4}-\d+ \(PDF\)$/ })).toBeVisible();
    await expect(buyer.getByRole('link', { name: 'Pay invoice' })).toHaveCount(0);

    // Over the credit left: $1,000 minus nothing open, and 25 lines of $50 is more. Refused with what is available.
    await fillCart(buyer, part._id, 25);
    await checkOutOnAccount(buyer);
    await expect(buyer.getByRole('alert').filter({ hasText: 'available credit' })).toContainText('available credit of $1,000.00');
    await expect(buyer.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  } finally {
    await Promise.all([shopContext.close(), buyerContext.close()]);
  }
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`an order on account and its invoice page at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    test.setTimeout(90_000);
    const id = uid();
    const { page: shop, context: shopContext } = await newAdminPage(browser);
    const { page: buyer, context: buyerContext, customer } = await newCustomerPage(browser, 'onaccountlooks');
    try {
      const { part } = await accountBuyer(shop, buyer, customer, id);
      await fillCart(buyer, part._id, 2);
      const placed = await buyer.request.post('/api/checkout', {
        headers: await bearer(buyer),
        data: {
          shippingAddress: { ...OREGON, line2: '', country: 'US', region: 'OR' },
          payment: 'account',
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const checkout = (await placed.json()) as { _id: string; number: string; onAccount: { invoiceUrl: string } };
      const invoicePath = new URL(checkout.onAccount.invoiceUrl).pathname;
      await buyer.setViewportSize({ width, height: 900 });
      await buyer.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await useTheme(buyerContext, theme);
      for (const [url, ready, what] of [
        [`/checkout?order=${checkout._id}`, buyer.getByRole('link', { name: 'Pay invoice' }), 'on-account-placed'],
        [invoicePath, buyer.getByLabel('Card number'), 'invoice-page'],
      ] as const) {
        await buyer.goto(url);
        await expect(ready).toBeVisible();
        await settle(buyer);
        expect(
          await buyer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${what}: sideways scroll`,
        ).toBeLessThanOrEqual(0);
        expect(await fitmentViolations(buyer, what)).toEqual([]);
        await screenshot(buyer, { path: path.join(shots, `${what}-${width}-${theme}.png`), fullPage: true });
      }
    } finally {
      await Promise.all([shopContext.close(), buyerContext.close()]);
    }
  });
}
