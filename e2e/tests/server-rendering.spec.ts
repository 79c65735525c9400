import { copy } from '@shop/shared/copy';
import { expect, publicPages, test, useTheme } from '../support/fixtures';
import type { ApiProduct } from '../support/api';
import { holdScripts } from '../support/hydration';

/** Issue #10 part 1 (decision 106): pages arrive as HTML with their content, then hydrate without a mismatch. */

interface Page<T> {
  items: T[];
}

/** The catalogue's part number travels with every product (issue #8). */
type Part = ApiProduct & { sku: string };

const firstPage = async (request: import('@playwright/test').APIRequestContext, page: number, limit: number) => {
  const res = await request.get(`/api/products?page=${page}&limit=${limit}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Page<Part>).items;
};

/** The text of an HTML answer, with entities the renderer escapes turned back. */
const text = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

test.describe('server-rendered HTML', () => {
  test('the home page arrives with its featured products, compressed, and the data the browser hydrates with', async ({ request }) => {
    const featured = await firstPage(request, 1, 6);
    const res = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe('br');
    const html = text(await res.text());
    expect(html).toContain('Featured Parts');
    for (const p of featured) expect(html).toContain(p.name);
    expect(html).toContain('<script type="application/json" id="ssr-state">');
    // The LCP candidates are in the HTML: product pictures with their size.
    expect(html).toMatch(new RegExp(`<img[^>]+src="${featured[0].img.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]+width=`));
    // The page is read before its script runs: no script tag fetches it beside what the largest paint needs; the
    // entry and the screen's chunks are listed for boot.js, which starts them after that paint (decision 146).
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const listed = JSON.parse(/<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      entries?: string[];
      chunks?: string[];
    };
    expect(listed.entries).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    expect(listed.chunks?.length).toBeGreaterThan(0);
  });

  test("the shop's public settings arrive with the page: once hydrated, it asks the API for the visitor's session, not for them (issue #23)", async ({
    page,
  }) => {
    for (const where of ['/', '/login']) {
      const asked: string[] = [];
      const listen = (req: { url(): string }) => {
        const { pathname } = new URL(req.url());
        if (pathname.startsWith('/api/')) asked.push(pathname);
      };
      page.on('request', listen);
      const session = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/get-session');
      await page.goto(where);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await session;
      page.off('request', listen);
      expect(asked).toContain('/api/auth/get-session');
      expect(asked.filter((p) => p === '/api/payment-config' || p === '/api/auth-config')).toEqual([]);
    }
  });

  test('each chunk the page lists is preloaded once, by boot.js, one link per task; the app imports its screens after that (decision 172)', async ({
    page,
    request,
  }) => {
    const [part] = await firstPage(request, 1, 1);
    for (const where of ['/', `/parts/${part._id}`, '/products']) {
      await page.goto(where);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      const { listed, linked } = await page.evaluate(() => {
        const data = JSON.parse(document.getElementById('app-scripts')?.textContent ?? '{}') as { chunks?: string[] };
        return {
          listed: (data.chunks ?? []).map((href) => new URL(href, location.href).pathname),
          linked: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (l) => new URL(l.href).pathname),
        };
      });
      expect(listed.length, where).toBeGreaterThan(0);
      // Had the app imported a screen before boot.js was done, the bundler's loader would have linked the rest itself,
      // all in one task, and boot.js the same chunks again.
      for (const chunk of listed)
        expect(
          linked.filter((href) => href === chunk),
          `${where}: ${chunk}`,
        ).toHaveLength(1);
    }
  });

  for (const where of ['/parts/{id}', '/products'] as const) {
    test(`${where}: the script is fetched once the largest picture has loaded, and the page then hydrates (decision 146)`, async ({ page, request }) => {
      const [part] = await firstPage(request, 1, 1);
      const seen: string[] = [];
      page.on('request', (req) => {
        const { pathname } = new URL(req.url());
        if (/^\/assets\/index-[\w-]+\.js$/.test(pathname)) seen.push('script requested');
      });
      page.on('requestfinished', (req) => {
        if (new URL(req.url()).pathname === part.img) seen.push('picture loaded');
      });
      await page.goto(where === '/products' ? '/products' : `/parts/${part._id}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      // The one picture marked as the largest: the part's own, or the first card's.
      await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
      await expect(page.locator(`img[fetchpriority="high"][src="${part.img}"]`)).toHaveCount(1);
      expect(seen.slice(0, 2)).toEqual(['picture loaded', 'script requested']);
    });
  }

  test('/products renders the page asked for in the URL', async ({ request }) => {
    const second = await firstPage(request, 2, 9);
    const html = text(await (await request.get('/products?page=2')).text());
    expect(html).toContain('All Your Needs');
    for (const p of second) expect(html).toContain(p.name);
  });

  test('/parts/{id} carries its part, head tags and Product JSON-LD; an unknown part answers 404', async ({ request }) => {
    const [part] = await firstPage(request, 1, 1);
    const res = await request.get(`/parts/${part._id}`);
    expect(res.status()).toBe(200);
    const html = text(await res.text());
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>${part.name}`);
    expect(head).toContain('<link rel="canonical"');
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(part.sku);
    expect(html).toContain('"@type":"Product"');

    const missing = await request.get('/parts/00000000-0000-4000-8000-000000000000');
    expect(missing.status()).toBe(404);
    expect(text(await missing.text())).toContain(copy.partPage.notFoundTitle);
    expect((await request.get('/no-such-page')).status()).toBe(404);
  });

  test('without JavaScript a visitor still reads the catalogue', async ({ browser, request }) => {
    const [first] = await firstPage(request, 1, 9);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Your Needs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: first.name })).toBeVisible();
    await page.goto(`/parts/${first._id}`);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await context.close();
  });

  test('a form sent before the script has loaded is sent once the page has hydrated, not submitted by the browser (decision 145)', async ({ page }) => {
    // The page's scripts wait until the visitor has typed and pressed Subscribe.
    const release = await holdScripts(page);
    const newsletter: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/newsletter') newsletter.push(req.method());
    });

    await page.goto('/products', { waitUntil: 'commit' });
    const footer = page.getByRole('contentinfo');
    const email = footer.getByLabel(copy.storefront.newsletterEmailLabel);
    await email.fill(`early${Date.now().toString(36)}@example.com`);
    await footer.getByRole('button', { name: copy.footer.subscribe }).click();
    // Held: no page load with the address in the URL, nothing sent yet, what was typed still there.
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    expect(page.url()).toMatch(/\/products$/);
    expect(newsletter).toEqual([]);
    await expect(email).not.toHaveValue('');

    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByText(copy.toasts.newsletterSubscribed)).toBeVisible();
    expect(newsletter).toEqual(['POST']);
    expect(page.url()).toMatch(/\/products$/);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`every public page hydrates without a mismatch (${theme} theme stored)`, async ({ browser, request }) => {
    // Twelve pages, each loaded and hydrated in full.
    test.setTimeout(240_000);
    const [part] = await firstPage(request, 1, 1);
    const context = await browser.newContext({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
    await useTheme(context, theme);
    const errors: string[] = [];
    context.on('weberror', (e) => errors.push(e.error().message));
    const page = await context.newPage();
    const pages = [
      ...publicPages.map((p) => ({ path: p.path, ready: p.ready })),
      { path: `/parts/${part._id}`, ready: () => page.getByRole('heading', { level: 1, name: part.name }) },
      { path: '/parts/00000000-0000-4000-8000-000000000000', ready: () => page.getByRole('heading', { level: 1, name: copy.partPage.notFoundTitle }) },
    ];
    for (const p of pages) {
      await page.goto(p.path);
      await expect(p.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await page.waitForLoadState('networkidle');
      expect(errors, `hydrating ${p.path}`).toEqual([]);
      // The hydrated page keeps the server's headings and links, each once, in order: React reports a mismatch of
      // text or structure as an error (above) and renders afresh, which this also shows.
      const outline = await page.evaluate(async () => {
        const list = (root: ParentNode) =>
          Array.from(root.querySelectorAll('main h1, main h2, main h3, main a[href]')).map((e) => `${e.tagName} ${e.textContent?.trim()}`);
        const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), 'text/html');
        return { served: list(served), hydrated: list(document) };
      });
      expect(outline.served.length, `headings and links of ${p.path}`).toBeGreaterThan(0);
      expect(outline.hydrated, `hydrating ${p.path}`).toEqual(outline.served);
    }
    await context.close();
  });
}
