import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParamsSchema,
  modelAliasInputSchema,
  modelAliasListSchema,
  modelAliasSchema,
  searchQuerySchema,
  searchResultSchema,
  searchSynonymInputSchema,
  searchSynonymListSchema,
  searchSynonymSchema,
  searchMissParamsSchema,
  searchMissesSchema,
  searchOpenedSchema,
  searchMissProposalsSchema,
} from '@shop/shared';
import { search } from './search.service';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './synonyms.service';
import { createModelAlias, deleteModelAlias, listModelAliases } from './model-aliases.service';
import { resolveAuthSecret } from '../../lib/auth';
import { SearchMissCounter, dismissSearchMiss, listSearchMisses } from './search-misses.service';
import { MissFollowUps, proposeForMisses } from './miss-proposals.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const opts = { lowStockFactor: app.config.LOW_STOCK_FACTOR };
  // Issue #26 item 6 (decision 168): what shoppers did not find, counted without personal data.
  const misses = new SearchMissCounter(app.db, app.log, resolveAuthSecret(app.config));
  app.addHook('preClose', async () => misses.flush());
  // Issue #38 item 2 (decision 203): what a client searched and opened shortly after a miss, in memory only.
  const followUps = new MissFollowUps(resolveAuthSecret(app.config));

  app.get(
    '/search',
    {
      schema: {
        tags: ['products'],
        summary:
          'Search products by part number (case, spaces, dots and dashes ignored), name, brand, category and description, with word forms, synonyms and typos, filters and facets; relevance in the order of decision 158; ?vehicle={id} keeps the parts that fit it plus universal parts (unknown vehicle: 404); public (decisions 110, 132, 158)',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const result = await search(app.db, req.query, opts, (key, load) => app.catalogCache.memo(key, 'products', load));
      // Issue #26 item 6: a search the shopper submitted is counted (page 1 only, so paging does not count it again).
      if (req.query.track === 'true' && req.query.q && req.query.page === 1) {
        // A query answered part by part (issue #38, decision 195) found what it asked for: it is no miss.
        const found = result.total + (result.groups?.reduce((n, g) => n + g.total, 0) ?? 0);
        misses.searched(req.query.q, found, app.clock.now(), app.clientAddress(req));
        followUps.searched(req.query.q, found, app.clock.now(), app.clientAddress(req));
      }
      return result;
    },
  );

  app.post(
    '/search/opened',
    {
      schema: {
        tags: ['search'],
        summary: 'A shopper opened a result of a counted search (counted only for a client that searched for it; nothing about who is kept); public',
        body: searchOpenedSchema,
        response: { 204: z.null(), 400: errorResponseSchema },
      },
    },
    async (req, reply) => {
      misses.openedResult(req.body.q, app.clientAddress(req));
      followUps.opened(req.body.q, app.clock.now(), app.clientAddress(req));
      return reply.status(204).send(null);
    },
  );

  // Issue #26 (decision 158): the synonym groups, an admin's to edit; every write is audited, and the next search
  // reads them afresh (a write through /api/ drops the catalogue cache, the table's trigger tells other processes).
  const admin = { onRequest: [app.requireAdmin], security: [{ bearerAuth: [] }] };
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });

  app.get(
    '/search/synonyms',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Every synonym group of the search (admin)',
        security: admin.security,
        response: { 200: searchSynonymListSchema, ...errors },
      },
    },
    async () => ({ items: await listSynonyms(app.db) }),
  );
  app.post(
    '/search/synonyms',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Add a synonym group: terms that find the same parts, e.g. exhaust, muffler, silencer (admin)',
        security: admin.security,
        body: searchSynonymInputSchema,
        response: { 201: searchSynonymSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createSynonym(app.db, actor(req), req.body)),
  );
  app.put(
    '/search/synonyms/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Change the terms of a synonym group (admin)',
        security: admin.security,
        params: idParamsSchema,
        body: searchSynonymInputSchema,
        response: { 200: searchSynonymSchema, ...errors },
      },
    },
    async (req) => updateSynonym(app.db, actor(req), req.params.id, req.body),
  );
  app.delete(
    '/search/synonyms/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Delete a synonym group (admin)',
        security: admin.security,
        params: idParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteSynonym(app.db, actor(req), req.params.id);
      return { deleted: true as const };
    },
  );

  // Issue #38 item 2 (decision 198): the names riders give models ("t7", "wee strom"), edited like the synonyms; the
  // next search reads them afresh (the known models are kept with the catalogue, dropped by the write and the trigger).
  app.get(
    '/search/model-aliases',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Every model nickname of the search, e.g. t7 for the Yamaha Ténéré 700 (admin)',
        security: admin.security,
        response: { 200: modelAliasListSchema, ...errors },
      },
    },
    async () => ({ items: await listModelAliases(app.db) }),
  );
  app.post(
    '/search/model-aliases',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary:
          'Add a model nickname: a search naming it filters to the parts that fit that make and model, which must be in the vehicle list (400 otherwise); the same nickname for another model makes it name neither (admin)',
        security: admin.security,
        body: modelAliasInputSchema,
        response: { 201: modelAliasSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createModelAlias(app.db, actor(req), req.body)),
  );
  app.delete(
    '/search/model-aliases/:id',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Delete a model nickname (admin)',
        security: admin.security,
        params: idParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteModelAlias(app.db, actor(req), req.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    '/search/misses',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'The top searches that found nothing, and those whose results nobody opened (admin)',
        security: admin.security,
        response: { 200: searchMissesSchema, ...errors },
      },
    },
    async () => {
      await misses.flush();
      return listSearchMisses(app.db);
    },
  );
  app.get(
    '/search/misses/proposals',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary:
          'Synonyms and model nicknames proposed for the listed searches that found nothing, each with its evidence: what riders searched next and opened, or a spelling one typo beyond the correction, or a model name one letter away; applied through the synonym and nickname routes (admin, decision 203)',
        security: admin.security,
        response: { 200: searchMissProposalsSchema, ...errors },
      },
    },
    async () => {
      await misses.flush();
      const now = app.clock.now();
      return proposeForMisses(app.db, (await listSearchMisses(app.db)).zeroResults, (q) => followUps.followUps(q, now));
    },
  );
  app.delete(
    '/search/misses/:query',
    {
      onRequest: admin.onRequest,
      schema: {
        tags: ['search'],
        summary: 'Dismiss a query from the search misses (admin); it comes back if shoppers search it again',
        security: admin.security,
        params: searchMissParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await misses.flush();
      await dismissSearchMiss(app.db, actor(req), req.params.query);
      followUps.dismissed(req.params.query);
      return reply.status(204).send(null);
    },
  );
};
