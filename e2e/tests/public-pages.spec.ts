import { copy } from '@shop/shared/copy';
import { expect, test } from '../support/fixtures';

test.describe('portfolio, blog and not-found pages', () => {
  test('portfolio shows the team profile, skills and links to the open-source projects', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page).toHaveTitle(/Portfolio|Team/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: copy.storefront.teamImageAlt })).toBeVisible();
    const skills = page.getByRole('region', { name: /skills/i });
    expect(await skills.getByRole('listitem').count()).toBeGreaterThan(8);
    const external = page.locator('main').getByRole('link', { name: /React/ }).first();
    await expect(external).toHaveAttribute('href', /^https:\/\//);
    // External links open in a new tab without giving it access to the shop's window.
    for (const link of await page.locator('main a[target="_blank"]').all()) {
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    expect(await page.locator('main a[target="_blank"]').count()).toBeGreaterThan(5);
  });

  test('blog shows five question-and-answer cards on the spec topics', async ({ page }) => {
    await page.goto('/blog');
    const cards = page.locator('main').getByRole('article');
    await expect(cards).toHaveCount(5);
    const questions = await cards.getByRole('heading', { level: 2 }).allTextContents();
    for (const [i, topic] of [/performance/i, /state/i, /prototypal inheritance/i, /set state directly/i, /unit tests/i].entries()) {
      expect(questions[i], questions.join(' | ')).toMatch(topic);
    }
    for (const card of await cards.all()) expect((await card.innerText()).length).toBeGreaterThan(200);
  });

  test('an unknown path shows the not-found page with a way back home', async ({ page }) => {
    const res = await page.goto('/nope/deeper?x=1');
    // The server renders the app's not-found screen with a real 404 (decision 106).
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.home.heroTitle);
  });
});

test.describe('navigation bar', () => {
  test('links the public pages in the spec order and marks the current one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/products');
    const nav = page.getByRole('navigation', { name: copy.storefront.mainNav });
    const links = nav.getByRole('listitem').getByRole('link');
    await expect(links).toHaveText(['Home', 'Products', 'Portfolio', 'Blog']);
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // Signed out: no Dashboard.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('opens and closes the menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const open = page.getByRole('button', { name: copy.nav.openMenu });
    await open.click();
    const menu = page.getByRole('navigation', { name: copy.storefront.mobileNav });
    await expect(menu.getByRole('link')).toContainText(['Home', 'Products', 'Portfolio', 'Blog', 'Login']);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await menu.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('theme', () => {
  test('the toggle switches the theme, stores it and keeps it after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    const toggle = page.getByRole('button', { name: copy.nav.themeToggle });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The page really changes colour, not only the attribute.
    await expect.poll(() => page.locator('main').evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).not.toBe(lightBg);

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.goto('/products');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: copy.nav.themeToggle }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test("follows the system's dark preference on a first visit", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });
});

// Console errors of every public page are checked in public-pages-grid.spec.ts, with axe and the overflow check.

test('the public pages break no rule of the Content-Security-Policy (zod runs jitless: no eval probe)', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const path of ['/', '/products', '/login']) {
    await page.goto(path);
    // Hydrated and the page's data parsed: the main landmark is there and no request is pending.
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
});
