import { z } from 'zod';

/** The public pages a search engine should know of, besides every /parts/{id} (decision 103). */
export const SITEMAP_PAGES = ['/', '/products', '/portfolio', '/blog', '/legal'] as const;

/** The public product page's path; the web app's paths.part builds the same. */
export const partPath = (id: string) => `/parts/${encodeURIComponent(id)}`;

/** The sitemaps protocol's limit of addresses per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** GET /sitemaps/{file}: one file of a catalogue too large for one sitemap, e.g. parts-2.xml. */
export const sitemapFileParamsSchema = z.object({
  file: z
    .string()
    .max(40)
    .regex(/^parts-[1-9]\d{0,5}\.xml$/, 'A sitemap file is named parts-<n>.xml, with n from 1'),
});
