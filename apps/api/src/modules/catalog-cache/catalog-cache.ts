import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * What a write can change (the payloads of the `shop_catalog` notification):
 * - `products`: product rows changed but the catalogue kept its members and order (stock, price, text);
 * - `products:set`: a product was added or removed, or moved in the catalogue order;
 * - `reviews`: the reviews changed;
 * - `all`: anything (a lost notification connection, a write through this process).
 */
export type CacheScope = 'products' | 'products:set' | 'reviews' | 'all';
type EntryScope = 'products' | 'reviews';

/** Brotli at a given quality, as text, with the size known. */
const brotliOptions = (body: Buffer, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/** A serialized JSON answer, ready to send: its bytes, a validator and compressed forms made on first use. */
export class CachedBody {
  readonly etag: string;
  private readonly compressed = new Map<'br' | 'gzip', { bytes: Buffer; final: boolean }>();

  constructor(readonly body: Buffer) {
    this.etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  }

  /**
   * Compressed once per cached answer, not once per request. Brotli starts at
   * quality 5 (about 0.2 ms of CPU for a page of 9 products): maximum brotli
   * took about 15 ms, most of an uncached page's time, for 10 % fewer bytes,
   * and most pages of a large catalogue are asked for once (decision 141).
   * An answer asked for again is recompressed at quality 11 off the event
   * loop (zlib's thread pool) and sent that way from then on. Answers over
   * 1 MB (the whole catalogue) stay at the fast level; gzip -9 is cheap.
   */
  encoded(encoding: 'br' | 'gzip'): Buffer {
    const have = this.compressed.get(encoding);
    if (have) {
      if (!have.final) {
        have.final = true;
        zlib.brotliCompress(this.body, brotliOptions(this.body, 11), (err, best) => {
          if (!err) have.bytes = best;
        });
      }
      return have.bytes;
    }
    const big = this.body.length > 1_000_000;
    const bytes = encoding === 'br' ? zlib.brotliCompressSync(this.body, brotliOptions(this.body, 5)) : zlib.gzipSync(this.body, { level: big ? 6 : 9 });
    this.compressed.set(encoding, { bytes, final: encoding === 'gzip' || big });
    return bytes;
  }
}

export interface CatalogCacheOptions {
  /** Most answers kept at once; the oldest go first (deep pages of a huge catalogue must not grow memory without bound). */
  maxEntries?: number;
}

/**
 * The in-process cache of catalogue reads (decision 100). Entries are
 * serialized answers keyed by request; the ordered product ids (for paging
 * at any depth without OFFSET or COUNT) are kept beside them. Every write
 * anywhere reaches `invalidate` through PostgreSQL NOTIFY, and writes made
 * through this process also invalidate synchronously, before their response
 * leaves. Loads that started before an invalidation never store their
 * result, so a slow read cannot put stale data back. While the notification
 * connection is down the cache is bypassed: nothing is served from memory
 * that another process might have changed.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { scope: EntryScope; value: unknown }>();
  private readonly inflight = new Map<string, { scope: EntryScope; generation: number; promise: Promise<unknown> }>();
  private ids: { generation: number; value: Promise<string[]> } | undefined;
  private generations = { products: 0, 'products:set': 0, reviews: 0 };
  private trusted = false;
  private readonly maxEntries: number;
  /** Hit and miss counts, for the bench and for diagnosing. */
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(opts: CatalogCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 5000;
  }

  /** Whether notifications are being heard; until they are, every read goes to the database. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidate('all');
  }

  get isTrusted(): boolean {
    return this.trusted;
  }

  invalidate(scope: CacheScope): void {
    this.stats.invalidations++;
    const products = scope === 'products' || scope === 'products:set' || scope === 'all';
    const reviews = scope === 'reviews' || scope === 'all';
    if (products) this.generations.products++;
    if (scope === 'products:set' || scope === 'all') {
      this.generations['products:set']++;
      this.ids = undefined;
    }
    if (reviews) this.generations.reviews++;
    for (const [key, entry] of this.entries) {
      if ((entry.scope === 'products' && products) || (entry.scope === 'reviews' && reviews)) this.entries.delete(key);
    }
    for (const [key, flight] of this.inflight) {
      if (flight.generation !== this.generations[flight.scope]) this.inflight.delete(key);
    }
  }

  /** A cached answer, or `load` run once for all concurrent callers and kept until the next relevant write. */
  get(key: string, scope: EntryScope, load: () => Promise<unknown>): Promise<CachedBody> {
    return this.memo(key, scope, async () => new CachedBody(Buffer.from(JSON.stringify(await load()))));
  }

  /**
   * Any value computed from the catalogue (the counts of a search, decision 112), kept like the answers: `load` runs
   * once for all concurrent callers, and its value stays until the next relevant write. Callers keep their keys apart
   * from the answers' (the search prefixes its keys with `search:`).
   */
  async memo<V>(key: string, scope: EntryScope, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits++;
      return hit.value as V;
    }
    this.stats.misses++;
    if (!this.trusted) return load();
    const generation = this.generations[scope];
    const flight = this.inflight.get(key);
    if (flight && flight.generation === generation) return flight.promise as Promise<V>;
    const promise = load().then((value) => {
      if (this.trusted && this.generations[scope] === generation) this.store(key, scope, value);
      return value;
    });
    const flightEntry = { scope, generation, promise };
    const clear = () => {
      if (this.inflight.get(key) === flightEntry) this.inflight.delete(key);
    };
    promise.then(clear, clear);
    this.inflight.set(key, flightEntry);
    return promise;
  }

  /**
   * The cached answer under `key` if it is there and may be served now (decision 142), without loading anything:
   * entries exist only while notifications are heard, and every invalidation drops them synchronously.
   */
  peek(key: string): CachedBody | undefined {
    if (!this.trusted) return undefined;
    const hit = this.entries.get(key);
    if (!(hit?.value instanceof CachedBody)) return undefined;
    this.stats.hits++;
    return hit.value;
  }

  /** The catalogue's product ids in catalogue order, loaded once per change of its members. */
  async orderedIds(load: () => Promise<string[]>): Promise<string[]> {
    if (!this.trusted) return load();
    const generation = this.generations['products:set'];
    if (this.ids && this.ids.generation === generation) return this.ids.value;
    const value = load();
    this.ids = { generation, value };
    value.catch(() => {
      if (this.ids?.value === value) this.ids = undefined;
    });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, scope: EntryScope, value: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, { scope, value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
