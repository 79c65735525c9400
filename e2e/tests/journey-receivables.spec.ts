import type { Page, Route } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authCopy } from '@shop/shared/copy/auth';
import { waitForAccessToken, type Account } from '../support/auth';
import { OREGON } from '../support/checkout';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { linkFromMail } from '../support/identity-outbox';
import { newAdminPage, newCustomerPage, usd } from '../support/orders-helpers';

/**
 * Issue #37 items 4 and 5 (decision 208): open invoices on account. The shop's admin sees what companies owe on the
 * sales overview ("Owed on account") and follows it to the Open invoices page, where an order placed on account shows
 * with its company, PO number, due date, amount and invoice link. The company's member sees the same invoice on the
 * company page, with the terms, the credit left and a "Pay invoice" link. A customer who types the admin page's
 * address is refused. (An overdue invoice needs a due date in the past, which the API cannot make: the API's tests
 * cover "overdue", the components' tests its badge, and the looks test below its colours.)
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const bearer = async (page: Page) => ({ authorization: `Bearer ${await waitForAccessToken(page)}` });
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

interface Placed {
  _id: string;
  number: string;
  total: number;
  onAccount: { dueAt: string; invoiceUrl: string | null };
}

/**
 * Set-up through the API: a part ($50 each), a company with 30-day terms and $1,000 of credit, `member` in it as a
 * buyer, and an order of two parts that `member` places on account with a PO number.
 */
