import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, test } from '../support/fixtures';
import { holdScripts } from '../support/hydration';

/**
 * Issue #39 item 3 (decision 181): the header's search, the footer's newsletter box and a part's 'Add to cart' sent
 * right after the page appears, before its script has loaded. The search is a plain GET form and opens the results
 * at once; the newsletter and the cart are held by boot.js and done once the app has hydrated (decision 145).
 */
const notHydrated = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
const resultsHeading = (page: Page, q: string) => page.getByRole('heading', { level: 1, name: copy.search.resultsFor(q) });

test.describe('forms sent before the script has loaded', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('/: "mt07 chain" and Enter open its results, with the words kept', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: copy.search.label });
    await expect(box).toBeVisible();
    await notHydrated(page);
    await box.fill('mt07 chain');
    await box.press('Enter');
    // The browser itself opens the results page (a plain GET form), scripts still held.
    await expect(page).toHaveURL(/\/search\?q=mt07\+chain$/);
    await expect(resultsHeading(page, 'mt07 chain')).toBeVisible();
    await expect(page.getByRole('combobox', { name: copy.search.label })).toHaveValue('mt07 chain');
    await notHydrated(page);

    release();
    await hydrated(page);
    await expect(page.getByText(/parts? found$/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').filter({ hasText: /chain/i }).first()).toBeVisible();
  });

  test('without JavaScript at all, the search opens its results page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const box = page.getByRole('combobox', { name: copy.search.label });
      await box.fill('mt07 chain');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=mt07\+chain$/);
      await expect(resultsHeading(page, 'mt07 chain')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the footer newsletter: a sign-up sent before the script is held, then confirmed once the app runs', async ({ page }) => {
    const email = `early-${Date.now().toString(36)}@example.com`;
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/newsletter') sent.push(req.postData() ?? '');
    });
    const release = await holdScripts(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const footer = page.getByRole('contentinfo');
    const field = footer.getByLabel(copy.storefront.newsletterEmailLabel);
    await expect(field).toBeVisible();
    await notHydrated(page);
    await field.fill(email);
    await footer.getByRole('button', { name: copy.footer.subscribe }).click();
    // Held: no page load, no address in the URL, nothing sent yet, what was typed still there.
    await notHydrated(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/products');
    await expect(field).toHaveValue(email);
    expect(sent).toEqual([]);

    release();
    await expect(page.getByText(copy.toasts.newsletterSubscribed)).toBeVisible();
    await expect(field).toHaveValue('');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toEqual({ email });
  });

  test('a part page: a quantity typed and Add to cart pressed before the script are put in the cart once it runs', async ({ page, request }) => {
    const res = await request.get('/api/products?page=1&limit=20');
    const items = ((await res.json()) as { items: { _id: string; name: string; minOrder: number; stock: number }[] }).items;
    const part = items.find((p) => p.stock >= p.minOrder * 3);
    expect(part, 'a part with stock for three lots').toBeTruthy();
    const quantity = part!.minOrder * 2;

    const release = await holdScripts(page);
    await page.goto(`/parts/${part!._id}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: part!.name })).toBeVisible();
    await notHydrated(page);
    await page.getByRole('main').getByLabel(copy.orderFlow.quantityLabel, { exact: true }).fill(String(quantity));
    await page.getByRole('main').getByRole('button', { name: copy.cart.addToCart }).click();
    await notHydrated(page);
    expect(new URL(page.url()).pathname).toBe(`/parts/${part!._id}`);

    release();
    // The quantity typed, not the one the server wrote (one minimum order).
    await expect(page.getByText(copy.cart.added(part!.name, quantity))).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByLabel(`${copy.orderFlow.quantityLabel} of ${part!.name}`)).toHaveValue(String(quantity));
  });

  test('a product card: Add to cart pressed before the script puts the part in the cart once it runs', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const field = page
      .getByRole('main')
      .getByLabel(new RegExp(`^${copy.orderFlow.quantityLabel} of `))
      .first();
    await expect(field).toBeVisible();
    await notHydrated(page);
    const name = ((await field.getAttribute('id')) && (await page.locator(`label[for="${await field.getAttribute('id')}"]`).textContent()))!.replace(
      `${copy.orderFlow.quantityLabel} of `,
      '',
    );
    const quantity = Number(await field.inputValue()) * 2;
    await field.fill(String(quantity));
    await field.locator('xpath=ancestor::form').getByRole('button', { name: copy.cart.addToCart }).click();
    await notHydrated(page);
    expect(new URL(page.url()).pathname).toBe('/products');

    release();
    await expect(page.getByText(copy.cart.added(name, quantity))).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByLabel(`${copy.orderFlow.quantityLabel} of ${name}`)).toHaveValue(String(quantity));
  });
});
