import { SITEMAP_MAX_URLS, SITEMAP_PAGES, partPath } from '@shop/shared';

/**
 * robots.txt and sitemap.xml (issue #10, "Findable"; decision 103). Every
 * address is absolute, on the configured public URL (PUBLIC_URL).
 */

/**
 * Crawlers may read the public pages and the public API reads those pages
 * render from (they are client-rendered until server rendering lands), but not
 * the account, checkout and admin screens, sign-in or the API docs.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /purchase/',
    'Disallow: /profile',
    'Disallow: /reset-password',
    'Disallow: /api/auth/',
    'Disallow: /api/docs',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Every public address, pages first, then the other pages of the catalogue (`extra`: the parts diagrams, decision
 * 197), then each part in catalogue order, cut into files of at most `max`.
 */
export function sitemapChunks(publicUrl: string, productIds: readonly string[], max: number = SITEMAP_MAX_URLS, extra: readonly string[] = []): string[][] {
  const urls = [
    ...SITEMAP_PAGES.map((p) => `${publicUrl}${p}`),
    ...extra.map((p) => `${publicUrl}${p}`),
    ...productIds.map((id) => `${publicUrl}${partPath(id)}`),
  ];
  const chunks: string[][] = [];
  for (let i = 0; i < urls.length; i += max) chunks.push(urls.slice(i, i + max));
  return chunks;
}

export const sitemapFileUrl = (publicUrl: string, n: number) => `${publicUrl}/sitemaps/parts-${n}.xml`;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(urls: readonly string[]): string {
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.map((u) => `  <url><loc>${escapeXml(u)}</loc></url>\n`).join('')}</urlset>\n`;
}

export function sitemapIndexXml(files: readonly string[]): string {
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files.map((u) => `  <sitemap><loc>${escapeXml(u)}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;
}

/** /sitemap.xml: the one urlset while the catalogue fits in a file, else an index of /sitemaps/parts-<n>.xml. */
export function sitemapXml(publicUrl: string, productIds: readonly string[], max: number = SITEMAP_MAX_URLS, extra: readonly string[] = []): string {
  const chunks = sitemapChunks(publicUrl, productIds, max, extra);
  if (chunks.length <= 1) return urlsetXml(chunks[0] ?? []);
  return sitemapIndexXml(chunks.map((_, i) => sitemapFileUrl(publicUrl, i + 1)));
}

/** /sitemaps/parts-<n>.xml, or null when there is no such file. */
export function sitemapFileXml(
  publicUrl: string,
  productIds: readonly string[],
  n: number,
  max: number = SITEMAP_MAX_URLS,
  extra: readonly string[] = [],
): string | null {
  const chunks = sitemapChunks(publicUrl, productIds, max, extra);
  if (chunks.length <= 1 || n < 1 || n > chunks.length) return null;
  return urlsetXml(chunks[n - 1]);
}
