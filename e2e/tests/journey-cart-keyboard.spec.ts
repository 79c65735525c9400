import type { Locator, Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { getProducts } from '../support/api';
import { signUpAndLogin } from '../support/auth';
import { expect, test } from '../support/fixtures';

/**
 * Issue #23: a keyboard user who adds a part with Enter or Space keeps their place. Focus stays on
 * 'Add to cart' (it used to drop to the page body while the button was busy), on every list that shows
 * the button and on the part page. The visitor's cart lives in this browser, so nothing on the server changes.
 */
const cartLink = (page: Page, lines: number) => page.getByRole('banner').getByRole('link', { name: copy.cart.navLink(lines) });

async function addByKeyboard(page: Page, button: Locator, key: 'Enter' | 'Space') {
  await expect(cartLink(page, 0)).toBeVisible();
  await button.focus();
  await expect(button).toBeFocused();
  await page.keyboard.press(key);
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(page.getByText(/units of .+ are in your cart\./)).toBeVisible();
  await expect(button).toBeFocused();
}

/** The first card on the page that sells its part. */
const firstCardButton = (scope: Page | Locator) => scope.getByRole('article').getByRole('button', { name: copy.cart.addToCart }).first();

for (const who of ['a visitor', 'a signed-in customer'] as const) {
  test.describe(`Add to cart by keyboard, as ${who}`, () => {
    // A customer's cart is on the server: the button is busy for a round trip, which is when focus used to drop.
    test.beforeEach(async ({ page }) => {
      if (who === 'a signed-in customer') await signUpAndLogin(page, { tag: 'cartkeys' });
    });

    test('on a product card of /products, Enter adds the part and focus stays on the button', async ({ page }) => {
      await page.goto('/products');
      await expect(page.getByRole('heading', { level: 1, name: copy.products.title })).toBeVisible();
      await addByKeyboard(page, firstCardButton(page.getByRole('main')), 'Enter');
    });

    test('on a card of the search results, Enter adds the part and focus stays on the button', async ({ page }) => {
      await page.goto('/search?q=sprocket');
      await addByKeyboard(page, firstCardButton(page.getByRole('main')), 'Enter');
    });

    test('on a card of the home page’s Featured Parts, Space adds the part and focus stays on the button', async ({ page }) => {
      await page.goto('/');
      const featured = page.getByRole('region', { name: copy.home.featuredTitle, exact: true });
      await addByKeyboard(page, firstCardButton(featured), 'Space');
    });

    test('on the part page, Enter adds the part and focus stays on the button', async ({ page, request }) => {
      const part = (await getProducts(request)).find((p) => p.stock >= p.minOrder);
      expect(part, 'a part in stock').toBeTruthy();
      await page.goto(`/parts/${part!._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part!.name })).toBeVisible();
      await addByKeyboard(page, page.getByRole('main').getByRole('button', { name: copy.cart.addToCart }), 'Enter');
    });
  });
}
