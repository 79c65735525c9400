import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, screenshot, settle, test } from '../support/fixtures';
import { fillTestCard, newCustomerPage, orderableProduct, placeOrderViaApi, usd } from '../support/orders-helpers';
import { readMails } from '../support/identity-outbox';

/**
 * Issue #39 item 9 (decision 189): a customer pays an order, then cancels it on its page before it ships; the dialog
 * says the amount refunded, and the page then shows it cancelled and refunded in full.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Screenshots at a phone's and a desktop's width, light and dark (SCREENSHOTS=1 only). */
async function looks(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  for (const width of [390, 1280]) {
    for (const theme of ['light', 'dark']) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await screenshot(page, { path: path.join(shots, `${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer pays an order, cancels it on its page, confirms the refund and sees it cancelled and refunded', async ({ browser }) => {
  // A payment, a cancel and a reload; eight screenshots with SCREENSHOTS=1. Slow on a busy machine.
  test.setTimeout(process.env.SCREENSHOTS === '1' ? 300_000 : 180_000);
  const { page, customer, context } = await newCustomerPage(browser, 'cancel-paid');
  try {
    const product = await orderableProduct(page.request);
    const order = await placeOrderViaApi(page, product);
    const number = order.orderNumber!;

    // The customer pays on the payment page.
    await page.goto(`/dashboard/payment/${order._id}`);
    await expect(page.getByRole('heading', { name: `Pay for ${product.name}` })).toBeVisible();
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    // The order's page offers to cancel it while nothing has shipped.
    await page.goto(`/dashboard/myorders/${number}`);
    await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeVisible();
    const total = (await (await page.request.get(`/api/purchases/${number}`, { headers: await authOf(page) })).json()) as { total: number };
    const amount = usd(total.total);
    const cancel = page.getByRole('button', { name: `Cancel order ${number}` });
    await expect(cancel).toBeVisible();
    await settle(page);
    await looks(page, 'cancel-paid-order-button');

    // "Keep my order" changes nothing.
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await expect(dialog).toContainText(`We refund ${amount}, everything you paid, to the card you paid with`);
    await dialog.getByRole('button', { name: 'Keep my order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

    // Cancel and refund.
    await cancel.click();
    await expect(dialog).toBeVisible();
    await looks(page, 'cancel-paid-order-dialog');
    await dialog.getByRole('button', { name: `Cancel and refund ${amount}` }).click();
    await expect(page.getByText(`Order ${number} is cancelled: ${amount} refunded.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The page says so: Cancelled, Refunded, the refund and its credit note; the button is gone.
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    // The status badge (the summary's "Refunded" figure, decision 184, is a term of its own).
    await expect(page.locator('.badge').getByText('Refunded', { exact: true })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Refunded$/ })).toBeVisible();
    await expect(page.getByText(`You cancelled this order before it shipped, and ${amount}, everything you paid, was refunded to your card.`)).toBeVisible();
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByText(`Refund of ${amount}`)).toBeVisible();
    await expect(refunds.getByRole('button', { name: /^Download credit note CN-\d{4}-\d{6} \(PDF\)$/ })).toBeVisible();
    await expect(cancel).toHaveCount(0);
    // After a reload too (the server's state, not the page's memory).
    await page.reload();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Refunds' }).getByText(`Refund of ${amount}`)).toBeVisible();
    await settle(page);
    await looks(page, 'cancel-paid-order-cancelled');

    // The cancellation e-mail names the amount.
    await expect.poll(async () => readMails(customer.email).some((m) => m.subject === `Your order ${number} is cancelled: ${amount} refunded`)).toBe(true);
  } finally {
    await context.close();
  }
});

async function authOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token}` };
}
