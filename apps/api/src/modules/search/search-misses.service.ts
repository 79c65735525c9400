import crypto from 'node:crypto';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { normaliseSearchQuery, type SearchMissRow, type SearchMisses } from '@shop/shared';
import type { Db } from '../../db/client';
import { searchMissClients, searchMisses } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from './synonyms.service';

/**
 * Issue #26 item 6 (decision 168): what shoppers searched for and did not find. A submitted search (page 1 of the
 * results page, `track=true`) and an opened result are counted per normalised query, with nothing about who searched.
 * Counting must not slow the search: counts gather in memory and are written in one upsert every few seconds (and
 * before the admin's list is read, and when the server stops). Several processes add up, since every write adds.
 *
 * Issue #34 item 7: one visitor could put any text at the top of the admin's page by sending it 25 times. A search
 * now counts once per client per (UTC) day, and the lists show only queries that at least MIN_CLIENTS distinct
 * clients searched for. A client is its address (for a server-rendered page, the address of the page's client),
 * kept only as a keyed hash of address and query (search_miss_clients), so no address is stored and one client's
 * rows for two queries cannot be matched.
 */

/** A submitted search of one client, waiting for the next write. */
interface PendingSearch {
  query: string;
  client: string;
  zero: boolean;
  at: Date;
}

/** How many rows the admin's lists show. */
const TOP = 20;
/** A query shows on the admin's lists once this many distinct clients have searched for it. */
export const MIN_CLIENTS = 2;
/** The most distinct queries kept in memory between writes; beyond them a burst is dropped rather than grow memory. */
const MAX_PENDING = 5_000;
/** A query nobody has searched for in this long is forgotten (decision 170): the list is about what shoppers want now. */
export const SEARCH_MISS_RETENTION_DAYS = 180;
/** Forgetting is a scan of the table, so one process does it at most this often (and on its first write). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** A query that looks like an e-mail address is someone's data, not a part: never counted. */
const looksPersonal = (q: string) => /\S+@\S+/.test(q);

/** The query, normalised, or null when it is not counted (empty, or someone's e-mail address). */
const countedQuery = (q: string): string | null => (looksPersonal(q) ? null : normaliseSearchQuery(q) || null);

export class SearchMissCounter {
  /** Submitted searches by query and client: a client's repeats before the next write are one. */
  private searches = new Map<string, PendingSearch>();
  /** Opened results by query and client: a client's repeats before the next write are one. */
  private opened = new Map<string, { query: string; client: string }>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private prunedAt = 0;

