import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { PIES_DISCONTINUING_CODES, skuKey, type PiesItem } from '@shop/shared';
import type { Db } from '../../db/client';
import { importJobRows, products } from '../../db/schema';
import { productsBySkuKey } from './pies-import';

/**
 * Decision 217: what a PIES feed says about a part's life. A part is discontinued (products.discontinued_at) when its
 * item carries a life-cycle code that ends it (EXPI LIF 6 renumbered, 7 superseded, 8 discontinued, 9 obsolete, A
 * while supplies last), when an UPDATE feed deletes it (MaintenanceType D), or when a FULL feed of its brand no longer
 * lists it. It is never deleted: it is sold while its stock lasts and keeps its orders. An item that lists the part
 * again without such a code makes it sold again.
 */

/** A part the commit discontinues though no item of the feed is applied to it, staged at a negative line. */
export interface DiscontinueMarker {
  discontinue: 'delete' | 'missing';
  brand: string;
  partNumber: string;
  /** The D item's line; null for a part missing from a FULL feed. */
  line: number | null;
}

export const isDiscontinueMarker = (data: unknown): data is DiscontinueMarker =>
  typeof data === 'object' && data !== null && 'discontinue' in data && typeof (data as DiscontinueMarker).discontinue === 'string';

export const endsLife = (item: Pick<PiesItem, 'lifeCycle'>) => item.lifeCycle != null && PIES_DISCONTINUING_CODES.includes(item.lifeCycle);

const sameBrand = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Discontinue (now) the parts of these ids not discontinued yet; make the others of `restore` sold again. */
async function setDiscontinued(tx: Db, discontinue: string[], restore: string[]): Promise<{ discontinued: number; restored: number }> {
  const bump = { version: sql`${products.version} + 1`, updatedAt: new Date() };
  let discontinued = 0;
  let restored = 0;
  for (let i = 0; i < discontinue.length; i += 1000) {
    const done = await tx
      .update(products)
      .set({ discontinuedAt: new Date(), ...bump })
      .where(and(inArray(products.id, discontinue.slice(i, i + 1000)), isNull(products.discontinuedAt)))
      .returning({ id: products.id });
    discontinued += done.length;
  }
  for (let i = 0; i < restore.length; i += 1000) {
    const done = await tx
      .update(products)
      .set({ discontinuedAt: null, ...bump })
      .where(and(inArray(products.id, restore.slice(i, i + 1000)), isNotNull(products.discontinuedAt)))
      .returning({ id: products.id });
    restored += done.length;
  }
  return { discontinued, restored };
}

/** After a chunk of items is applied: each applied item's life-cycle code sets or clears its part's flag. */
export async function applyPiesLifeCycle(tx: Db, items: readonly PiesItem[]): Promise<{ discontinued: number; restored: number }> {
  if (!items.length) return { discontinued: 0, restored: 0 };
  const parts = await productsBySkuKey(
    tx,
    items.map((i) => skuKey(i.partNumber)),
  );
  const discontinue: string[] = [];
  const restore: string[] = [];
  for (const item of items) {
    const part = parts.get(skuKey(item.partNumber));
    if (!part || !sameBrand(part.brand, item.brand)) continue;
    (endsLife(item) ? discontinue : restore).push(part.id);
  }
  return setDiscontinued(tx, discontinue, restore);
}

/** At the end of the commit: the parts an UPDATE deleted and those a FULL feed left out (the markers the read staged). */
export async function applyDiscontinueMarkers(tx: Db, jobId: string): Promise<number> {
  const staged = await tx
    .select({ data: importJobRows.data })
    .from(importJobRows)
    .where(and(eq(importJobRows.jobId, jobId), lt(importJobRows.line, 0)));
  const markers = staged.map((s) => s.data).filter(isDiscontinueMarker);
  let discontinued = 0;
  for (let i = 0; i < markers.length; i += 1000) {
    const chunk = markers.slice(i, i + 1000);
    const parts = await productsBySkuKey(
      tx,
      chunk.map((m) => skuKey(m.partNumber)),
      true,
    );
    const ids = chunk.flatMap((m) => {
      const part = parts.get(skuKey(m.partNumber));
      return part && sameBrand(part.brand, m.brand) ? [part.id] : [];
    });
    discontinued += (await setDiscontinued(tx, ids, [])).discontinued;
  }
  return discontinued;
}
