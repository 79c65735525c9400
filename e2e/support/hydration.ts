import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * A server-rendered page starts its script after its largest paint (decision 146), which may be after the window's
 * load event, so `page.goto()` can return before the page has hydrated; a click on a button then does nothing. A
 * person would not notice the difference; a test acting within milliseconds would. So after `goto`, `reload`,
 * `goBack` and `goForward` that wait for the load event (the default), this waits until the app has hydrated
 * (`<html data-hydrated>`, set on its first commit). Pages without the app's scripts (an API answer, the sitemap,
 * the bare dashboard template whose script runs before its load event) go on at once.
 */
const hydrated = () => !document.getElementById('app-scripts') || document.documentElement.hasAttribute('data-hydrated');

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;
type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle' | 'commit';

function waitForAppOn(page: Page): void {
  for (const name of NAVIGATIONS) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await original(...args);
      const options = (name === 'goto' ? args[1] : args[0]) as { waitUntil?: WaitUntil } | undefined;
      // A test that asks for less than the load event wants the page as it is (scripts held back, say).
      const waitUntil = options?.waitUntil ?? 'load';
      if (waitUntil === 'load' || waitUntil === 'networkidle') await page.waitForFunction(hydrated);
      return response;
    };
  }
}

const patched = new WeakSet<Browser>();

/** Makes every context the browser opens from now on wait for the app after a navigation (not those without JavaScript). */
export function waitForAppAfterNavigation(browser: Browser): void {
  if (patched.has(browser)) return;
  patched.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args);
    if (args[0]?.javaScriptEnabled !== false) context.on('page', waitForAppOn);
    return context;
  };
}

/**
 * Holds every script of the app until the returned function is called: the page stays its server HTML, as on a
 * network too slow for the script to have arrived (issue #23 item 4, decisions 145 and 169).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