  /** `secret` keys the hash of a client's address (the shop's session secret): without it the hash is not reversible by trying addresses. */
  constructor(
    private readonly db: Db,
    private readonly log: { warn(obj: unknown, msg: string): void },
    private readonly secret: string,
    private readonly everyMs = 5_000,
  ) {}

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs).unref();
  }

  /** A keyed hash of the client's address and the query: never the address itself. */
  private clientKey(query: string, address: string): string {
    return crypto.createHmac('sha256', this.secret).update(`search-miss\n${query}\n${address}`).digest('base64url').slice(0, 22);
  }

  /** A search submitted by the client at `address`, and how many parts it found. */
  searched(q: string, total: number, at: Date, address: string): void {
    const query = countedQuery(q);
    if (!query) return;
    const client = this.clientKey(query, address);
    const key = `${query}\n${client}`;
    if (!this.searches.has(key) && this.searches.size >= MAX_PENDING) return;
    this.searches.set(key, { query, client, zero: total === 0, at });
    this.schedule();
  }

  /**
   * A result opened from a counted search, by the client at `address`. It counts only for a client that searched
   * for the query (its search row is there when the open is written), so a request alone takes no query off the
   * admin's lists.
   */
  openedResult(q: string, address: string): void {
    const query = countedQuery(q);
    if (!query) return;
    const client = this.clientKey(query, address);
    const key = `${query}\n${client}`;
    if (!this.opened.has(key) && this.opened.size >= MAX_PENDING) return;
    this.opened.set(key, { query, client });
    this.schedule();
  }

  /** The opened results whose client searched for the query (searches are claimed first, in the same transaction). */
  private async searchedBefore(tx: Db, opened: { query: string; client: string }[]): Promise<{ query: string }[]> {
    if (opened.length === 0) return [];
    return tx
      .select({ query: searchMissClients.query })
      .from(searchMissClients)
      .where(
        sql`(${searchMissClients.query}, ${searchMissClients.client}) in (${sql.join(
          opened.map((o) => sql`(${o.query}, ${o.client})`),
          sql`, `,
        )})`,
      );
  }

  /**
   * The searches that count: a client's first search of a query, or its first on a later day. Each such search
   * claims its (query, client) row for the day in one conditional upsert, so processes writing at once count it once.
   */
  private async claim(tx: Db, batch: PendingSearch[]): Promise<{ query: string; client: string; first: boolean }[]> {
    if (batch.length === 0) return [];
    return tx
      .insert(searchMissClients)
      .values(batch.map((s) => ({ query: s.query, client: s.client, day: s.at.toISOString().slice(0, 10) })))
      .onConflictDoUpdate({
        target: [searchMissClients.query, searchMissClients.client],
        set: { day: sql`excluded.day` },
        setWhere: sql`${searchMissClients.day} < excluded.day`,
      })
      .returning({ query: searchMissClients.query, client: searchMissClients.client, first: sql<boolean>`(xmax = 0)` });
  }

  /** Write what has gathered, in one transaction; a failed write is logged and its counts dropped (they are estimates). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const searches = [...this.searches.values()];
    const opened = [...this.opened.values()];
    this.searches = new Map();
    this.opened = new Map();
    this.writing = this.writing.then(async () => {
      if (searches.length === 0 && opened.length === 0) return;
      try {
        await this.db.transaction(async (tx) => {
          const rows = new Map<string, { searches: number; zeroResults: number; opened: number; clients: number; last: Date | null }>();
          const rowOf = (query: string) => {
            let row = rows.get(query);
            if (!row) rows.set(query, (row = { searches: 0, zeroResults: 0, opened: 0, clients: 0, last: null }));
            return row;
          };
          const byKey = new Map(searches.map((s) => [`${s.query}\n${s.client}`, s]));
          for (const counted of await this.claim(tx, searches)) {
            const s = byKey.get(`${counted.query}\n${counted.client}`);
            if (!s) continue;
            const row = rowOf(s.query);
            row.searches += 1;
            row.zeroResults += s.zero ? 1 : 0;
            row.clients += counted.first ? 1 : 0;
            if (!row.last || row.last < s.at) row.last = s.at;
          }
          for (const { query } of await this.searchedBefore(tx, opened)) rowOf(query).opened += 1;
          if (rows.size === 0) return;
          await tx
            .insert(searchMisses)
            .values(
              [...rows.entries()].map(([query, p]) => ({
                query,
                searches: p.searches,
                zeroResults: p.zeroResults,
                opened: p.opened,
                clients: p.clients,
                ...(p.last ? { lastSearchedAt: p.last } : {}),
              })),
            )
            .onConflictDoUpdate({
              target: searchMisses.query,
              set: {
                searches: sql`${searchMisses.searches} + excluded.searches`,
                zeroResults: sql`${searchMisses.zeroResults} + excluded.zero_results`,
                opened: sql`${searchMisses.opened} + excluded.opened`,
                clients: sql`${searchMisses.clients} + excluded.clients`,
                // An opened result alone does not make the query searched later than it was.
                lastSearchedAt: sql`CASE WHEN excluded.searches > 0 THEN greatest(${searchMisses.lastSearchedAt}, excluded.last_searched_at) ELSE ${searchMisses.lastSearchedAt} END`,
              },
            });
        });
      } catch (err) {
        this.log.warn({ err, queries: searches.length + opened.length }, 'search counts not written');
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
      // A client row of a day that old counted nothing since: a search now would count as a new client's.
      await this.db.delete(searchMissClients).where(lt(searchMissClients.day, before.toISOString().slice(0, 10)));
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

/**
 * The top searches that found nothing, and the top searches that found parts nobody opened; each searched by several
 * clients. Issue #39 item 8: the two lists are apart and both are misses. "Found nothing" is a query none of whose
 * counted searches found a part; one that found parts since (a synonym, a new part) moves to "nobody opened" until a
 * shopper opens a result, and a query whose result was opened is on neither list.
 */
export async function listSearchMisses(db: Db): Promise<SearchMisses> {
  const several = gte(searchMisses.clients, MIN_CLIENTS);
  const zero = await db
    .select()
    .from(searchMisses)
    .where(and(several, gt(searchMisses.zeroResults, 0), sql`${searchMisses.zeroResults} >= ${searchMisses.searches}`, eq(searchMisses.opened, 0)))
    .orderBy(desc(searchMisses.zeroResults), desc(searchMisses.lastSearchedAt))
    .limit(TOP);
  const unopened = await db
    .select()
    .from(searchMisses)
    .where(and(several, sql`${searchMisses.searches} > ${searchMisses.zeroResults} AND ${searchMisses.opened} = 0`))
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
    // It comes back when several clients search for it again, the ones that did before included.
    await tx.delete(searchMissClients).where(eq(searchMissClients.query, gone.query));
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
