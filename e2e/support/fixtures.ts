import { test as base, expect, type Page, type BrowserContext, type Locator } from '@playwright/test';
import { waitForAppAfterNavigation } from './hydration';

export type Theme = 'light' | 'dark';

/** The public screens, by the name used in screenshot files. */
export const publicPages = [
  { name: 'home', path: '/', ready: (page: Page) => page.getByRole('heading', { name: 'Featured Parts' }) },
  { name: 'products', path: '/products', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'All Your Needs' }) },
  { name: 'portfolio', path: '/portfolio', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { name: 'blog', path: '/blog', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { name: 'login', path: '/login', ready: (page: Page) => page.getByRole('main').getByRole('button', { name: 'Login', exact: true }) },
  { name: 'register', path: '/register', ready: (page: Page) => page.getByRole('main').getByRole('button', { name: 'register', exact: true }) },
  { name: 'forgot-password', path: '/forgot-password', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { name: 'legal', path: '/legal', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { name: 'not-found', path: '/nope', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' }) },
] as const;

/** Every look asked for: screenshots of each look (SCREENSHOTS=1), or all looks checked (E2E_ALL_LOOKS=1). */
export const allLooks = process.env.SCREENSHOTS === '1' || process.env.E2E_ALL_LOOKS === '1';

/**
 * The looks (theme and viewport) a look grid runs (decision 161). axe's colour checks differ by theme and the
 * sideways-scroll checks by width, and the two are independent, so by default each theme and each width runs once
 * (pairwise): the first theme (light) at the last, widest viewport and the second (dark) at the first, narrowest
 * one. With `allLooks` every combination, as screenshots of every look need.
 */
export function looks<V>(themes: readonly Theme[], viewports: readonly V[]): { theme: Theme; viewport: V }[] {
  if (allLooks) return themes.flatMap((theme) => viewports.map((viewport) => ({ theme, viewport })));
  const n = Math.max(themes.length, viewports.length);
  return Array.from({ length: n }, (_, i) => ({
    theme: themes[i % themes.length],
    viewport: viewports[(((viewports.length - 1 - i) % viewports.length) + viewports.length) % viewports.length],
  }));
}

/** For a test per theme that visits the widths itself: the widths `theme` is checked at in looks(). */
export function widthsFor<V>(theme: Theme, viewports: readonly V[], themes: readonly Theme[] = ['light', 'dark']): V[] {
  return looks(themes, viewports)
    .filter((look) => look.theme === theme)
    .map((look) => look.viewport);
}

/** Applies the stored theme choice before any script of the page runs, as a returning visitor would have it. */
export async function useTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript((t) => {
    try {
      localStorage.setItem('theme', t);
    } catch {
      /* about:blank has no storage */
    }
  }, theme);
}

/**
 * Waits until what a visitor would see has settled: the page loaded (and hydrated, see hydration.ts), data
 * loaded (no spinner) and web fonts in (they change the layout). For screenshots (SCREENSHOTS=1) also every
 * image loaded, including lazy ones further down: axe and the layout checks need no picture's pixels (every
 * image has its width and height), so the other runs do not walk the page for them.
 */
export async function settle(page: Page) {
  // Conditions, not `networkidle` (issue #21): that waited at least 500 ms on every call, ~490 times a run.
  await page.waitForLoadState('load');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Loading/i })).toHaveCount(0);
  if (process.env.SCREENSHOTS !== '1') {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return;
  }
  // Lazy images load only near the viewport: walk down the page once, then back up.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    window.scrollTo(0, 0);
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy image the quick scroll skipped would never load: ask for all of them now.
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
  });
}

interface Fixtures {
  /** Console errors and uncaught exceptions of the page, collected from its first request. */
  consoleErrors: string[];
}

interface WorkerFixtures {
  /** Every context of the worker, the test's own and those a test makes, waits for the app after a navigation. */
  appAfterNavigation: void;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appAfterNavigation: [
    async ({ browser }, use) => {
      waitForAppAfterNavigation(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/**
 * A screenshot for people to look at (e2e/screenshots, git-ignored), taken only when asked for with SCREENSHOTS=1
 * (issue #21): nothing compares them, and taking them all cost minutes of every run.
 */
export async function screenshot(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean; animations?: 'disabled' | 'allow'; clip?: { x: number; y: number; width: number; height: number } },
) {
  if (process.env.SCREENSHOTS !== '1') return;
  await (target as Page).screenshot(options);
}
