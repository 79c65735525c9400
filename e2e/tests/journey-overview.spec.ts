import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, looks, screenshot, settle, test, useTheme, type Theme } from '../support/fixtures';
import { newAdminPage, newCustomerPage, payOrderViaApi, placeOrderViaApi, orderableProduct } from '../support/orders-helpers';
import { signInViaApi, DEMO_ADMIN } from '../support/auth';
import { copy } from '@shop/shared/copy';

/**
 * Issue #25 item 7 (decision 164): the owner opens the sales overview from
 * the dashboard menu: revenue, orders, average order and refunds for today, 7
 * and 30 days, the daily revenue chart, the top parts and the parts low on
 * stock; customers cannot open it.
 */

const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const viewports = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

test('the admin opens the sales overview from the menu; a paid order counts today; a customer is refused', async ({ browser }) => {
  const { context, page } = await newCustomerPage(browser, 'overview');
  const admin = await newAdminPage(browser);
  try {
    // Something paid today, so that today has revenue whatever ran before.
    const product = await orderableProduct(page.request);
    const order = await placeOrderViaApi(page, product);
    await payOrderViaApi(page, order._id);

    const a = admin.page;
    await a.goto('/dashboard/orders');
    await a.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Sales overview' }).click();
    await expect(a).toHaveURL(/\/dashboard\/overview$/);
    await expect(a.getByRole('heading', { level: 2, name: 'Sales overview' })).toBeVisible();
    for (const period of ['Today', 'Last 7 days', 'Last 30 days']) await expect(a.getByRole('heading', { level: 3, name: period, exact: true })).toBeVisible();
    const todayCard = a.getByRole('listitem').filter({ has: a.getByRole('heading', { name: 'Today', exact: true }) });
    // Decision 184: gross sales (goods without tax) took the place of "Revenue".
    await expect(todayCard.getByRole('term').filter({ hasText: /^Gross sales/ })).toBeVisible();
    await expect(todayCard.getByRole('definition').first()).not.toHaveText('$0.00');
    await expect(a.getByRole('heading', { name: 'Daily gross sales, last 30 days' })).toBeVisible();
    await expect(a.getByText(/^Gross sales over the last 30 days: \$[\d,.]+ in all/)).toBeVisible();
    // The chart is drawn (recharts' bars).
    await expect(a.locator('.recharts-bar-rectangle').first()).toBeAttached();
    await expect(a.getByRole('heading', { name: 'Top parts, last 30 days' })).toBeVisible();
    await expect(a.getByRole('heading', { name: 'Low on stock' })).toBeVisible();

    // Customers are refused, in the app and by the API.
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('heading', { name: copy.auth.adminOnlyTitle })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sales overview' })).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await page.request.get('/api/admin/overview', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  } finally {
    await admin.context.close();
    await context.close();
  }
});

for (const { theme, viewport } of looks(['light', 'dark'] as Theme[], viewports)) {
  test(`the sales overview at ${viewport.width}px, ${theme}: WCAG 2.1 AA, no sideways scroll`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
    await useTheme(context, theme);
    const page = await context.newPage();
    try {
      await signInViaApi(page, DEMO_ADMIN);
      await page.goto('/dashboard/overview');
      await expect(page.getByRole('heading', { name: 'Top parts, last 30 days' })).toBeVisible();
      await settle(page);
      const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (process.env.SCREENSHOTS)
        await screenshot(page, { path: path.join(shots, `overview-${viewport.width}-${theme}.png`), fullPage: true, animations: 'disabled' });
    } finally {
      await context.close();
    }
  });
}
