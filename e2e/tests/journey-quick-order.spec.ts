import { expect, settle, test } from '../support/fixtures';
import { signUpAndLogin, waitForAccessToken } from '../support/auth';
import { fitmentViolations } from '../support/fitment';

/**
 * Issue #37 item 3 (decision 202): a workshop pastes its list of part numbers (in its own formatting, an OEM number
 * among them), checks it, sees the lines that cannot be added with their reasons, and adds the rest in one step.
 */
const LIST = [
  'hf-204, 20', // 1: HF204
  '10 x 1WS W0045 00', // 2: the Yamaha number the sintered pads (FA244HH) replace
  'cr9e ix', // 3: CR9EIX, no quantity: its minimum order (10)
  'NOPE-000, 2', // 4: unknown
  'RA-250-45, 2', // 5: sold from 5
  'S-Y9SO7-HRC, 5000', // 6: more than in stock
  'HF204, lots', // 7: not a quantity
].join('\n');

test('a buyer pastes a list with bad lines, checks it, sees each problem and adds the valid parts in one step', async ({ page }) => {
  await signUpAndLogin(page, { tag: 'quick' });
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Quick order: paste a list of part numbers' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  await settle(page);

  const box = page.getByLabel('Part numbers and quantities');
  await box.fill(LIST);
  await expect(page.getByText('7 of 500 lines')).toBeVisible();
  await page.getByRole('button', { name: 'Check list' }).click();

  const valid = page.getByRole('list', { name: 'Ready to add (3)' });
  await expect(valid).toBeVisible();
  await expect(valid).toContainText('HF204');
  await expect(valid).toContainText('FA244HH');
  await expect(valid).toContainText('CR9EIX');
  const problems = page.getByRole('list', { name: 'Lines that cannot be added (4)' });
  const items = problems.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Line 4');
  await expect(items.nth(0)).toContainText('Unknown part number');
  await expect(items.nth(1)).toContainText('Line 5');
  await expect(items.nth(1)).toContainText('RA-250-45 is sold from 5: 2 is too few.');
  await expect(items.nth(2)).toContainText('Line 6');
  await expect(items.nth(2)).toContainText('Not enough in stock');
  await expect(items.nth(3)).toContainText('Line 7');
  await expect(items.nth(3)).toContainText('“lots” is not a quantity');

  // The report is accessible and fits a phone without sideways scrolling.
  expect(await fitmentViolations(page, 'quick order report')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // By keyboard: the add button is reached and pressed with Enter.
  const add = page.getByRole('button', { name: 'Add 3 parts to cart' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Added 3 parts to your cart' })).toBeVisible();

  const token = await waitForAccessToken(page);
  const cart = (await (await page.request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    lines: { quantity: number; product: { sku: string } }[];
  };
  expect(cart.lines.map((l) => [l.product.sku, l.quantity]).sort()).toEqual([
    ['CR9EIX', 10],
    ['FA244HH', 10],
    ['HF204', 20],
  ]);

  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Cart' })).toContainText('Spin-On Oil Filter HF204');
});

test('a visitor who opens /quick-order is asked to sign in first', async ({ page }) => {
  await page.goto('/quick-order');
  await expect(page).toHaveURL(/\/login/);
});
