import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sitemapFileParamsSchema } from '@shop/shared';
import { NotFoundError } from '../../lib/errors';
import { catalogueIds } from '../products/products.service';
import { diagramPaths } from '../diagrams/diagrams.service';
import { basketPaths, fittedVehicleSlugs } from '../job-baskets/job-baskets.service';
import { robotsTxt, sitemapFileXml, sitemapXml } from './seo.service';

/** Crawlers read these often; an hour is fresh enough for a catalogue, and the ids come from the catalogue cache. */
const CACHE_CONTROL = 'public, max-age=3600';

/** GET /robots.txt, /sitemap.xml and /sitemaps/parts-<n>.xml at the site's root, public (decision 103). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;
  const productIds = () => app.catalogCache.orderedIds(() => catalogueIds(app.db));
  // Issue #36 item 4 (decision 197): every diagram page, for each vehicle it applies to.
  // Issue #36 item 4 (decision 199): each job basket for each vehicle a part fits by its own fitment line.
  const guidePaths = async () => [
    ...(await app.catalogCache.memo('sitemap:diagrams', 'products', () => diagramPaths(app.db))),
    ...(await basketPaths(app.db, await app.catalogCache.memo('sitemap:fitted-vehicles', 'products', () => fittedVehicleSlugs(app.db)))),
  ];

  app.get('/robots.txt', { schema: { tags: ['seo'], summary: 'Rules for crawlers, with the sitemap address' } }, async (_req, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'The public pages, every parts diagram and every /parts/{id}; an index of files above 50,000 addresses' } },
    async (_req, reply) =>
      reply
        .header('cache-control', CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(publicUrl, await productIds(), undefined, await guidePaths())),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One file of a sitemap index (parts-1.xml, parts-2.xml, ...)',
        params: sitemapFileParamsSchema,
      },
    },
    async (req, reply) => {
      const n = Number(/^parts-(\d+)\.xml$/.exec(req.params.file)![1]);
      const xml = sitemapFileXml(publicUrl, await productIds(), n, undefined, await guidePaths());
      if (xml === null) throw new NotFoundError(`No sitemap file ${req.params.file}.`, 'SITEMAP_NOT_FOUND');
      return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);
    },
  );
};
