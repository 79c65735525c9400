import type { Page, Route } from '@playwright/test';
import { copy } from '@shop/shared/copy';
import { DEMO_CUSTOMER } from '../support/auth';
import { expect, test } from '../support/fixtures';

/**
 * Spec §9: the network time-out is 30 s, 60 s on mobile. A server that never
 * answers is stood in for by routing the call to a handler that never
 * fulfils it. The page's clock is Playwright's (it flows normally until moved
 * forward), so the tests check the production values without waiting them out.
 */
function stall(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  const handler = (route: Route) => {
    held.push(route); // never answered
  };
  return {
    start: () => page.route(matches, handler),
    /** Calls that reached the stalled server. */
    count: () => held.length,
    /** The server answers again. */
    release: () => page.unroute(matches, handler),
  };
}

const signIn = (url: URL) => url.pathname === '/api/auth/sign-in/email';

async function submitLogin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  const button = page.getByRole('button', { name: 'Login', exact: true });
  await button.click();
  return button;
}

/**
 * Moves the page's clock on from the start of a stalled call: 5 s short of
 * `ms` the page is still waiting, at `ms` it gives up. (The clock also runs on
 * by itself while the test works, hence the margin; the unit tests of
 * lib/network-timeout.ts pin the exact values.)
 */
async function timeOutAt(page: Page, ms: number, waiting: () => Promise<void>) {
  await page.clock.fastForward(ms - 5_000);
  await waiting();
  await expect(page.getByText(copy.network.timeout)).toHaveCount(0);
  await page.clock.fastForward(5_000);
}

test.describe('a server that never answers', () => {
  test('desktop: a stalled sign-in ends after 30 s with a clear message under the form, and Login works again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    const server = stall(page, signIn);
    await server.start();
    const button = await submitLogin(page);
    await expect.poll(server.count).toBe(1);

    await timeOutAt(page, 30_000, () => expect(button).toBeDisabled());
    const message = page.getByRole('alert').filter({ hasText: copy.network.timeout });
    await expect(message).toBeVisible();
    await expect(message).toHaveClass(/text-error/);
    await expect(button).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);

    // Retry once the server answers again.
    await server.release();
    await button.click();
    await expect(page.getByText(copy.toasts.login)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  for (const device of [
    { label: 'a phone (390 px)', viewport: { width: 390, height: 844 }, hasTouch: true },
    { label: 'a wide touch screen (coarse pointer)', viewport: { width: 1280, height: 800 }, hasTouch: true },
  ]) {
    test(`mobile, ${device.label}: the stalled sign-in waits 60 s before the message`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: device.viewport, hasTouch: device.hasTouch });
      const page = await context.newPage();
      try {
        await page.clock.install();
        const server = stall(page, signIn);
        await server.start();
        const button = await submitLogin(page);
        await expect.poll(server.count).toBe(1);
        // Well past the desktop time-out (at 55 s), still waiting.
        await timeOutAt(page, 60_000, () => expect(button).toBeDisabled());
        await expect(page.getByRole('alert').filter({ hasText: copy.network.timeout })).toBeVisible();
        await expect(button).toBeEnabled();
      } finally {
        await context.close();
      }
    });
  }

  test('a stalled catalogue times out on every try (1 + 3 retries), then says so and offers Try again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    const server = stall(page, (url) => url.pathname === '/api/products');
    await server.start();
    // /products arrives rendered with its data (decision 106), so the catalogue is loaded by the browser only when
    // a shopper goes there from another page: the session check starts once the page has hydrated.
    const hydrated = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/get-session');
    await page.goto('/login');
    await hydrated;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect.poll(server.count).toBe(attempt);
      await timeOutAt(page, 30_000, () => expect(page.getByRole('button', { name: copy.storefront.retry })).toHaveCount(0));
      if (attempt < 4) {
        // The backoff (1, 2, 4 s) before the next try.
        await expect(async () => {
          await page.clock.fastForward(500);
          expect(server.count()).toBe(attempt + 1);
        }).toPass();
      }
    }
    await expect(page.getByText(copy.storefront.loadError)).toBeVisible();
    await expect(page.getByRole('main').getByText(copy.network.timeout)).toBeVisible();
    // The spec's error toast for a failed load, with the error's message.
    await expect(page.locator('.Toastify').getByText(copy.network.timeout)).toBeVisible();
    expect(server.count()).toBe(4);

    await server.release();
    await page.getByRole('button', { name: copy.storefront.retry }).click();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByText(copy.storefront.loadError)).toHaveCount(0);
  });

  test('a stalled newsletter sign-up (a mutation) is tried once, ends after 30 s with an error toast, and can be sent again', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    const server = stall(page, (url) => url.pathname === '/api/newsletter');
    await server.start();
    await page.goto('/products');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel(copy.storefront.newsletterEmailLabel).fill(`timeout${Date.now().toString(36)}@example.com`);
    const subscribe = footer.getByRole('button', { name: copy.footer.subscribe });
    await subscribe.click();
    await expect.poll(server.count).toBe(1);

    await timeOutAt(page, 30_000, () => expect(subscribe).toBeDisabled());
    await expect(page.locator('.Toastify').getByText(copy.network.timeout)).toBeVisible();
    await expect(subscribe).toBeEnabled();
    // Mutations never retry.
    await page.clock.fastForward(60_000);
    expect(server.count()).toBe(1);

    await server.release();
    await subscribe.click();
    await expect(page.getByText(copy.toasts.newsletterSubscribed)).toBeVisible();
  });
});