async function orderOnAccount(shop: Page, member: Page, account: Account, id: string) {
  const headers = await bearer(shop);
  const made = await shop.request.post('/api/product', {
    headers,
    data: {
      name: `Receivable zip ties ${id}`,
      unitPrice: 50,
      stock: 100,
      minOrder: 1,
      description: 'Zip ties for the open invoices journey.',
      image: '/images/products/oil-filter-hf204.svg',
      sku: `RV-${id}`,
      brand: 'Oxford',
      category: 'accessories',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const part = (await made.json()) as { _id: string };
  const companyName = `Net Thirty Receivables ${id}`;
  const company = await shop.request.post('/api/admin/companies', { headers, data: { name: companyName, paymentTermsDays: 30, creditLimit: 1000 } });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { _id: string })._id;
  const invited = await shop.request.post(`/api/admin/companies/${companyId}/invites`, { headers, data: { email: account.email, role: 'buyer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = await linkFromMail(account.email, /^Buy for /);
  const memberHeaders = await bearer(member);
  const joined = await member.request.post('/api/company/join', { headers: memberHeaders, data: { token: link.searchParams.get('token') } });
  expect(joined.status(), await joined.text()).toBe(200);

  const put = await member.request.put(`/api/cart/lines/${part._id}`, { headers: memberHeaders, data: { quantity: 2 } });
  expect(put.status(), await put.text()).toBe(200);
  const poNumber = `PO-${id}`;
  const placed = await member.request.post('/api/checkout', {
    headers: memberHeaders,
    data: { shippingAddress: { ...OREGON, line2: '', country: 'US', region: 'OR' }, payment: 'account', poNumber },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Placed;
  expect(order.onAccount.invoiceUrl, 'the invoice is issued at checkout').toBeTruthy();
  return { order, companyName, poNumber };
}

/** A date as the page shows it ("Jan 9, 2027"), in the browser's own time zone. */
const shownDate = (page: Page, iso: string) => page.evaluate((when) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(when)), iso);

test('the admin follows what is owed on account to the open invoices; the member sees theirs with its Pay invoice link; a customer is refused', async ({
  browser,
}) => {
  // Three people's pages, a company and an order: longer than one page's journey.
  test.setTimeout(120_000);
  const id = uid();
  const { page: shop, context: shopContext } = await newAdminPage(browser);
  const { page: member, context: memberContext, customer: memberAccount } = await newCustomerPage(browser, 'receivables');
  const { page: outsider, context: outsiderContext } = await newCustomerPage(browser, 'notadmin');
  try {
    const { order, companyName, poNumber } = await orderOnAccount(shop, member, memberAccount, id);
    const due = await shownDate(shop, order.onAccount.dueAt);

    // The sales overview says what companies owe on account and leads to the open invoices.
    await shop.goto('/dashboard/overview');
    const owed = shop.getByRole('region', { name: 'Owed on account' });
    await expect(owed).toBeVisible();
    await expect(owed.getByText(/^\d[\d,]* invoices? open$/)).toBeVisible();
    // By the keyboard: the link takes Enter.
    await owed.getByRole('link', { name: 'See the open invoices' }).press('Enter');
    await expect(shop).toHaveURL(/\/dashboard\/receivables$/);
    await expect(shop.getByRole('heading', { level: 2, name: 'Open invoices' })).toBeVisible();
    // The dashboard menu names the page, and marks it as the one open.
    await expect(shop.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Open invoices' })).toHaveAttribute('aria-current', 'page');

    // The order's row: its company and who placed it, the PO number, the due date, the amount and the invoice.
    const table = shop.getByRole('table', { name: 'Invoices, oldest due first' });
    const row = table.getByRole('row').filter({ has: shop.getByRole('link', { name: `Open order ${order.number}` }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(companyName)).toBeVisible();
    await expect(row.getByText(`by ${memberAccount.email}`)).toBeVisible();
    await expect(row.getByText(poNumber)).toBeVisible();
    await expect(row.getByText(due)).toBeVisible();
    await expect(row.getByText(/^Overdue/)).toHaveCount(0);
    await expect(row.getByText(usd(order.total))).toBeVisible();
    await expect(row.getByRole('link', { name: `Invoice of ${order.number}` })).toHaveAttribute('href', order.onAccount.invoiceUrl!);
    await expect(row.getByRole('link', { name: `Open order ${order.number}` })).toHaveAttribute('href', `/dashboard/myorders/${order.number}`);

    // The member's company page: the terms, the credit left and the open invoice, paid through its link in this tab.
    await member.goto('/company');
    const invoices = member.getByRole('region', { name: 'Open invoices' });
    await expect(invoices.getByText('Net 30 days')).toBeVisible();
    await expect(invoices.getByText('$1,000.00')).toBeVisible();
    await expect(invoices.getByText(usd(1000 - order.total))).toBeVisible();
    const card = invoices.getByRole('list', { name: 'Open invoices' }).getByRole('listitem').filter({ hasText: order.number });
    await expect(card.getByText(due)).toBeVisible();
    await expect(card.getByText(poNumber)).toBeVisible();
    await expect(card.getByText(usd(order.total))).toBeVisible();
    const pay = card.getByRole('link', { name: `Pay invoice for ${order.number}` });
    await expect(pay).toHaveAttribute('href', order.onAccount.invoiceUrl!);
    await pay.click();
    await expect(member).toHaveURL(order.onAccount.invoiceUrl!);

    // A customer who types the address is refused, in the app and by the API; and is no company's member.
    await outsider.goto('/dashboard/receivables');
    await expect(outsider.getByRole('heading', { name: authCopy.adminOnlyTitle })).toBeVisible();
    await expect(outsider.getByRole('heading', { level: 2, name: 'Open invoices' })).toHaveCount(0);
    await expect(outsider.getByRole('table')).toHaveCount(0);
    const outsiderHeaders = await bearer(outsider);
    expect((await outsider.request.get('/api/admin/receivables', { headers: outsiderHeaders })).status()).toBe(403);
    expect((await outsider.request.get('/api/company/invoices', { headers: outsiderHeaders })).status()).toBe(404);
  } finally {
    await Promise.all([shopContext.close(), memberContext.close(), outsiderContext.close()]);
  }
});

/**
 * For the looks only: the answer of the page's own API call with this order's invoice marked 3 days overdue, so axe
 * checks the warning tone's colours too (the API cannot back-date an invoice; its tests cover the real overdue).
 */
async function markOverdue(page: Page, pattern: string, number: string) {
  await page.route(pattern, async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      items: { number: string; overdue: boolean; daysOverdue: number; total: number }[];
      overdueTotal: number;
      overdueCount: number;
    };
    const item = body.items.find((i) => i.number === number);
    if (item && !item.overdue) {
      item.overdue = true;
      item.daysOverdue = 3;
      body.overdueTotal += item.total;
      body.overdueCount += 1;
    }
    await route.fulfill({ response, json: body });
  });
}

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`the open invoices, the overview's card and the company page at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    test.setTimeout(90_000);
    const id = uid();
    const { page: shop, context: shopContext } = await newAdminPage(browser);
    const { page: member, context: memberContext, customer } = await newCustomerPage(browser, 'receivableslooks');
    try {
      const { order } = await orderOnAccount(shop, member, customer, id);
      await markOverdue(shop, '**/api/admin/receivables', order.number);
      await markOverdue(member, '**/api/company/invoices', order.number);
      for (const [page, context, url, ready, what] of [
        [shop, shopContext, '/dashboard/receivables', shop.getByRole('link', { name: `Open order ${order.number}` }), 'receivables'],
        [shop, shopContext, '/dashboard/overview', shop.getByRole('region', { name: 'Owed on account' }), 'overview-owed'],
        [member, memberContext, '/company', member.getByRole('link', { name: `Pay invoice for ${order.number}` }), 'company-invoices'],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await useTheme(context, theme);
        await page.goto(url);
        await expect(ready).toBeVisible();
        await settle(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${what}: sideways scroll`,
        ).toBeLessThanOrEqual(0);
        expect(await fitmentViolations(page, what)).toEqual([]);
        if (what === 'receivables') {
          await expect(shop.getByText('Overdue · 3 days').filter({ visible: true })).toBeVisible();
          if (width >= 1280) {
            // The table fits the dashboard at 1280 px: no column, the invoice links included, is cut off.
            const box = shop.getByRole('region', { name: 'Invoices, oldest due first' });
            expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth), 'the invoices table scrolls sideways').toBeLessThanOrEqual(0);
          }
        }
        if (what === 'company-invoices') await expect(member.getByText('Overdue · 3 days')).toBeVisible();
        await screenshot(page, { path: path.join(shots, `${what}-${width}-${theme}.png`), fullPage: true });
      }
    } finally {
      await Promise.all([shopContext.close(), memberContext.close()]);
    }
  });
}
