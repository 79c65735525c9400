import { expect, test } from '../support/fixtures';

/**
 * Issue #23: on a phone the blog's code samples scroll sideways inside their card; neither they nor
 * anything else make the page wider than the screen.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('on a 390 px phone the blog has no horizontal overflow and each code sample stays inside its card', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(clientWidth);

  const samples = page.getByRole('main').getByRole('article').locator('pre');
  const count = await samples.count();
  expect(count, 'the blog shows code samples').toBeGreaterThan(0);
  let scrolls = 0;
  for (let i = 0; i < count; i++) {
    const pre = samples.nth(i);
    const card = pre.locator('xpath=ancestor::article[1]');
    const [preBox, cardBox] = [await pre.boundingBox(), await card.boundingBox()];
    expect(preBox && cardBox, 'both are laid out').toBeTruthy();
    expect(preBox!.x, `code sample ${i + 1} starts inside its card`).toBeGreaterThanOrEqual(cardBox!.x);
    expect(preBox!.x + preBox!.width, `code sample ${i + 1} ends inside its card`).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    const { sw, cw, overflowX } = await pre.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
    if (sw > cw) {
      scrolls++;
      expect(overflowX, `code sample ${i + 1} scrolls sideways`).toBe('auto');
    }
  }
  // The samples' long lines are what this test is about: at least one of them must scroll at this width.
  expect(scrolls, 'a code sample is wider than the screen and scrolls').toBeGreaterThan(0);
});
