import type { Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForAccessToken, type Account } from '../support/auth';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { fitmentViolations } from '../support/fitment';
import { linkFromMail } from '../support/identity-outbox';
import { newAdminPage, newCustomerPage } from '../support/orders-helpers';

/**
 * Issue #37 item 2 (decision 206): trade price lists. A company's buyer sees their own price on the part page and in
 * search results and pays it in the cart; a visitor, and the server's HTML for anyone, show the public price only.
 */

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
const bearer = async (page: Page) => ({ authorization: `Bearer ${await waitForAccessToken(page)}` });

/** Set-up through the API: a part of this run's own ($60 a lot of 2, $30 each, to the public), a company with `buyer` in it. */
async function tradeBuyer(shop: Page, buyer: Page, customer: Account, id: string) {
  const headers = await bearer(shop);
  // A part of this run's own: $60 a lot of 2 ($30 each), to the public.
  const made = await shop.request.post('/api/product', {
    headers,
    data: {
      name: `Trade caliper shims ${id}`,
      unitPrice: 60,
      stock: 40,
      minOrder: 2,
      description: 'Caliper shims for the trade price journey.',
      image: '/images/products/oil-filter-hf204.svg',
      sku: `TP-${id}`,
      brand: 'Brembo',
      category: 'brakes',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const part = (await made.json()) as { _id: string };
  // The buyer's company, and the buyer in it (the invitation's link, through the API: the companies journey clicks it).
  const company = await shop.request.post('/api/admin/companies', { headers, data: { name: `Trade Moto ${id}` } });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { _id: string })._id;
  const invited = await shop.request.post(`/api/admin/companies/${companyId}/invites`, { headers, data: { email: customer.email, role: 'buyer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = await linkFromMail(customer.email, /^Buy for /);
  const joined = await buyer.request.post('/api/company/join', { headers: await bearer(buyer), data: { token: link.searchParams.get('token') } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { part, companyId, headers };
}

test('a trade buyer sees and pays their price list’s price; a visitor and the server’s HTML never show it', async ({ browser }) => {
  // Three people's pages, a company, a list and a cart: longer than one page's journey.
  test.setTimeout(120_000);
  const id = uid();
  const { page: shop, context: shopContext } = await newAdminPage(browser);
  const { page: buyer, context: buyerContext, customer } = await newCustomerPage(browser, 'tradebuyer');
  const visitorContext = await browser.newContext();
  try {
    const { part } = await tradeBuyer(shop, buyer, customer, id);

    // The shop's admin makes the company's list on the Price lists page: the part at $45 a lot by the form, then at
    // $40 a lot ($20 each) and $30 from 20 units by a CSV upload.
    const listName = `Trade ${id}`;
    await shop.goto('/dashboard');
    await shop.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Price lists' }).click();
    await expect(shop).toHaveURL(/\/dashboard\/price-lists$/);
    const create = shop.getByRole('region', { name: 'New price list' });
    await create.getByRole('textbox', { name: 'Name' }).fill(listName);
    await create.getByRole('checkbox', { name: `Trade Moto ${id}` }).check();
    await create.getByRole('button', { name: 'Create price list' }).click();
    await expect(shop.getByText(`Price list created: ${listName}`)).toBeVisible();
    await shop.getByRole('link', { name: `Open the price list ${listName}` }).click();
    await expect(shop.getByRole('heading', { level: 2, name: listName })).toBeVisible();
    const setPrice = shop.getByRole('region', { name: 'Set a part’s price' });
    await setPrice.getByRole('searchbox', { name: 'Part number or name' }).fill(`TP-${id}`);
    await setPrice.getByRole('button', { name: 'Find part' }).click();
    await setPrice.getByRole('spinbutton', { name: 'Lot price ($)' }).fill('45');
    await setPrice.getByRole('button', { name: 'Set price' }).click();
    await expect(shop.getByText(`Price set: TP-${id}`)).toBeVisible();
    const prices = shop.getByRole('table', { name: `Part prices of ${listName}` });
    await expect(prices.getByRole('row', { name: new RegExp(`TP-${id}`) })).toContainText('$45.00');
    await shop.getByLabel('CSV file').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku,unit_price,price_tiers\ntp-${id.toLowerCase()},40.00,20:30.00\n`),
    });
    await shop.getByRole('button', { name: 'Upload prices (CSV)' }).click();
    await expect(shop.getByText('Prices uploaded: 1 of 1 row changed')).toBeVisible();
    await expect(prices.getByRole('row', { name: new RegExp(`TP-${id}`) })).toContainText('$40.00');

    // The buyer's part page: their price over the public one.
    await buyer.goto(`/parts/${part._id}`);
    const box = buyer.getByRole('region', { name: 'Your trade price' });
    await expect(box).toBeVisible();
    await expect(box.getByText('$20.00 each')).toBeVisible();
    await expect(box.getByText('List price $60.00 per lot')).toBeVisible();
    await expect(box.getByText('from 20 units: $15.00 each ($30.00 per lot)')).toBeVisible();
    // Search results: the card says it too.
    await buyer.goto(`/search?q=TP-${id}`);
    const card = buyer.getByRole('article', { name: `Trade caliper shims ${id}` });
    await expect(card.getByText('Your price:')).toBeVisible();
    await expect(card.locator('[data-trade-price]')).toContainText('$20.00 each');
    // The cart charges it: two lots of 2 at $40.
    const put = await buyer.request.put(`/api/cart/lines/${part._id}`, { headers: await bearer(buyer), data: { quantity: 4 } });
    expect(put.status(), await put.text()).toBe(200);
    await buyer.goto('/cart');
    await expect(buyer.getByRole('main').getByText('$80.00').first()).toBeVisible();

    // The company page names the list that prices the buyer.
    await buyer.goto('/company');
    await expect(buyer.getByRole('region', { name: 'Account' }).getByText(listName)).toBeVisible();

    // A visitor: the page is ready and shows the public price only.
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/parts/${part._id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: `Trade caliper shims ${id}` })).toBeVisible();
    await expect(visitor.getByText('$30.00 each').first()).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Your trade price' })).toHaveCount(0);
    await expect(visitor.getByText('$20.00 each')).toHaveCount(0);
    // The server's HTML and the public JSON, for the visitor and for the buyer, hold the public price only.
    for (const request of [visitor.request, buyer.request]) {
      const html = await (await request.get(`/parts/${part._id}`)).text();
      expect(html).toContain('$30.00 each');
      expect(html).not.toContain('$20.00 each');
      expect(html).not.toContain('Your trade price');
      const json = await (await request.get(`/api/product/${part._id}`)).json();
      expect(json).toMatchObject({ unitPrice: 60 });
    }
  } finally {
    await Promise.all([shopContext.close(), buyerContext.close(), visitorContext.close()]);
  }
});

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`a price list's page and a trade buyer's part page at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    test.setTimeout(90_000);
    const id = uid();
    const { page: shop, context: shopContext } = await newAdminPage(browser);
    const { page: buyer, context: buyerContext, customer } = await newCustomerPage(browser, 'tradelooks');
    try {
      const { part, companyId, headers } = await tradeBuyer(shop, buyer, customer, id);
      const list = await shop.request.post('/api/admin/price-lists', {
        headers,
        data: { name: `Looks ${id}`, companyIds: [companyId], discounts: [{ kind: 'brand', value: 'Brembo', percentOff: 5 }] },
      });
      expect(list.status(), await list.text()).toBe(201);
      const listId = ((await list.json()) as { _id: string })._id;
      const price = await shop.request.put(`/api/admin/price-lists/${listId}/prices/${part._id}`, {
        headers,
        data: { unitPrice: 40, priceTiers: [{ minQuantity: 20, unitPrice: 30 }] },
      });
      expect(price.status(), await price.text()).toBe(200);
      for (const [page, context, url, ready, what] of [
        [shop, shopContext, `/dashboard/price-lists/${listId}`, shop.getByRole('table', { name: `Part prices of Looks ${id}` }), 'price-list'],
        [buyer, buyerContext, `/parts/${part._id}`, buyer.getByRole('region', { name: 'Your trade price' }), 'trade-part'],
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
        if (what === 'price-list' && width >= 1280) {
          // The prices table fits the dashboard at 1280 px: nothing, its actions included, is cut off.
          const box = shop.getByRole('region', { name: `Part prices of Looks ${id}` });
          expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth), 'the prices table scrolls sideways').toBeLessThanOrEqual(0);
        }
        await screenshot(page, { path: path.join(shots, `${what}-${width}-${theme}.png`), fullPage: true });
      }
    } finally {
      await Promise.all([shopContext.close(), buyerContext.close()]);
    }
  });
}
