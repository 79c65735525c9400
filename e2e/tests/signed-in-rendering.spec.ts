import type { BrowserContext, Page } from '@playwright/test';
import { expect, looks, screenshot, settle, test, useTheme } from '../support/fixtures';
import { newCustomerPage, orderableProduct, placeOrderViaApi } from '../support/orders-helpers';

/**
 * Issue #39 item 4 (decision 187): My Orders, an order's page and the dashboard, opened directly by a signed-in
 * customer, arrive rendered for the session of the cookie: the order is in the first HTML, "Checking your sign-in…"
 * never shows, the page hydrates without an error, and it reads the same without JavaScript.
 */
const CHECKING = 'Checking your sign-in…';

/** Records, from the very first byte the page parses, whether the sign-in check was ever in the document. */
async function watchForSignInCheck(context: BrowserContext) {
  await context.addInitScript((text) => {
    const w = window as unknown as { __sawSignInCheck?: boolean };
    w.__sawSignInCheck = false;
    const look = () => {
      if (document.documentElement?.textContent?.includes(text)) w.__sawSignInCheck = true;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  }, CHECKING);
}

const sawSignInCheck = (page: Page) => page.evaluate(() => (window as unknown as { __sawSignInCheck?: boolean }).__sawSignInCheck);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

test.describe('signed-in pages rendered on the server', () => {
  let context: BrowserContext;
  let page: Page;
  let number: string;

  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await newCustomerPage(browser, 'ssrsignedin'));
    const order = await placeOrderViaApi(page, await orderableProduct(page.request));
    expect(order.orderNumber).toMatch(/^TT-\d+$/);
    number = order.orderNumber!;
  });

  test.afterAll(async () => {
    await context?.close();
  });

  test('My Orders, the order and the dashboard arrive with the order in the first HTML, and never check the sign-in on screen', async ({ browser }) => {
    const signedIn = await browser.newContext({ storageState: await context.storageState() });
    await watchForSignInCheck(signedIn);
    const tab = await signedIn.newPage();
    const errors = collectErrors(tab);

    const myOrders = await tab.goto('/dashboard/myorders');
    expect(myOrders?.status()).toBe(200);
    expect(myOrders?.headers()['cache-control']).toBe('private, no-store');
    const myOrdersHtml = await myOrders!.text();
    expect(myOrdersHtml).toContain(number);
    expect(myOrdersHtml).not.toContain(CHECKING);
    await expect(tab.getByRole('heading', { name: 'My Orders', level: 2 })).toBeVisible();
    await expect(tab.getByRole('table').getByText(number, { exact: true }).first()).toBeVisible();
    expect(await sawSignInCheck(tab)).toBe(false);

    const detail = await tab.goto(`/dashboard/myorders/${number}`);
    expect(detail?.status()).toBe(200);
    const detailHtml = await detail!.text();
    expect(detailHtml).toContain(`Order ${number}`);
    expect(detailHtml).not.toContain(CHECKING);
    await expect(tab.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    expect(await sawSignInCheck(tab)).toBe(false);

    // The dashboard sends a customer to My Orders from the server: the page that arrives is already theirs.
    const dashboard = await tab.goto('/dashboard');
    await expect(tab).toHaveURL(/\/dashboard\/myorders$/);
    const dashboardHtml = await dashboard!.text();
    expect(dashboardHtml).toContain(number);
    expect(dashboardHtml).not.toContain(CHECKING);
    expect(await sawSignInCheck(tab)).toBe(false);

    // Hydrated as the server sent it: the app answers (the order's link opens it in the app) and nothing went wrong.
    await tab.getByRole('table').getByRole('link', { name: number }).first().click();
    await expect(tab.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    expect(errors).toEqual([]);
    await signedIn.close();
  });

  test('with JavaScript off, My Orders and the order show the order', async ({ browser }) => {
    const noScript = await browser.newContext({ storageState: await context.storageState(), javaScriptEnabled: false });
    const tab = await noScript.newPage();
    await tab.goto('/dashboard/myorders');
    await expect(tab.getByRole('heading', { name: 'My Orders', level: 2 })).toBeVisible();
    await expect(tab.getByRole('table').getByText(number, { exact: true }).first()).toBeVisible();
    await expect(tab.getByText(CHECKING)).toHaveCount(0);
    await tab.goto(`/dashboard/myorders/${number}`);
    await expect(tab.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    await noScript.close();
  });

  test("a visitor is sent to sign in, and another customer gets 'not found', never the order", async ({ browser }) => {
    const visitor = await browser.newContext();
    const tab = await visitor.newPage();
    const res = await tab.goto('/dashboard/myorders');
    expect(await res!.text()).not.toContain(number);
    await expect(tab).toHaveURL(/\/login$/);
    await expect(tab.getByText(number)).toHaveCount(0);
    await visitor.close();

    const other = await newCustomerPage(browser, 'ssrother');
    const theirs = await other.page.goto(`/dashboard/myorders/${number}`);
    expect(theirs?.status()).toBe(404);
    await expect(other.page.getByText('We could not find this order.')).toBeVisible();
    await expect(other.page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
    // The heading names the number the address asked for; nothing of the order itself is there.
    await expect(other.page.getByRole('table')).toHaveCount(0);
    await other.context.close();
  });

  for (const { theme, viewport } of looks(['light', 'dark'], [390, 1280])) {
    test(`My Orders opened directly (${theme}, ${viewport}px)`, async ({ browser }) => {
      const look = await browser.newContext({ storageState: await context.storageState(), viewport: { width: viewport, height: 900 }, colorScheme: theme });
      await useTheme(look, theme);
      const tab = await look.newPage();
      await tab.goto('/dashboard/myorders');
      await settle(tab);
      // Phones get the orders as cards, wider screens as a table: either way the order's link.
      await expect(tab.getByRole('link', { name: number, exact: true }).first()).toBeVisible();
      await screenshot(tab, { path: `screenshots/signed-in-my-orders-${theme}-${viewport}.png`, fullPage: true });
      await look.close();
    });
  }
});
