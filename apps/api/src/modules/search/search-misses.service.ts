import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import { normaliseSearchQuery, type SearchMissRow, type SearchMisses } from '@shop/shared';
import type { Db } from '../../db/client';
import { searchMisses } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from './synonyms.service';

/**
 * Issue #26 item 6 (decision 168): what shoppers searched for and did not find. A submitted search (page 1 of the
 * results page, `track=true`) and an opened result are counted per normalised query, with nothing about who searched.
 * Counting must not slow the search: counts gather in memory and are written in one upsert every few seconds (and
 * before the admin's list is read, and when the server stops). Several processes add up, since every write adds.
 */

interface Pending {
  searches: number;
  zeroResults: number;
  opened: number;
  last: Date | null;
}

/** How many rows the admin's lists show. */
const TOP = 20;
/** The most distinct queries kept in memory between writes; beyond them a burst is dropped rather than grow memory. */
const MAX_PENDING = 5_000;
/** A query nobody has searched for in this long is forgotten (decision 170): the list is about what shoppers want now. */
export const SEARCH_MISS_RETENTION_DAYS = 180;
/** Forgetting is a scan of the table, so one process does it at most this often (and on its first write). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** A query that looks like an e-mail address is someone's data, not a part: never counted. */
const looksPersonal = (q: string) => /\S+@\S+/.test(q);

export class SearchMissCounter {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: unknown, msg: string): void },
    private readonly everyMs = 5_000,
  ) {}

  private add(q: string, change: Partial<Pending>): void {
    if (looksPersonal(q)) return;
    const query = normaliseSearchQuery(q);
    if (!query) return;
    let row = this.pending.get(query);
    if (!row) {
      if (this.pending.size >= MAX_PENDING) return;
      row = { searches: 0, zeroResults: 0, opened: 0, last: null };
      this.pending.set(query, row);
    }
    row.searches += change.searches ?? 0;
    row.zeroResults += change.zeroResults ?? 0;
    row.opened += change.opened ?? 0;
    if (change.last) row.last = change.last;
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs).unref();
  }

  /** A submitted search and how many parts it found. */
  searched(q: string, total: number, at: Date): void {
    this.add(q, { searches: 1, zeroResults: total === 0 ? 1 : 0, last: at });
  }

  /** A result opened from a counted search. */
  openedResult(q: string): void {
    this.add(q, { opened: 1 });
  }

  /** Write what has gathered, in one statement; a failed write is logged and its counts dropped (they are estimates). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending.entries()];
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db
          .insert(searchMisses)
          .values(
            batch.map(([query, p]) => ({
              query,
              searches: p.searches,
              zeroResults: p.zeroResults,
              opened: p.opened,
              ...(p.last ? { lastSearchedAt: p.last } : {}),
            })),
          )
          .onConflictDoUpdate({
            target: searchMisses.query,
            set: {
              searches: sql`${searchMisses.searches} + excluded.searches`,
              zeroResults: sql`${searchMisses.zeroResults} + excluded.zero_results`,
              opened: sql`${searchMisses.opened} + excluded.opened`,
              // An opened result alone does not make the query searched later than it was.
              lastSearchedAt: sql`CASE WHEN excluded.searches > 0 THEN greatest(${searchMisses.lastSearchedAt}, excluded.last_searched_at) ELSE ${searchMisses.lastSearchedAt} END`,
            },
          });
      } catch (err) {
        this.log.warn({ err, queries: batch.length }, 'search counts not written');
      }
      await this.prune();
    });
    return this.writing;
  }

  /** Deletes the queries nobody has searched for in SEARCH_MISS_RETENTION_DAYS, at most once an hour. */
  private async prune(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    const before = new Date(Date.now() - SEARCH_MISS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    try {
      await this.db.delete(searchMisses).where(lt(searchMisses.lastSearchedAt, before));
    } catch (err) {
      this.log.warn({ err }, 'old search counts not pruned');
    }
  }
}

const toRow = (r: typeof searchMisses.$inferSelect): SearchMissRow => ({
  query: r.query,
  searches: r.searches,
  zeroResults: r.zeroResults,
  opened: r.opened,
  lastSearchedAt: r.lastSearchedAt.toISOString(),
});

/** The top searches that found nothing, and the top searches that found parts nobody opened. */
export async function listSearchMisses(db: Db): Promise<SearchMisses> {
  const zero = await db
    .select()
    .from(searchMisses)
    .where(gt(searchMisses.zeroResults, 0))
    .orderBy(desc(searchMisses.zeroResults), desc(searchMisses.lastSearchedAt))
    .limit(TOP);
  const unopened = await db
    .select()
    .from(searchMisses)
    .where(sql`${searchMisses.searches} > ${searchMisses.zeroResults} AND ${searchMisses.opened} = 0`)
    .orderBy(desc(sql`${searchMisses.searches} - ${searchMisses.zeroResults}`), desc(searchMisses.lastSearchedAt))
    .limit(TOP);
  return { zeroResults: zero.map(toRow), notOpened: unopened.map(toRow) };
}

/** An admin dismisses a query (a synonym fixed it, or it is noise); it comes back if shoppers search it again. */
export async function dismissSearchMiss(db: Db, actor: Actor, query: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(searchMisses)
      .where(eq(searchMisses.query, normaliseSearchQuery(query)))
      .returning();
    if (!gone) return;
    await recordAudit(tx, {
      actor,
      action: 'search_miss.dismiss',
      entityType: 'search_miss',
      entityId: gone.query,
      before: { searches: gone.searches, zeroResults: gone.zeroResults, opened: gone.opened },
      after: null,
    });
  });
}
