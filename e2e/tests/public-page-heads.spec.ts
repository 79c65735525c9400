import { copy } from '@shop/shared/copy';
import { shop } from '@shop/shared/content';
import { expect, test } from '../support/fixtures';

/** Issue #10 ("Findable"): each page has its own title, one description, a canonical address and Open Graph tags. */

const pages = [
  { path: '/products', title: copy.nav.products, description: copy.pageMeta.products, canonical: '/products' },
  { path: '/login', title: copy.auth.loginTitle, description: copy.pageMeta.login, canonical: '/login' },
  { path: '/blog', title: 'Workshop Blog', description: copy.pageMeta.blog, canonical: '/blog' },
];

for (const p of pages) {
  test(`${p.path} has its own title, description, canonical link and Open Graph tags`, async ({ page, baseURL }) => {
    await page.goto(p.path);
    const title = `${p.title} · ${shop.name}`;
    await expect(page).toHaveTitle(title);
    const descriptions = page.locator('head meta[name="description"]');
    await expect(descriptions).toHaveCount(1);
    await expect(descriptions).toHaveAttribute('content', p.description);
    const url = new URL(p.canonical, baseURL).toString();
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('head meta[property="og:description"]')).toHaveAttribute('content', p.description);
    await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', url);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('head meta[property="og:site_name"]')).toHaveAttribute('content', shop.name);
  });
}

test('the not-found page has its own head, asks not to be indexed and names no canonical address', async ({ page, baseURL }) => {
  await page.goto('/login');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new URL('/login', baseURL).toString());
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle(`${copy.notFound.title} · ${shop.name}`);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', copy.pageMeta.notFound);
});
