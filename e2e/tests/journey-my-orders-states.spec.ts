import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, screenshot, settle, test, type Theme } from '../support/fixtures';
import { newAdminPage, newCustomerPage, orderableProduct, payOrderViaApi, placeOrderViaApi, type OrderDto } from '../support/orders-helpers';
import { bearerOf } from '../support/catalog';

/**
 * Issue #34 item 7: My Orders says each order's real state — "Shipped · Refunded", "Paid · Partly refunded",
 * "Delivered", "Awaiting payment", "Cancelled" — beside the spec's own texts ('pay', 'Pending...', 'Paid'), and its
 * table fits the dashboard at 1280 px with every action in view; phones get cards and no sideways scroll.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Set-up through the API with the admin's own token. */
async function asAdmin(page: Page, method: 'post' | 'patch', url: string, data?: object) {
  const res = await page.request[method](url, { headers: await bearerOf(page), data });
  expect(res.ok(), await res.text()).toBe(true);
}

test('My Orders shows each order’s real state beside the spec’s texts, and its table fits 1280 px with its actions in view', async ({ browser }) => {
  test.slow();
  const { context, page } = await newCustomerPage(browser, 'order-states');
  const admin = await newAdminPage(browser);
  try {
    const part = await orderableProduct(page.request, 10);
    const place = () => placeOrderViaApi(page, part);
    const paid = async () => {
      const o = await place();
      await payOrderViaApi(page, o._id);
      return o;
    };
    const a = admin.page;
    const refund = (o: OrderDto, data: object) =>
      asAdmin(a, 'post', `/api/purchases/${o.orderNumber}/refunds`, { reason: 'Issue #34 set-up', idempotencyKey: randomUUID(), ...data });

    // Oldest first, so the list (newest first) reads: awaiting payment, cancelled, partly refunded, refunded, delivered, paid.
    const justPaid = await paid();
    const delivered = await paid();
    await asAdmin(a, 'patch', `/api/paidorders/${delivered._id}`);
    const refunded = await paid();
    await asAdmin(a, 'post', `/api/purchases/${refunded.orderNumber}/shipments`, {
      carrier: 'dhl',
      trackingNumber: 'JD014600006281230704',
      lines: [{ orderId: refunded._id, quantity: part.minOrder }],
    });
    // Shipped units are refunded through a return or as an amount (decision 179): the whole total, as an amount.
    const shippedOrder = await a.request.get(`/api/purchases/${refunded.orderNumber}`, { headers: await bearerOf(a) });
    await refund(refunded, { amount: (await shippedOrder.json()).total });
    const partly = await paid();
    await refund(partly, { amount: 5 });
    const cancelled = await place();
    const cancelRes = await page.request.delete(`/api/orders/${cancelled._id}`, { headers: await bearerOf(page) });
    expect(cancelRes.ok(), await cancelRes.text()).toBe(true);
    const unpaid = await place();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/myorders');
    const table = page.getByRole('table', { name: copy.dashboard.myOrders });
    await expect(table).toBeVisible();
    const row = (o: OrderDto) => table.getByRole('row').filter({ has: page.getByRole('link', { name: o.orderNumber!, exact: true }) });
    const state = (o: OrderDto) => row(o).getByTestId('order-state');

    // The real state, and the spec's texts still where the spec puts them.
    await expect(state(justPaid)).toHaveText('Paid');
    await expect(row(justPaid).getByText(copy.orders.pending, { exact: true })).toBeVisible();
    await expect(state(delivered)).toHaveText('Delivered');
    await expect(row(delivered).getByText(copy.orders.paid, { exact: true })).toBeVisible();
    await expect(state(refunded)).toHaveText('Shipped · Refunded');
    await expect(row(refunded).getByText(copy.orders.pending, { exact: true })).toBeVisible();
    await expect(state(partly)).toHaveText('Paid · Partly refunded');
    await expect(state(unpaid)).toHaveText('Awaiting payment');
    await expect(row(unpaid).getByRole('link', { name: `${copy.orders.pay} ${part.name}` })).toBeVisible();
    // Cancelled is said once, by the spec's badge.
    await expect(state(cancelled)).toHaveCount(0);
    await expect(row(cancelled).getByText(copy.orders.cancelled, { exact: true })).toBeVisible();

    // The table fits its box: nothing to scroll sideways, and the invoice button of each paid order is on screen.
    await settle(page);
    const box = table.locator('xpath=..');
    const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, `table ${scrollWidth} px in a ${clientWidth} px box`).toBeLessThanOrEqual(clientWidth);
    const invoice = row(justPaid).getByRole('button', { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
    await invoice.scrollIntoViewIfNeeded();
    await expect(invoice).toHaveText('Download invoice (PDF)');
    await expect(invoice).toBeInViewport({ ratio: 1 });

    // Phones and tablets: the same states on cards (two a row on a tablet), and the page never scrolls sideways.
    const cards = page.getByRole('list', { name: copy.dashboard.myOrders });
    for (const width of [390, 768, 1024]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(cards).toBeVisible();
      await expect(cards.getByTestId('order-state').filter({ hasText: 'Shipped · Refunded' })).toBeVisible();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    }

    if (process.env.SCREENSHOTS === '1') {
      for (const theme of ['light', 'dark'] as Theme[]) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto('/dashboard/myorders');
          await expect(page.getByTestId('order-state').filter({ visible: true }).first()).toBeVisible();
          await settle(page);
          await screenshot(page, { path: path.join(shots, `my-orders-states-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
          // The shipped and refunded order up close.
          await row(refunded)
            .or(page.getByRole('listitem').filter({ hasText: refunded.orderNumber! }))
            .filter({ visible: true })
            .first()
            .scrollIntoViewIfNeeded();
          await screenshot(page, { path: path.join(shots, `my-orders-states-${width}-${theme}-refunded.png`), animations: 'disabled' });
        }
      }
    }
  } finally {
    await admin.context.close();
    await context.close();
  }
});
