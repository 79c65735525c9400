import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { CoalescedNotify } from '../../db/notify-after-commit';
import { CachedBody, CatalogCache, type CacheScope } from './catalog-cache';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: CatalogCache;
    /**
     * Tells every process that product rows changed, for a transaction that set
     * `notifyAfterCommitMarker('products')` (decision 143): one NOTIFY, a few
     * milliseconds later, for all such transactions in between.
     */
    announceProductsChanged: () => void;
  }
}

/** The NOTIFY channel the catalogue triggers write to (migration 0003_catalog-notify). */
export const CATALOG_CHANNEL = 'shop_catalog';

const SCOPES = new Set<CacheScope>(['products', 'products:set', 'reviews']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A write through this process, by its URL: what it may have changed. */
function scopeOfWrite(url: string): CacheScope | null {
  if (!url.startsWith('/api/') || url.startsWith('/api/auth/')) return null;
  // Adding, deleting or importing products changes the catalogue's members; every other write may move stock or reviews.
  return url.startsWith('/api/product') ? 'all' : 'products';
}

/**
 * The catalogue cache for this app (decision 100): LISTEN on the database for
 * every committed write from any process, and drop the cache synchronously
 * for writes made here, before their answer leaves, so a client always reads
 * its own write.
 */
export const catalogCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new CatalogCache();
  app.decorate('catalogCache', cache);
  const unlisten = await app.database.listen(CATALOG_CHANNEL, {
    message: (payload) => cache.invalidate(SCOPES.has(payload as CacheScope) ? (payload as CacheScope) : 'all'),
    state: (listening) => {
      if (!listening && cache.isTrusted) app.log.warn('catalogue notifications lost: serving the catalogue from the database until they are back');
      cache.setTrusted(listening);
    },
  });
  app.addHook('onClose', async () => unlisten());

  const productsChanged = new CoalescedNotify({
    send: () => app.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'products')`),
    onError: (err) => app.log.warn({ err }, 'catalogue notification not sent: retrying'),
  });
  app.decorate('announceProductsChanged', () => productsChanged.request());
  // Sends what is pending; if the pool already closed, the failure is logged and nothing else happens.
  app.addHook('onClose', async () => productsChanged.close());
  // A process that stopped between an order's commit and its announcement announces on its next start: the others
  // drop what they cached meanwhile (decision 143). Nothing to tell when this process is the only one (PGlite).
  // Sent before the app is ready, so it never lands in the middle of what this process serves; if it fails, it is
  // retried in the background like any other announcement.
  if (app.database.kind === 'postgres') {
    app.addHook('onReady', async () => {
      try {
        await app.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'products')`);
      } catch (err) {
        app.log.warn({ err }, 'catalogue notification not sent: retrying');
        productsChanged.request();
      }
    });
  }

  app.addHook('onSend', async (req, _reply, payload) => {
    if (WRITES.has(req.method)) {
      const scope = scopeOfWrite(req.url);
      if (scope === 'products') {
        cache.invalidate('products');
        cache.invalidate('reviews');
      } else if (scope) cache.invalidate(scope);
    }
    return payload;
  });
});

/** The client's acceptable encodings, best first among the two we make (brotli preferred at equal weight). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let best: 'br' | 'gzip' | null = null;
  let bestQ = 0;
  let star = -1;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isNaN(weight)) continue;
    if (name === '*') star = weight;
    else q[name] = weight;
  }
  for (const enc of ['br', 'gzip'] as const) {
    const weight = q[enc] ?? (star >= 0 ? star : 0);
    if (weight > bestQ) {
      best = enc;
      bestQ = weight;
    }
  }
  return best;
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`, and `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** Smaller answers are not worth compressing (the spec of issue #10: above 1 KB). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Send a cached JSON answer: 304 when the client holds it already, else its
 * precompressed form when the client accepts one. `no-cache` lets browsers
 * keep it but ask again each time, which the ETag makes a few bytes.
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  reply.header('etag', cached.etag);
  reply.header('cache-control', 'no-cache');
  reply.header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = cached.body.length >= COMPRESS_THRESHOLD ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) return reply.header('content-encoding', encoding).send(cached.encoded(encoding));
  return reply.send(cached.body);
}

export { CachedBody };
