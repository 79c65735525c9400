import { getProducts } from '../support/api';
import { renderedProductsPage } from '../support/server-state';
import { expect, test } from '../support/fixtures';

const PER_PAGE = 9;

test.describe('products page', () => {
  test("shows 'All Your Needs' and product cards with the spec's labels", async ({ page }) => {
    // Compare with exactly what the API answered this page: other tests order in parallel, so stock moves.
    // The page arrives rendered with this data (decision 106).
    await page.goto('/products');
    const products = (await renderedProductsPage<Awaited<ReturnType<typeof getProducts>>[number]>(page)).items;
    await expect(page.getByRole('heading', { level: 1, name: 'All Your Needs' })).toBeVisible();
    await expect(page).toHaveTitle(/^Products/);

    const cards = page.locator('main').getByRole('article');
    await expect(cards).toHaveCount(products.length);
    expect(products.length).toBe(PER_PAGE);
    for (const [i, card] of (await cards.all()).entries()) {
      const p = products[i];
      await expect(card.getByRole('heading', { name: p.name })).toBeVisible();
      await expect(card.getByRole('img', { name: p.name })).toHaveAttribute('src', p.img);
      await expect(card).toContainText(`Unit Price: $${p.unitPrice.toFixed(2)}`);
      await expect(card).toContainText('Stock:');
      await expect(card).toContainText(p.stock.toLocaleString('en-US'));
      await expect(card).toContainText('Minimum Order:');
      await expect(card).toContainText(p.minOrder.toLocaleString('en-US'));
      await expect(card.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', `/purchase/${p._id}`);
    }
    // Every product image actually loads.
    for (const img of await cards.getByRole('img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });

  test('Next and Previous change the cards and the page indicator', async ({ page, request }) => {
    const products = await getProducts(request);
    const pages = Math.ceil(products.length / PER_PAGE);
    expect(pages).toBeGreaterThan(1);
    await page.goto('/products');
    const cards = page.locator('main').getByRole('article');
    const names = cards.getByRole('heading');
    const pager = page.getByRole('navigation', { name: 'Product pages' });
    const previous = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });

    await expect(names).toHaveText(products.slice(0, PER_PAGE).map((p) => p.name));
    await expect(pager).toContainText(`Page 1 of ${pages}`);
    await expect(previous).toBeDisabled();

    await next.click();
    await expect(names).toHaveText(products.slice(PER_PAGE, 2 * PER_PAGE).map((p) => p.name));
    await expect(pager).toContainText(`Page 2 of ${pages}`);
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(previous).toBeEnabled();

    // The last page, with Next disabled.
    for (let n = 3; n <= pages; n += 1) await next.click();
    await expect(pager).toContainText(`Page ${pages} of ${pages}`);
    await expect(names).toHaveText(products.slice((pages - 1) * PER_PAGE).map((p) => p.name));
    await expect(next).toBeDisabled();

    await previous.click();
    await expect(pager).toContainText(`Page ${pages - 1} of ${pages}`);
    await expect(names).toHaveText(products.slice((pages - 2) * PER_PAGE, (pages - 1) * PER_PAGE).map((p) => p.name));

    // The page is in the address, so Back and a reload keep it.
    await page.reload();
    await expect(pager).toContainText(`Page ${pages - 1} of ${pages}`);
    await page.goBack();
    await expect(pager).toContainText(`Page ${pages} of ${pages}`);
  });

  test('Order Now leads a visitor to the purchase page through the login', async ({ page, request }) => {
    const [first] = await getProducts(request);
    await page.goto('/products');
    await page.locator('main').getByRole('article').first().getByRole('link', { name: 'Order Now' }).click();
    // /purchase/{id} is protected: a visitor is sent to /login.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('main').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    // Replacing history: Back returns to the products, not to the purchase page that bounced.
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    expect(first._id).toBeTruthy();
  });

  test('lays the cards out in 1 column on a phone and 3 on a desktop', async ({ page }) => {
    const columns = async () => {
      const cards = page.locator('main').getByRole('article');
      await expect(cards.nth(2)).toBeVisible();
      const xs = await Promise.all([0, 1, 2].map(async (i) => Math.round((await cards.nth(i).boundingBox())!.x)));
      return new Set(xs).size;
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products');
    expect(await columns()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await columns()).toBe(3);
  });
});
