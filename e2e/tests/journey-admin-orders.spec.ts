import fs from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signUpCustomer } from '../support/api';
import { newAdminPage, orderableProduct, type OrderDto } from '../support/orders-helpers';
import { shopOrigin } from '../support/auth';

/**
 * Manage All Orders at scale: an admin finds one customer group's orders by
 * search, moves between pages and status tabs, and exports what the filter shows.
 */
test('the admin searches all orders, pages through them, switches status tabs and exports the filtered orders as CSV', async ({ browser }) => {
  test.slow();
  const tag = `Pager${Date.now().toString(36)}`;
  const api = await playwrightRequest.newContext({ baseURL: shopOrigin() });
  const product = await orderableProduct(api, 25);
  // Seven customers with three orders each (a customer may hold only a few unpaid orders): 21 orders, one more than a page.
  const placed: { order: OrderDto; token: string }[] = [];
  for (let c = 0; c < 7; c++) {
    const ctx = await playwrightRequest.newContext({ baseURL: shopOrigin() });
    const customer = await signUpCustomer(ctx, shopOrigin(), `${tag} Rider ${c}`);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.post('/api/order', {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { productId: product._id, quantity: product.minOrder, country: 'Austria', address: `Gasse ${c}-${i}, Wien`, phone: '4315550100' },
      });
      expect(res.status(), await res.text()).toBe(201);
      placed.push({ order: (await res.json()) as OrderDto, token: customer.token });
    }
    await ctx.dispose();
  }
  await api.dispose();

  const { page, context } = await newAdminPage(browser);
  try {
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}`));

    const tabs = page.getByRole('tablist', { name: 'Order status' });
    await expect(tabs.getByRole('tab', { name: /^All/ })).toContainText('21');
    await expect(tabs.getByRole('tab', { name: /^Unpaid/ })).toContainText('21');
    await expect(tabs.getByRole('tab', { name: /^Paid, to deliver/ })).toContainText('0');
    const pager = page.getByRole('navigation', { name: 'Order pages' });
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    await expect(pager.getByText('Showing 1–20 of 21 orders')).toBeVisible();
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(20);
    // Newest first: the last order placed is row 1.
    await expect(rows.first()).toContainText(`${tag} Rider 6`);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2 of 2')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} Rider 0`);
    await expect(rows.first().getByRole('rowheader')).toHaveText('21');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A tab with no order of the group.
    await tabs.getByRole('tab', { name: /^Paid, to deliver/ }).click();
    await expect(tabs.getByRole('tab', { name: /^Paid, to deliver/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No orders match this search. Try another word or another tab.')).toBeVisible();

    // The export takes the filter on screen: the unpaid orders of the group.
    await tabs.getByRole('tab', { name: /^Unpaid/ }).click();
    await expect(pager.getByText('Page 1 of 2')).toBeVisible();
    // Issue #39 item 6 (decision 184): the lines export, one row per order line (each of these orders has one).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export lines (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^order-lines-unpaid-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'orderNumber,lineId,placedAt,paidAt,orderStatus,lineStatus,sku,productName,unitPrice,quantity,goods,tax,shippedQuantity,refundedQuantity,customerName,email,company,shipToCountry',
    );
    expect(lines).toHaveLength(22);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1]))).toEqual(new Set(placed.map((p) => p.order._id)));
    await expect(page.getByText('Exported the lines of 21 orders.')).toBeVisible();

    // Search by order id.
    const one = placed[4].order;
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(one._id.slice(0, 8));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(tabs.getByRole('tab', { name: /^All/ })).toContainText('1');
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: `${tag} Rider 1` }),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  } finally {
    await context.close();
  }
});
