import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { CatalogCache } from './catalog-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const text = async (p: Promise<{ body: Buffer }>) => (await p).body.toString();

describe('CatalogCache', () => {
  it('keeps a load until a relevant write, and shares one load among concurrent readers', async () => {
    const cache = new CatalogCache();
    cache.setTrusted(true);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await Promise.all([text(cache.get('products', 'products', load)), text(cache.get('products', 'products', load))])).toEqual(['{"n":1}', '{"n":1}']);
    expect(await text(cache.get('products', 'products', load))).toBe('{"n":1}');
    cache.invalidate('reviews');
    expect(await text(cache.get('products', 'products', load))).toBe('{"n":1}');
    cache.invalidate('products');
    expect(await text(cache.get('products', 'products', load))).toBe('{"n":2}');
  });

  it('never stores a load that started before a write: a slow read cannot bring stale data back', async () => {
    const cache = new CatalogCache();
    cache.setTrusted(true);
    const slow = deferred<{ stock: number }>();
    const stale = cache.get('product/1', 'products', () => slow.promise);
    cache.invalidate('products'); // the write commits while the read is still running
    slow.resolve({ stock: 100 });
    expect(await text(stale)).toBe('{"stock":100}'); // that reader gets what it read…
    expect(await text(cache.get('product/1', 'products', async () => ({ stock: 90 })))).toBe('{"stock":90}'); // …but it was not kept
  });

  it('reads through, storing nothing, while it cannot hear the notifications', async () => {
    const cache = new CatalogCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get('reviews', 'reviews', load);
    await cache.get('reviews', 'reviews', load);
    expect(loads).toBe(2);
    cache.setTrusted(true);
    await cache.get('reviews', 'reviews', load);
    await cache.get('reviews', 'reviews', load);
    expect(loads).toBe(3);
  });

  it('reloads the ordered ids only when the catalogue members change, not on stock changes', async () => {
    const cache = new CatalogCache();
    cache.setTrusted(true);
    let loads = 0;
    const ids = async () => {
      loads++;
      return ['a', 'b'];
    };
    await cache.orderedIds(ids);
    cache.invalidate('products');
    await cache.orderedIds(ids);
    expect(loads).toBe(1);
    cache.invalidate('products:set');
    await cache.orderedIds(ids);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new CatalogCache({ maxEntries: 2 });
    cache.setTrusted(true);
    for (const key of ['p1', 'p2', 'p3']) await cache.get(key, 'products', async () => key);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('p1', 'products', async () => ((reloaded = true), 'p1'));
    expect(reloaded).toBe(true);
  });

  it('sends a compressed form that decompresses to the same bytes, made once', async () => {
    const cache = new CatalogCache();
    cache.setTrusted(true);
    const body = await cache.get('products', 'products', async () => Array.from({ length: 100 }, (_, i) => ({ name: `Part ${i}` })));
    const zlib = await import('node:zlib');
    expect(zlib.gunzipSync(body.encoded('gzip')).equals(body.body)).toBe(true);
    expect(body.encoded('gzip')).toBe(body.encoded('gzip'));
    expect(body.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('sends brotli at a fast level first, and at the best level once the answer is asked for again', async () => {
    const cache = new CatalogCache();
    cache.setTrusted(true);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: `Brake pad set ${i}`,
      description: `Sintered pads for axle ${i % 7}, with wear sensor and fitting kit.`,
    }));
    const body = await cache.get('products', 'products', async () => rows);
    const zlib = await import('node:zlib');
    const atQuality = (q: number) =>
      zlib.brotliCompressSync(body.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: q,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.body.length,
        },
      });
    const first = body.encoded('br');
    expect(first.equals(atQuality(5))).toBe(true);
    // Asked again: still the fast form, while the best one is made off the event loop.
    expect(body.encoded('br')).toBe(first);
    await eventually(async () => expect(body.encoded('br').equals(atQuality(11))).toBe(true));
    expect(body.encoded('br').length).toBeLessThan(first.length);
    expect(zlib.brotliDecompressSync(body.encoded('br')).equals(body.body)).toBe(true);
  });
});
