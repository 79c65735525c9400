import { expect, looks, settle, test, useTheme } from '../support/fixtures';
import { signUpAndLogin, waitForAccessToken } from '../support/auth';
import { fitmentViolations } from '../support/fitment';

/**
 * Issue #36 item 3 (decision 199): a job basket fills each slot of a job with a part that fits the bike. A rider opens
 * "Chain and sprockets" for a 2019 MT-07 from the bike's diagram list; no front sprocket fits it, so the shop asks
 * before adding the other three parts in one step.
 */
const CHAIN_JOB = '/baskets/2019-yamaha-mt-07/chain-and-sprockets';

test('a rider adds the chain job of a 2019 MT-07 to the cart, after confirming the slot no part fills', async ({ page }) => {
  await signUpAndLogin(page, { tag: 'basket' });
  await page.goto('/diagrams/2019-yamaha-mt-07');
  await page.getByRole('link', { name: /Chain and sprockets/ }).click();
  await expect(page).toHaveURL(new RegExp(`${CHAIN_JOB}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Chain and sprockets');
  await expect(page.getByText('No part we sell fits this bike for Front sprocket')).toBeVisible();

  await page.getByRole('button', { name: 'Add basket to cart' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Front sprocket');
  await dialog.getByRole('button', { name: 'Add the other 3' }).click();
  await expect(page.getByText('3 parts of the job added to your cart.')).toBeVisible();

  const token = await waitForAccessToken(page);
  const cart = (await (await page.request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    lines: { product: { sku: string } }[];
  };
  expect(cart.lines.map((l) => l.product.sku).sort()).toEqual(['520VX3G-120', 'CL-ROAD-400', 'RA-250-45']);
});

for (const { theme, viewport: width } of looks(['light', 'dark'], [390, 1280])) {
  test(`a job basket at ${width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
    try {
      await useTheme(context, theme);
      const page = await context.newPage();
      await page.goto('/baskets/2019-yamaha-mt-07/front-brake-pads');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scroll').toBeLessThanOrEqual(0);
      expect(await fitmentViolations(page, 'job basket')).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
