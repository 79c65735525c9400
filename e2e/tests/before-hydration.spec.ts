import type { Page } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { expect, publicPages, test } from '../support/fixtures';
import { holdScripts } from '../support/hydration';
import { DEMO_CUSTOMER } from '../support/auth';

/**
 * Issue #23 item 4 (decision 169): what a shopper does while a page still waits for its script is done at once by
 * plain HTML and boot.js (links, the theme controls, a typed search: issue #39) or kept and done when the script arrives (a sign-in). The
 * network is as slow as it gets for the app: its scripts are held until the test lets them through.
 */
const notHydrated = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

test.describe('before the script has loaded', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const partPage = { path: '/parts/{id}', ready: (page: Page) => page.getByRole('heading', { level: 1 }) };
  for (const p of [...publicPages, partPage]) {
    test(`${p.path}: a theme chosen and a search sent before hydration are both done`, async ({ page, request }) => {
      let path: string = p.path;
      if (p === partPage) {
        const res = await request.get('/api/products?page=1&limit=1');
        path = `/parts/${((await res.json()) as { items: { _id: string }[] }).items[0]._id}`;
      }
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await expect(p.ready(page)).toBeVisible();
      await notHydrated(page);

      // The footer's theme select applies and stores the choice at once (public/boot.js).
      await page.getByRole('contentinfo').getByLabel(copy.theme.selectLabel).selectOption('dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      // A search typed and sent is a plain GET form (issue #39 item 3): the browser opens its results at once.
      const box = page.getByRole('combobox', { name: copy.search.label });
      await box.fill('brake');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=brake$/);
      await expect(page.getByRole('heading', { level: 1, name: copy.search.resultsFor('brake') })).toBeVisible();
      await notHydrated(page);

      release();
      await hydrated(page);
      // The results of what was typed, in the theme chosen, which the select now shows.
      await expect(page.getByRole('combobox', { name: copy.search.label })).toHaveValue('brake');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('contentinfo').getByLabel(copy.theme.selectLabel)).toHaveValue('dark');
    });
  }

  test('/login: a sign-in sent before the script has loaded is done once the form has hydrated (decision 174)', async ({ page }) => {
    // The sign-in form hydrates in a pass of its own, after the page's: the held submit must reach it all the same.
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await notHydrated(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO_CUSTOMER.password);

    release();
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a link clicked and the theme toggled before hydration work as plain HTML, and the app agrees once it runs', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await notHydrated(page);

    const toggle = page.getByRole('button', { name: copy.nav.themeToggle });
    const before = await page.locator('html').getAttribute('data-theme');
    const after = before === 'dark' ? 'light' : 'dark';
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', after);

    // A link in a part that never hydrates (the footer's columns) is a plain link before the app runs.
    await page.getByRole('contentinfo').getByRole('link', { name: copy.storefront.footerLinks.terms }).click();
    await expect(page).toHaveURL(/\/legal#terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', after);

    release();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', after);
    await expect(page.getByRole('button', { name: copy.nav.themeToggle })).toHaveAttribute('aria-pressed', String(after === 'dark'));
  });

  test('after hydration a link in a static part navigates inside the app, without loading a new document', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    // The footer's columns and the hero stay the server's HTML (decision 169): their links still use the router.
    await page.getByRole('contentinfo').getByRole('link', { name: copy.storefront.footerLinks.articles }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Rendered by React this time (no server HTML for it): the blog's text loads its code and shows.
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: copy.home.heroTitle })).toBeVisible();
    expect(documents).toEqual([]);
  });
});
