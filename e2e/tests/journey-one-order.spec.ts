import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { signInViaApi, waitForAccessToken, type Account } from '../support/auth';
import { expect, screenshot, settle, test, useTheme, widthsFor, type Theme } from '../support/fixtures';
import { fillTestCard, newAdminPage, newCustomerPage, payOrderViaApi, placeOrderViaApi, usd, type OrderDto, type ProductDto } from '../support/orders-helpers';

/**
 * Issue #24 ("one order, many lines"): a checkout is one order — one row in
 * My Orders and in Manage All Orders with its lines inside, referred to by its
 * number, paid once for its total, delivered as a whole — and has a page of its
 * own at /dashboard/myorders/TT-10042. A lone spec order stays as it was.
 */

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Tennessee: 7 % sales tax on goods and shipping (the demo shop's rates). */
const TENNESSEE = {
  name: 'Sam Okafor',
  company: 'Music City Motorcycles',
  line1: '500 Broadway',
  city: 'Nashville',
  region: 'TN',
  postalCode: '37203',
  country: 'US',
  phone: '+16155550100',
};

interface PurchaseDto {
  _id: string;
  number: string;
  total: number;
  goods: number;
  shipping: number;
  tax: number;
  orders: OrderDto[];
  shippingMethod: { name: string; carrier: string } | null;
}

async function bearer(page: Page) {
  return { authorization: `Bearer ${await waitForAccessToken(page)}` };
}

/** Two catalogue parts with room for a few more minimum orders. */
async function twoParts(page: Page): Promise<[ProductDto, ProductDto]> {
  const all = (await (await page.request.get('/api/products')).json()) as ProductDto[];
  const fit = all.filter((p) => p.stock >= p.minOrder * 6);
  expect(fit.length).toBeGreaterThanOrEqual(2);
  return [fit[1], fit[2] ?? fit[0]];
}

/** Test set-up through the API: the two parts into the cart, then a checkout to Tennessee by a shipping method that costs something. */
async function checkoutViaApi(page: Page, parts: ProductDto[]): Promise<PurchaseDto> {
  const headers = await bearer(page);
  for (const part of parts) {
    const res = await page.request.put(`/api/cart/lines/${part._id}`, { headers, data: { quantity: part.minOrder } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const quote = await page.request.post('/api/checkout/quote', { headers, data: { country: 'US', region: 'TN' } });
  expect(quote.status(), await quote.text()).toBe(200);
  const options = ((await quote.json()) as { options: { id: string; price: number }[] }).options;
  const method = options.find((o) => o.price > 0) ?? options[0];
  const res = await page.request.post('/api/checkout', { headers, data: { shippingAddress: TENNESSEE, shippingMethodId: method.id } });
  expect(res.status(), await res.text()).toBe(201);
  const { number } = (await res.json()) as { number: string };
  return (await (await page.request.get(`/api/purchases/${number}`, { headers })).json()) as PurchaseDto;
}

const myOrdersRows = (page: Page) => page.getByRole('table', { name: 'My Orders' }).getByRole('row');

test('a checkout is one order: one row with its lines and one pay link, its own page, paid once, found by number and delivered as a whole', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page, context, customer } = await newCustomerPage(browser, 'oneorder');
  try {
    const parts = await twoParts(page);
    const lone = await placeOrderViaApi(page, parts[0]);
    const order = await checkoutViaApi(page, parts);
    expect(order.number).toMatch(/^TT-\d+$/);
    expect(order.orders).toHaveLength(2);
    expect(order.shipping).toBeGreaterThan(0);

    // My Orders: the checkout is row 1 (newest first), its two lines inside, one total, one 'pay'.
    await page.goto('/dashboard/myorders');
    const row = myOrdersRows(page).filter({ hasText: order.number });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toHaveText('1');
    for (const line of order.orders) await expect(row.getByRole('listitem').filter({ hasText: line.productName })).toHaveCount(1);
    await expect(row.getByText(usd(order.total), { exact: true })).toBeVisible();
    await expect(row.locator('p').filter({ hasText: `incl. shipping ${usd(order.shipping)} · tax ${usd(order.tax)}` })).toBeVisible();
    await expect(row.getByText('500 Broadway')).toBeVisible();
    const pay = row.getByRole('link', { name: /^pay/ });
    await expect(pay).toHaveCount(1);
    await expect(pay).toHaveAccessibleName(`pay ${order.number}`);
    await expect(pay).toHaveAttribute('href', `/dashboard/payment/checkout/${order._id}`);
    // The lone spec order below it, as before: its own 'pay' to its own payment page.
    const loneRow = myOrdersRows(page).filter({ hasText: lone.productName }).filter({ hasNotText: order.number });
    await expect(loneRow.getByRole('rowheader')).toHaveText('2');
    await expect(loneRow.getByRole('link', { name: /^pay/ })).toHaveAttribute('href', `/dashboard/payment/${lone._id}`);
    await expect(loneRow.getByRole('button', { name: `Cancel ${lone.productName}` })).toBeVisible();

    // The order's page, by its number: unpaid, where it ships and how, its lines and figures, one Pay.
    await row.getByRole('link', { name: order.number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/myorders/${order.number}$`));
    await expect(page.getByRole('heading', { level: 2, name: `Order ${order.number}` })).toBeVisible();
    await expect(page.getByText('Awaiting payment', { exact: true })).toBeVisible();
    await expect(page.getByText('Music City Motorcycles')).toBeVisible();
    await expect(page.getByText('+1 615 555 0100')).toBeVisible();
    await expect(page.getByText(order.shippingMethod!.name, { exact: false }).first()).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText(`Goods${usd(order.goods)}`);
    await expect(summary).toContainText(`Shipping${usd(order.shipping)}`);
    await expect(summary).toContainText(`Tax${usd(order.tax)}`);
    await expect(summary).toContainText(`Total${usd(order.total)}`);
    await page.getByRole('link', { name: `Pay ${usd(order.total)}` }).click();

    // The payment page names the order, its address, method and figures; paid once for the total, it says Paid.
    await expect(page.getByRole('heading', { name: `Pay for order ${order.number}` })).toBeVisible();
    await expect(page.getByText('500 Broadway')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay/ })).toContainText(usd(order.total));
    await fillTestCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
    await expect(page.getByText(`Order ${order.number} is paid.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^Paid/ })).toBeVisible();
    await expect(page.getByText(/^Please pay/)).toHaveCount(0);
    const transactionId = (await page.getByText(/^pi_/).textContent())!.trim();
    const paymentPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: `View order ${order.number}` }).click();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(transactionId)).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay \$/ })).toHaveCount(0);

    // Opened again, the payment page says Paid with the number, not 'Please pay'.
    await page.goto(paymentPath);
    await expect(page.getByText(`Order ${order.number} is paid.`)).toBeVisible();
    await expect(page.getByText(/^Please pay/)).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toHaveCount(0);

    // My Orders: one row, 'Pending...' with the one transaction id.
    await page.goto('/dashboard/myorders');
    await expect(row.getByText('Pending...')).toBeVisible();
    await expect(row.getByText(transactionId)).toBeVisible();
    await expect(row.getByRole('link', { name: /^pay/ })).toHaveCount(0);

    // The admin finds it by its number and by its transaction id, and delivers the whole order.
    const admin = await newAdminPage(browser);
    try {
      const ap = admin.page;
      await ap.goto('/dashboard/orders');
      await expect(ap.getByText(/Finds an order by its number/)).toBeVisible();
      await ap.getByRole('searchbox', { name: 'Search orders' }).fill(transactionId);
      await ap.getByRole('button', { name: 'Search', exact: true }).click();
      const adminRow = ap.getByRole('table').getByRole('row').filter({ hasText: order.number });
      await expect(adminRow).toHaveCount(1);
      await ap.getByRole('searchbox', { name: 'Search orders' }).fill(order.number.toLowerCase());
      await ap.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(ap.getByRole('tablist', { name: 'Order status' }).getByRole('tab', { name: /^All/ })).toContainText('1');
      await expect(adminRow).toHaveCount(1);
      await expect(adminRow).toContainText(customer.email);
      await expect(adminRow.getByRole('listitem')).toHaveCount(2);
      await adminRow.getByRole('button', { name: `Dleverd ${order.number}` }).click();
      const confirm = ap.getByRole('dialog', { name: `Deleverd order for ${order.number}` });
      await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
      // Issue #39 item 2: nothing of it has shipped, so it asks once more; cancelling changes nothing.
      const ask = ap.getByRole('dialog', { name: 'No parcel yet' });
      await expect(ask.getByText(`Nothing of order ${order.number} has shipped. Mark it delivered anyway?`)).toBeVisible();
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toBeHidden();
      await expect(confirm).toBeHidden();
      await ap.reload();
      await expect(adminRow.getByRole('button', { name: `Dleverd ${order.number}` })).toBeVisible();
      await adminRow.getByRole('button', { name: `Dleverd ${order.number}` }).click();
      await confirm.getByRole('button', { name: 'Confirm delivery' }).click();
      await ask.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(ap.getByText('Deleverd Success')).toBeVisible();
      await expect(adminRow.getByText('Paid', { exact: true })).toBeVisible();
      await expect(adminRow.getByRole('button', { name: /^Dleverd/ })).toHaveCount(0);
    } finally {
      await admin.context.close();
    }

    // Every line was delivered: the customer sees 'Paid', and the order's page says Delivered.
    await page.reload();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await page.goto(`/dashboard/myorders/${order.number.toLowerCase()}`);
    // The status badge by the order's number, and the last step of its timeline (issue #25 item 5).
    await expect(page.locator('header').getByText('Delivered', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Delivered', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** A customer with an unpaid checkout to Tennessee (row 1) and a paid lone order (row 2). */
async function customerWithOrders(browser: Browser): Promise<{ account: Account; order: PurchaseDto }> {
  const { page, context, customer } = await newCustomerPage(browser, 'ordershots');
  try {
    const parts = await twoParts(page);
    const lone = await placeOrderViaApi(page, parts[1]);
    await payOrderViaApi(page, lone._id);
    return { account: customer, order: await checkoutViaApi(page, parts) };
  } finally {
    await context.close();
  }
}

const oneOrderWidths = (theme: Theme) => widthsFor(theme, [375, 1280]);
const oneOrderLooks = (['light', 'dark'] as Theme[]).map((theme) => `${theme} at ${oneOrderWidths(theme).join(' and ')} px`).join(', ');
test(`My Orders, the order page and its payment page read well, ${oneOrderLooks}: nothing wider than the screen, no axe findings`, async ({ browser }) => {
  test.setTimeout(150_000);
  const { account, order } = await customerWithOrders(browser);
  for (const theme of ['light', 'dark'] as Theme[]) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await signInViaApi(page, account, { path: '/dashboard/myorders' });
      for (const [name, url, ready] of [
        ['my-orders', '/dashboard/myorders', () => page.getByText('Pending...').filter({ visible: true }).first()],
        ['order-detail', `/dashboard/myorders/${order.number}`, () => page.getByRole('heading', { level: 2, name: `Order ${order.number}` })],
        ['checkout-payment', `/dashboard/payment/checkout/${order._id}`, () => page.getByLabel('Card number')],
      ] as const) {
        for (const width of oneOrderWidths(theme)) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(url);
          await expect(ready()).toBeVisible();
          await settle(page);
          await screenshot(page, { path: path.join(outDir, `one-order-${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' });
          // The page's own content fits the width (the navbar has checks of its own).
          const wider = await page.evaluate(() =>
            Array.from(document.querySelectorAll('main *'))
              .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
              .map((e) => `${e.tagName} "${(e.textContent ?? '').slice(0, 40)}"`),
          );
          expect(wider, `${name} at ${width}px is wider than the screen`).toEqual([]);
          const result = await new AxeBuilder({ page })
            .options({ resultTypes: ['violations'] })
            .withTags(WCAG_21_AA)
            .analyze();
          expect(result.violations.map((v) => `${name} ${width} ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        }
      }
    } finally {
      await context.close();
    }
  }
});
