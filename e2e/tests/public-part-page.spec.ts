import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, looks, settle, test, useTheme, type Theme, screenshot } from '../support/fixtures';
import { DEMO_CUSTOMER, waitForAccessToken } from '../support/auth';
import { newAdminPage } from '../support/orders-helpers';
import { renderedProductsPage } from '../support/server-state';

/** Issue #9 part 3 and issue #10 "Findable": the public product page /parts/{id}. */

interface Product {
  _id: string;
  name: string;
  img: string;
  images: string[];
  sku: string;
  brand: string;
  stock: number;
  minOrder: number;
  unitPrice: number;
}

const t = copy.partPage;
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const pictures = ['/images/products/sintered-front-brake-pads.svg', '/images/products/rear-sprocket-45t.svg', '/images/products/oil-filter-hf204.svg'];

/** A part with three pictures, added by the admin through the API (the demo catalogue has one picture per part). */
let part: Product;
test.beforeAll(async ({ browser }) => {
  const { page, context } = await newAdminPage(browser);
  try {
    const token = await waitForAccessToken(page);
    const res = await page.request.post('/api/product', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `E2E Sintered Pads ${uid()}`,
        unitPrice: 37.5,
        stock: 400,
        minOrder: 10,
        description: 'Sintered front pads for sport bikes, sold in lots of ten sets.',
        image: pictures[0],
        images: pictures,
        sku: `E2E-FA-${uid()}`,
        brand: 'EBC',
        category: 'brakes',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    part = (await res.json()) as Product;
  } finally {
    await context.close();
  }
});

const mainPicture = (page: Page) => page.getByRole('region', { name: t.gallery }).getByRole('img', { name: new RegExp(`^${part.name}, picture`) });

test('a visitor opens a part from its card and sees what it is, what it costs and how many to order', async ({ page, consoleErrors }) => {
  await page.goto('/products');
  const [first] = (await renderedProductsPage<Product>(page)).items;
  const card = page.locator('main').getByRole('article').first();
  // The card keeps the spec's Order Now; its name opens the part page.
  await expect(card.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', `/purchase/${first._id}`);
  await card.getByRole('heading').getByRole('link', { name: first.name }).click();

  await expect(page).toHaveURL(new RegExp(`/parts/${first._id}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(main.getByText(first.sku, { exact: true })).toBeVisible();
  await expect(main.getByText(first.brand, { exact: true })).toBeVisible();
  // Issue #39: what one piece costs first, then the minimum order and the spec's unit price, which is a lot's.
  await expect(main).toContainText(` each`);
  await expect(main).toContainText(`min. ${first.minOrder.toLocaleString('en-US')} · Unit Price: $${first.unitPrice.toFixed(2)} per lot`);
  await expect(main).toContainText('Minimum Order:');
  await expect(main).toContainText(`${first.minOrder.toLocaleString('en-US')} units`);
  await expect(main).toContainText('Stock:');
  await expect(page).toHaveTitle(`${first.name} · Torque & Throttle Parts`);
  // The picture of the card is a way in too.
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator('main').getByRole('article').first().getByRole('link', { name: first.name }).first()).toHaveAttribute(
    'href',
    `/parts/${first._id}`,
  );
  expect(consoleErrors).toEqual([]);
});

test('thumbnails switch the main picture, by mouse and by keyboard', async ({ page }) => {
  await page.goto(`/parts/${part._id}`);
  await expect(mainPicture(page)).toHaveAttribute('src', pictures[0]);
  const gallery = page.getByRole('region', { name: t.gallery });
  const thumb = (n: number) => gallery.getByRole('button', { name: t.showPicture(n, 3) });
  await expect(thumb(1)).toHaveAttribute('aria-pressed', 'true');

  await thumb(2).click();
  await expect(mainPicture(page)).toHaveAttribute('src', pictures[1]);
  await expect(thumb(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumb(1)).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('ArrowRight');
  await expect(mainPicture(page)).toHaveAttribute('src', pictures[2]);
  await expect(thumb(3)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(mainPicture(page)).toHaveAttribute('src', pictures[0]);
  await page.keyboard.press('Tab');
  await expect(thumb(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mainPicture(page)).toHaveAttribute('src', pictures[1]);
  await expect.poll(() => mainPicture(page).evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
});

test('Order Now leads a visitor through the login to /purchase/{id}', async ({ page }) => {
  await page.goto(`/parts/${part._id}`);
  await page.getByRole('main').getByRole('link', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
  await main.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
});

test('an unknown part shows a not-found state with a way to the products', async ({ page }) => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
    await page.goto(`/parts/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: t.notFoundTitle })).toBeVisible();
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
  await page.getByRole('link', { name: t.browseParts }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Your Needs' })).toBeVisible();
});

test('the page carries Product JSON-LD, one description, a canonical address and Open Graph tags', async ({ page, baseURL }) => {
  await page.goto(`/parts/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    sku: part.sku,
    brand: { '@type': 'Brand', name: 'EBC' },
    image: pictures.map((p) => `${baseURL}${p}`),
    offers: { '@type': 'Offer', price: '37.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
  });
  const url = `${baseURL}/parts/${part._id}`;
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', url);
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', url);
  const description = page.locator('head meta[name="description"]');
  await expect(description).toHaveCount(1);
  await expect(description).toHaveAttribute('content', new RegExp(part.sku));
  // Back on another page its own description and canonical address take over, once each (issue #10: every page has its own).
  await page.getByRole('main').getByRole('link', { name: t.back }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Your Needs' })).toBeVisible();
  await expect(description).toHaveCount(1);
  await expect(description).not.toHaveAttribute('content', new RegExp(part.sku));
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/products`);
});

test('robots.txt and sitemap.xml name the part page on the public address', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/parts/${part._id}</loc>`);
});

async function openPage(browser: Browser, theme: Theme, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
  await useTheme(context, theme);
  return { context, page: await context.newPage() };
}

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
  test(`part page at ${viewport.width}px, ${theme}: no WCAG 2.1 AA violations, no sideways scroll, screenshot`, async ({ browser }) => {
    const { context, page } = await openPage(browser, theme, viewport);
    try {
      await page.goto(`/parts/${part._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const result = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .analyze();
      expect(result.passes.length).toBeGreaterThan(10);
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      await screenshot(page, { path: path.join(outDir, `part-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });

      await page.goto('/parts/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { level: 1, name: t.notFoundTitle })).toBeVisible();
      await settle(page);
      const notFound = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_21_AA)
        .analyze();
      expect(notFound.violations.map((v) => v.id)).toEqual([]);
      await screenshot(page, { path: path.join(outDir, `part-not-found-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
}
