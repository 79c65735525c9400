import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES, uploadUrl, type CatalogImportError } from '@shop/shared';
import type { Db } from '../../db/client';
import { images, products } from '../../db/schema';
import { isUniqueViolation } from '../products/products.service';
import { storeImage, UnsupportedImageError } from '../uploads/uploads.service';

/**
 * Issue #35 item 3 (decision 214): the pictures a PIES feed names by address (`DigitalAssets`) are fetched after the
 * commit and stored as the shop's own uploads (PNG, JPEG or WebP, at most UPLOAD_MAX_BYTES, re-encoded to WebP by
 * the uploads module). A stored picture is named by its address (`feedImageId`), so the next import of the same
 * feed maps the address to the stored picture and changes nothing, and an address is fetched once for all parts.
 * A picture that cannot be had (not an image, too large, an error or no answer) leaves the part with the address,
 * and the job's errors say why.
 */

/** How long one picture may take to arrive. */
const FETCH_TIMEOUT_MS = 15_000;
/** Pictures fetched at once. */
const FETCH_CONCURRENCY = 4;

const isAddress = (url: string) => /^https?:\/\//i.test(url);

/** A stored feed picture's id: a name-based UUID (version 5 layout) of its address. */
export function feedImageId(url: string): string {
  const h = createHash('sha1').update(`pies-image\u0000${url}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The addresses among these that were fetched and stored already, with the shop's address of each. */
export async function storedFeedImages(db: Db, urls: Iterable<string>): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  for (const url of urls) if (isAddress(url)) byId.set(feedImageId(url), url);
  const out = new Map<string, string>();
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, ids.slice(i, i + 1000)));
    for (const r of rows) out.set(byId.get(r.id)!, uploadUrl(r.id));
  }
  return out;
}

class PictureRefused extends Error {}

/** The picture's bytes, read as they come and refused past the size limit (whatever Content-Length said). */
async function download(url: string): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new PictureRefused(
      `could not be fetched (${(err as Error).name === 'TimeoutError' ? `no answer in ${FETCH_TIMEOUT_MS / 1000} s` : (err as Error).message})`,
    );
  }
  const limit = `larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;
  if (!res.ok) {
    await res.body?.cancel();
    throw new PictureRefused(`answered ${res.status}`);
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type && !type.startsWith('image/') && type !== 'application/octet-stream') {
    await res.body?.cancel();
    throw new PictureRefused(`is not a picture (${type})`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > UPLOAD_MAX_BYTES) {
    await res.body?.cancel();
    throw new PictureRefused(`is ${limit}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) throw new PictureRefused('answered no body');
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > UPLOAD_MAX_BYTES) {
      await reader.cancel();
      throw new PictureRefused(`is ${limit}`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export interface FeedImagesResult {
  stored: number;
  refused: CatalogImportError[];
}

/**
 * Fetch the pictures the parts with these part-number keys still name by address, store each once, and put the
 * shop's address in their place (the part's other fields and its version stay: the picture is the same one).
 * Answers how many were stored and the refusals (`line` 0: they are the job's, not a line's).
 */
export async function fetchFeedImages(db: Db, skuKeys: readonly string[], uploadedBy: string | null): Promise<FeedImagesResult> {
  const result: FeedImagesResult = { stored: 0, refused: [] };
  const outcome = new Map<string, Promise<string | null>>();
  const queue: (() => Promise<void>)[] = [];
  const fetchOnce = (url: string): Promise<string | null> => {
    let pending = outcome.get(url);
    if (!pending) {
      pending = new Promise((resolve) => {
        queue.push(async () => {
          const id = feedImageId(url);
          try {
            const bytes = await download(url);
            await storeImage(db, bytes, uploadedBy, id);
            result.stored++;
            resolve(uploadUrl(id));
          } catch (err) {
            // Another part (or process) stored the same address meanwhile: it is there.
            if (isUniqueViolation(err)) return resolve(uploadUrl(id));
            const why =
              err instanceof PictureRefused
                ? err.message
                : err instanceof UnsupportedImageError
                  ? 'is not a PNG, JPEG or WebP picture'
                  : `could not be stored (${(err as Error).message})`;
            result.refused.push({ line: 0, message: `Picture ${url} ${why}: the part keeps the address` });
            resolve(null);
          }
        });
      });
      outcome.set(url, pending);
    }
    return pending;
  };

  for (let i = 0; i < skuKeys.length; i += 200) {
    const parts = await db
      .select({ id: products.id, img: products.img, images: products.images })
      .from(products)
      .where(inArray(products.skuKey, skuKeys.slice(i, i + 200)));
    const addresses = new Set(parts.flatMap((p) => [p.img, ...p.images]).filter(isAddress));
    if (!addresses.size) continue;
    const already = await storedFeedImages(db, addresses);
    for (const url of addresses) if (!already.has(url)) void fetchOnce(url);
    // Run the queue FETCH_CONCURRENCY at a time.
    await Promise.all(
      Array.from({ length: FETCH_CONCURRENCY }, async () => {
        for (let task = queue.shift(); task; task = queue.shift()) await task();
      }),
    );
    const shopUrl = async (url: string) => (isAddress(url) ? (already.get(url) ?? (await outcome.get(url)) ?? url) : url);
    const changes: { id: string; img: string; images: string[] }[] = [];
    for (const p of parts) {
      const img = await shopUrl(p.img);
      const list = await Promise.all(p.images.map(shopUrl));
      if (img !== p.img || list.some((u, k) => u !== p.images[k])) changes.push({ id: p.id, img, images: list });
    }
    // One transaction a chunk: the catalogue's NOTIFY (its triggers) is sent once for the chunk.
    if (changes.length)
      await db.transaction(async (tx) => {
        for (const c of changes) await tx.update(products).set({ img: c.img, images: c.images }).where(eq(products.id, c.id));
      });
  }
  return result;
}
