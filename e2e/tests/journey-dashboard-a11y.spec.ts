import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, looks, settle, test, useTheme, type Theme } from '../support/fixtures';
import { loginThroughPage, signInViaApi, signUpAndLogin, DEMO_ADMIN } from '../support/auth';
import { fillTestCard, orderableProduct, payOrderViaApi, placeOrderViaApi } from '../support/orders-helpers';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const viewports = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
];

async function violations(page: Page, what: string) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_21_AA)
    .analyze();
  expect(result.passes.length, `${what} rendered something to check`).toBeGreaterThan(10);
  return result.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join(' | ')}`,
  );
}

async function openContext(browser: Browser, theme: Theme, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', colorScheme: theme });
  await useTheme(context, theme);
  return { context, page: await context.newPage() };
}

for (const { theme, viewport } of looks(['light', 'dark'], viewports)) {
  test(`ordering, payment and dashboard screens have no WCAG 2.1 AA violations, ${theme} theme, ${viewport.label}`, async ({ browser }) => {
    // Eleven screens in one go, each settled and scanned.
    test.setTimeout(180_000);
    const found: string[] = [];
    const customer = await openContext(browser, theme, viewport);
    const admin = await openContext(browser, theme, viewport);
    try {
      const page = customer.page;
      await signUpAndLogin(page, { tag: `a11y${theme}` });
      const product = await orderableProduct(page.request);
      const unpaid = await placeOrderViaApi(page, product);
      const paid = await placeOrderViaApi(page, product);
      await payOrderViaApi(page, paid._id);

      // Purchase page with a confirmed quantity, then its order modal.
      await page.goto(`/purchase/${product._id}`);
      await page.getByLabel('Quantity').fill(String(product.minOrder));
      await page.getByRole('button', { name: 'Set Quantity' }).click();
      await settle(page);
      found.push(...(await violations(page, 'purchase')));
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByRole('dialog', { name: `Order ${product.name}` })).toBeVisible();
      found.push(...(await violations(page, 'order modal')));
      await page.keyboard.press('Escape');

      // My Orders with an unpaid and a paid order, and the cancel confirmation.
      await page.goto('/dashboard/myorders');
      await expect(page.getByText('Pending...').filter({ visible: true }).first()).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, 'my orders')));
      await page
        .getByRole('button', { name: /^Cancel/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await violations(page, 'cancel dialog')));
      await page.keyboard.press('Escape');

      // Payment page, idle and after a decline.
      await page.goto(`/dashboard/payment/${unpaid._id}`);
      await expect(page.getByLabel('Card number')).toBeVisible();
      found.push(...(await violations(page, 'payment')));
      await fillTestCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByText('Your card was declined.')).toBeVisible();
      found.push(...(await violations(page, 'payment declined')));

      // Review form with its validation messages.
      await page.goto('/dashboard/review');
      await page.getByRole('button', { name: 'Add Review' }).click();
      await expect(page.getByText('Please write a few words about your experience')).toBeVisible();
      found.push(...(await violations(page, 'review')));

      if (viewport.label === 'phone') {
        await page.getByRole('button', { name: 'Dashboard menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Dashboard menu' })).toBeVisible();
        found.push(...(await violations(page, 'dashboard drawer')));
      }

      // Admin screens.
      const ap = admin.page;
      // The admin signs in through the login page once (dark theme, phone, a look every run has): the others go through the API.
      if (theme === 'dark' && viewport.label === 'phone') await loginThroughPage(ap, DEMO_ADMIN);
      else await signInViaApi(ap, DEMO_ADMIN);
      await ap.goto('/dashboard/orders');
      await expect(ap.getByText('Not paid').filter({ visible: true }).first()).toBeVisible();
      await settle(ap);
      found.push(...(await violations(ap, 'manage orders')));
      await ap.goto('/dashboard/addProduct');
      await ap.getByRole('button', { name: 'Add Product' }).click();
      await expect(ap.getByText('Name is Required')).toBeVisible();
      found.push(...(await violations(ap, 'add product')));
      await ap.goto('/dashboard/manageProducts');
      await expect(
        ap
          .getByRole('button', { name: /^Delete/ })
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await settle(ap);
      found.push(...(await violations(ap, 'manage products')));
      // Issue #8: the adjust-stock dialog and the edit form.
      await ap
        .getByRole('button', { name: /^Adjust stock/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(ap.getByRole('dialog')).toBeVisible();
      found.push(...(await violations(ap, 'adjust stock')));
      await ap.keyboard.press('Escape');
      await ap.getByRole('link', { name: /^Edit/ }).filter({ visible: true }).first().click();
      await expect(ap.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await settle(ap);
      found.push(...(await violations(ap, 'edit product')));
    } finally {
      await customer.context.close();
      await admin.context.close();
    }
    expect(found).toEqual([]);
  });
}

test('on a phone the dashboard menu is a drawer, and orders are cards with their actions in view', async ({ browser }) => {
  const { context, page } = await openContext(browser, 'light', viewports[0]);
  try {
    await signUpAndLogin(page, { tag: 'phone' });
    const product = await orderableProduct(page.request);
    await placeOrderViaApi(page, product);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    // The sidebar is not in the way on a phone; the menu button opens it as a drawer.
    await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Add A Review' }).click();
    await expect(page).toHaveURL(/\/dashboard\/review$/);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto('/dashboard/myorders');
    const card = page.getByRole('listitem').filter({ hasText: product.name });
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    // Both actions fit the phone's width: no sideways scrolling to reach them.
    const pay = card.getByRole('link', { name: /^pay/ });
    await expect(pay).toBeInViewport();
    await expect(card.getByRole('button', { name: /^Cancel/ })).toBeInViewport();
    await pay.click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByLabel('Card number')).toBeVisible();
  } finally {
    await context.close();
  }
});
