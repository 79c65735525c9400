import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, looks, screenshot, settle, test, useTheme, type Theme } from '../support/fixtures';
import { newAdminPage, newCustomerPage, orderableProduct, payOrderViaApi, placeOrderViaApi, usd, type OrderDto } from '../support/orders-helpers';
import { bearerOf } from '../support/catalog';
import { signInViaApi, DEMO_ADMIN } from '../support/auth';

/**
 * Issue #39 item 6 (decision 184): money an owner can trust. The owner reads gross sales, shipping, tax, refunds and
 * net sales apart on the overview and downloads the orders and lines exports; the customer's order page, and the
 * admin's, say what was refunded and the net paid.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

async function refundFive(admin: Page, order: OrderDto) {
  const res = await admin.request.post(`/api/purchases/${order.orderNumber}/refunds`, {
    headers: await bearerOf(admin),
    data: { amount: 5, reason: 'Scratched box', idempotencyKey: randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('after a partial refund the order page shows Refunded and Net paid, to the customer and to the admin', async ({ browser }) => {
  const { context, page } = await newCustomerPage(browser, 'money');
  const admin = await newAdminPage(browser);
  try {
    const order = await placeOrderViaApi(page, await orderableProduct(page.request));
    await payOrderViaApi(page, order._id);
    await refundFive(admin.page, order);
    const summaryOf = (p: Page) => p.getByRole('region', { name: 'Summary', exact: true });
    const total = ((await (await page.request.get(`/api/purchases/${order.orderNumber}`, { headers: await bearerOf(page) })).json()) as { total: number })
      .total;

    await page.goto('/dashboard/myorders');
    await page
      .getByRole('link', { name: new RegExp(order.orderNumber!) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${order.orderNumber}$`));
    const summary = summaryOf(page);
    await expect(summary.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(summary).toContainText(`−${usd(5)}`);
    await expect(summary.getByText('Net paid', { exact: true })).toBeVisible();
    await expect(summary).toContainText(usd(Math.round((total - 5) * 100) / 100));

    await admin.page.goto(`/dashboard/myorders/${order.orderNumber}`);
    const adminSummary = summaryOf(admin.page);
    await expect(adminSummary.getByText('Net paid', { exact: true })).toBeVisible();
    await expect(adminSummary).toContainText(usd(Math.round((total - 5) * 100) / 100));
  } finally {
    await admin.context.close();
    await context.close();
  }
});

test('the owner reads the five figures on the overview and downloads the orders and lines exports', async ({ browser }) => {
  const { context, page } = await newCustomerPage(browser, 'money-export');
  const admin = await newAdminPage(browser);
  try {
    const product = await orderableProduct(page.request);
    const order = await placeOrderViaApi(page, product);
    await payOrderViaApi(page, order._id);
    await refundFive(admin.page, order);

    const a = admin.page;
    await a.goto('/dashboard/orders');
    await a.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Sales overview' }).click();
    const todayCard = a.getByRole('listitem').filter({ has: a.getByRole('heading', { name: 'Today', exact: true }) });
    for (const figure of ['Gross sales', 'Shipping', 'Tax', 'Refunds', 'Net sales'])
      await expect(todayCard.getByText(figure, { exact: false }).first()).toBeVisible();
    // Something was paid and $5 went back today, whatever ran before.
    await expect(todayCard.locator('dd').first()).not.toHaveText('$0.00');
    await expect(todayCard.getByText(/^Goods \$[\d,.]+ · shipping \$[\d,.]+ · tax \$[\d,.]+ · other \$[\d,.]+$/)).toBeVisible();

    await a.goto('/dashboard/orders');
    await a.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber!);
    await a.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(a.getByRole('table').getByRole('row').filter({ hasText: order.orderNumber! })).toHaveCount(1);

    // The toast is checked while the download comes in: it closes after 5 s, which a busy machine spent reading the file.
    const [orders] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: 'Export orders (CSV)' }).click(),
      expect(a.getByText('Exported 1 order.')).toBeVisible(),
    ]);
    expect(orders.suggestedFilename()).toMatch(/^orders-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const orderRows = fs
      .readFileSync((await orders.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(orderRows[0]).toBe(
      'orderNumber,placedAt,paidAt,customerName,email,company,shipToCountry,goods,shipping,tax,taxIncluded,total,refunded,netPaid,status,invoiceNumber,creditNoteNumbers,carriers,trackingNumbers',
    );
    expect(orderRows).toHaveLength(2);
    expect(orderRows[1].startsWith(`${order.orderNumber},`)).toBe(true);
    expect(orderRows[1]).toContain(',5.00,');

    const [lines] = await Promise.all([a.waitForEvent('download'), a.getByRole('button', { name: 'Export lines (CSV)' }).click()]);
    expect(lines.suggestedFilename()).toMatch(/^order-lines-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const lineRows = fs
      .readFileSync((await lines.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lineRows[0]).toBe(
      'orderNumber,lineId,placedAt,paidAt,orderStatus,lineStatus,sku,productName,unitPrice,quantity,goods,tax,shippedQuantity,refundedQuantity,customerName,email,company,shipToCountry',
    );
    expect(lineRows).toHaveLength(2);
    expect(lineRows[1].startsWith(`${order.orderNumber},${order._id},`)).toBe(true);
  } finally {
    await admin.context.close();
    await context.close();
  }
});

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];
for (const { theme, viewport } of looks(['light', 'dark'] as Theme[], viewports)) {
  test(`the overview and a refunded order at ${viewport.width}px, ${theme}: no sideways scroll`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await signInViaApi(page, DEMO_ADMIN);
      await page.goto('/dashboard/overview');
      await expect(page.getByRole('heading', { name: 'Top parts, last 30 days' })).toBeVisible();
      await settle(page);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS)
        await screenshot(page, { path: path.join(shots, `money-overview-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
      const list = await page.request.get('/api/admin/purchases?status=paid&limit=50', { headers: await bearerOf(page) });
      const refunded = ((await list.json()).items as { number: string; refunded: number }[]).find((p) => p.refunded > 0);
      // The journeys before this one refunded orders in part.
      expect(refunded).toBeTruthy();
      await page.goto(`/dashboard/myorders/${refunded!.number}`);
      await expect(page.getByText('Net paid', { exact: true })).toBeVisible();
      await settle(page);
      expect(await overflow()).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS)
        await screenshot(page, { path: path.join(shots, `money-order-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
}
