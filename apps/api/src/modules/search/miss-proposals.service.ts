import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  findVehicleInQuery,
  normaliseModelAlias,
  normaliseSearchQuery,
  vehicleKey,
  type KnownModel,
  type SearchMissEvidence,
  type SearchMissProposal,
  type SearchMissProposals,
  type SearchMissRow,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { MIN_CLIENTS } from './search-misses.service';
import { allowedTypos, vocabularyStatement } from './vocabulary';

/**
 * Issue #38 item 2 (decision 203): the Search Misses page proposes the riders' words the shop lacks, from real misses:
 * a word as a synonym of a catalogue term ("pipe" → exhaust), or as a nickname of a listed model ("gixxer").
 *
 * The strongest evidence is what a client did next: it searched the miss, then within FOLLOW_UP_MS searched words that
 * found parts and opened one. The stored counts cannot tell that (decision 177 keeps one client's rows for two queries
 * apart on purpose), so MissFollowUps keeps it in memory only: the last miss of a keyed hash of each address, for
 * minutes, and per (miss, found) pair the distinct clients, again as keyed hashes. Nothing about who is written down;
 * a restart forgets the pairs (see decision 203 for the table that would keep them).
 */

/** A search that found parts this soon after a miss, then an opened result of it, is the miss's answer. */
export const FOLLOW_UP_MS = 10 * 60 * 1000;
/** The most clients remembered between a miss and their next search, and the most (miss, found) pairs kept. */
const MAX_CLIENTS = 5_000;
const MAX_PAIRS = 2_000;
/** A pair nobody has followed in this long is forgotten. */
const PAIR_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const counted = (q: string): string | null => (/\S+@\S+/.test(q) ? null : normaliseSearchQuery(q) || null);

interface Pair {
  clients: Set<string>;
  last: number;
}

export class MissFollowUps {
  /** By client: its last search that found nothing, and the search that found parts after it. */
  private recent = new Map<string, { miss: string; at: number; found?: string; foundAt?: number }>();
  /** miss → found query → the clients that followed the one with the other and opened a result. */
  private pairs = new Map<string, Map<string, Pair>>();
  private pairCount = 0;

  constructor(private readonly secret: string) {}

  private key(label: string, ...parts: string[]): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`${label}\n${parts.join('\n')}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private remember(client: string, entry: { miss: string; at: number; found?: string; foundAt?: number }): void {
    this.recent.delete(client);
    if (this.recent.size >= MAX_CLIENTS) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(client, entry);
  }

  /** A submitted search (the same call as the miss counter's): a miss starts a follow-up, a found search continues one. */
  searched(q: string, total: number, at: Date, address: string): void {
    const query = counted(q);
    if (!query) return;
    const client = this.key('follow-up-client', address);
    if (total === 0) return this.remember(client, { miss: query, at: at.getTime() });
    const last = this.recent.get(client);
    if (!last || last.miss === query || at.getTime() - last.at > FOLLOW_UP_MS) return;
    this.remember(client, { ...last, found: query, foundAt: at.getTime() });
  }

  /** A result opened from the search `q`: when it is the client's search after a miss, the pair counts that client. */
  opened(q: string, at: Date, address: string): void {
    const query = counted(q);
    if (!query) return;
    const client = this.key('follow-up-client', address);
    const last = this.recent.get(client);
    if (!last?.found || last.found !== query || at.getTime() - (last.foundAt ?? last.at) > FOLLOW_UP_MS) return;
    let byFound = this.pairs.get(last.miss);
    if (!byFound) this.pairs.set(last.miss, (byFound = new Map()));
    let pair = byFound.get(query);
    if (!pair) {
      if (this.pairCount >= MAX_PAIRS) this.forget(at.getTime(), true);
      if (this.pairCount >= MAX_PAIRS) return;
      byFound.set(query, (pair = { clients: new Set(), last: 0 }));
      this.pairCount += 1;
    }
    pair.clients.add(this.key('follow-up-pair', last.miss, query, address));
    pair.last = at.getTime();
  }

  /** Forgets the pairs older than PAIR_RETENTION_MS (and, when `full`, those followed by one client only). */
  private forget(now: number, full = false): void {
    for (const [miss, byFound] of this.pairs) {
      for (const [found, pair] of byFound)
        if (now - pair.last > PAIR_RETENTION_MS || (full && pair.clients.size < MIN_CLIENTS)) {
          byFound.delete(found);
          this.pairCount -= 1;
        }
      if (byFound.size === 0) this.pairs.delete(miss);
    }
  }

  /** What the clients who missed `miss` searched next and opened, by distinct clients, most first. */
  followUps(miss: string, now: Date): { found: string; clients: number }[] {
    this.forget(now.getTime());
    return [...(this.pairs.get(miss)?.entries() ?? [])]
      .map(([found, p]) => ({ found, clients: p.clients.size }))
      .sort((a, b) => b.clients - a.clients || a.found.localeCompare(b.found));
  }

  /** A dismissed miss forgets its pairs too. */
  dismissed(q: string): void {
    const query = counted(q);
    const byFound = query ? this.pairs.get(query) : undefined;
    if (!query || !byFound) return;
    this.pairCount -= byFound.size;
    this.pairs.delete(query);
  }
}

type Exec = <R>(statement: SQL) => Promise<R[]>;

/** A word at most this many letters from a model's name, written without spaces ("mt7" for MT-07), is proposed for it. */
const MODEL_NAME_DISTANCE = 1;
/** Words shorter than this are not proposed from their spelling alone (too many words are one letter from "ab"). */
const MIN_SPELLED = 3;

/** Damerau–Levenshtein (optimal string alignment) distance, as `shop_search_typos` counts typos. */
export function typos(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * For each word, the catalogue words one typo further than the search corrects for its length (letters only, as the
 * correction): the closest by trigrams and those with the same letters, in one statement for every word.
 */
function nearStatement(words: string[]): SQL {
  return sql`
    SELECT w.word, c.word AS near, c.products, shop_search_stem(c.word) AS stem, shop_search_typos(w.word, c.word) AS d
    FROM unnest(ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[], ARRAY[${sql.join(
      words.map((w) => sql`${allowedTypos(w.length) + 1}`),
      sql`, `,
    )}]::int[]) AS w(word, reach)
    CROSS JOIN LATERAL (
      SELECT k.word, k.products FROM (
        (SELECT s.word, s.products FROM search_words s WHERE s.word !~ '[0-9]' ORDER BY s.word <-> w.word LIMIT 20)
        UNION
        (SELECT s.word, s.products FROM search_words s WHERE s.word !~ '[0-9]' AND shop_search_letters(s.word) = shop_search_letters(w.word) LIMIT 20)
      ) k WHERE k.word <> w.word AND abs(length(k.word) - length(w.word)) <= w.reach
    ) c
    WHERE shop_search_typos(w.word, c.word) <= w.reach`;
}

interface Vocabulary {
  /** Every synonym term, with its group. */
  terms: Map<string, { id: string; terms: string[] }>;
  /** Every word of a synonym term, a nickname, a make or a model (as vehicleKey): never proposed. */
  taken: Set<string>;
  models: KnownModel[];
}

async function loadVocabulary(exec: Exec): Promise<Vocabulary> {
  const [groups, models] = await Promise.all([
    exec<{ id: string; terms: string[] }>(sql`SELECT id::text AS id, terms FROM search_synonyms ORDER BY id`),
    exec<{ make: string; model: string; from_year: number; to_year: number; aliases: string[] | null }>(
      sql`SELECT v.make, v.model, min(v.year)::int AS from_year, max(v.year)::int AS to_year,
        (SELECT array_agg(a.alias ORDER BY a.alias) FROM vehicle_aliases a WHERE a.make = v.make AND a.model = v.model) AS aliases
      FROM vehicles v GROUP BY v.make, v.model ORDER BY v.make, v.model`,
    ),
  ]);
  const terms = new Map<string, { id: string; terms: string[] }>();
  const taken = new Set<string>();
  for (const g of groups)
    for (const term of g.terms) {
      if (!terms.has(term)) terms.set(term, g);
      taken.add(vehicleKey(term));
      for (const w of term.split(' ')) taken.add(w);
    }
  for (const m of models) {
    taken.add(vehicleKey(m.make));
    taken.add(vehicleKey(m.model));
    for (const a of m.aliases ?? []) taken.add(vehicleKey(a));
  }
  return {
    terms,
    taken,
    models: models.map((m) => ({
      make: m.make,
      model: m.model,
      fromYear: Number(m.from_year),
      toYear: Number(m.to_year),
      ...(m.aliases?.length && { aliases: m.aliases }),
    })),
  };
}

const words = (q: string) => q.split(' ').filter(Boolean);
/** The words of `a` not in `b`, in order. */
const without = (a: string[], b: string[]) => a.filter((w) => !b.includes(w));

/**
 * The proposals for the listed searches that found nothing (decision 203), strongest evidence first, at most one per
 * word. Three statements in all, whatever the number of misses: the vocabulary, the catalogue's knowledge of every
 * word, and the near catalogue words of the unknown ones.
 */
export async function proposeForMisses(
  db: Db,
  misses: SearchMissRow[],
  followUps: (miss: string) => { found: string; clients: number }[],
): Promise<SearchMissProposals> {
  if (misses.length === 0) return { items: [] };
  const exec: Exec = async (statement) => ((await db.execute(statement)) as unknown as { rows: never[] }).rows;
  const vocab = await loadVocabulary(exec);
  const follows = new Map(misses.map((m) => [m.query, followUps(m.query).filter((f) => f.clients >= MIN_CLIENTS)]));
  const all = [...new Set([...misses.flatMap((m) => words(m.query)), ...[...follows.values()].flat().flatMap((f) => words(f.found))])];
  const info = await exec<{ word: string; forms: string[] | null; completions: string[] | null }>(vocabularyStatement(all));
  const known = new Set(info.filter((i) => i.forms?.length || i.completions?.length).map((i) => i.word));
  // A word the shop already has in its vocabulary, or a number (a size, a year, a part number), is never proposed.
  const proposable = (w: string) => !known.has(w) && !vocab.taken.has(w) && !vocab.taken.has(vehicleKey(w)) && /\p{L}/u.test(w);
  const spelled = [...new Set(misses.flatMap((m) => words(m.query)))].filter((w) => proposable(w) && /^\p{L}+$/u.test(w) && w.length >= MIN_SPELLED);
  const near = spelled.length ? await exec<{ word: string; near: string; products: number; stem: string; d: number }>(nearStatement(spelled)) : [];

  const synonym = (word: string, term: string, evidence: SearchMissEvidence): SearchMissProposal => {
    const group = vocab.terms.get(term);
    return { kind: 'synonym', word, term, groupId: group?.id ?? null, groupTerms: group?.terms ?? null, evidence };
  };

  const items: SearchMissProposals['items'] = [];
  for (const miss of misses) {
    const mw = words(miss.query);
    const proposals: SearchMissProposal[] = [];
    const proposed = new Set<string>();
    const add = (p: SearchMissProposal) => {
      if (proposed.has(p.word)) return;
      proposed.add(p.word);
      proposals.push(p);
    };
    // 1. What riders searched next and opened.
    for (const f of follows.get(miss.query) ?? []) {
      const fw = words(f.found);
      const mine = without(mw, fw);
      const theirs = without(fw, mw);
      if (mine.length === 0 || theirs.length === 0 || !mine.every(proposable)) continue;
      const evidence: SearchMissEvidence = { kind: 'followed', clients: f.clients, then: f.found };
      const bike = findVehicleInQuery(f.found, vocab.models);
      const alias = normaliseModelAlias(mine.join(' '));
      // The next search named a model, and the rest of it is the rest of the miss: the miss's own words named the bike.
      if (bike?.model && mine.length <= 3 && words(normaliseSearchQuery(bike.rest)).join(' ') === without(mw, mine).join(' ')) {
        add({ kind: 'nickname', word: alias, make: bike.make, model: bike.model, evidence });
      } else if (mine.length === 1 && theirs.length <= 3 && theirs.every((w) => known.has(w))) {
        add(synonym(mine[0], theirs.join(' '), evidence));
      }
    }
    // 2. The spelling alone, only when the miss's other words are the catalogue's (the rest of the query names parts).
    const unknown = mw.filter((w) => !known.has(w));
    if (unknown.length === 1 && proposable(unknown[0]) && !proposed.has(unknown[0])) {
      const w = unknown[0];
      const key = vehicleKey(w);
      const close = vocab.models
        .map((m) => ({ m, d: typos(key, vehicleKey(m.model)) }))
        .filter((x) => /\p{N}/u.test(vehicleKey(x.m.model)) && key.length >= MIN_SPELLED && x.d <= MODEL_NAME_DISTANCE);
      const nearest = near.filter((n) => n.word === w);
      const best = Math.min(...nearest.map((n) => Number(n.d)));
      const atBest = nearest.filter((n) => Number(n.d) === best);
      if (close.length === 1 && mw.length > 1) {
        add({ kind: 'nickname', word: w, make: close[0].m.make, model: close[0].m.model, evidence: { kind: 'model-name', distance: close[0].d } });
      } else if (close.length === 0 && atBest.length > 0 && best === allowedTypos(w.length) + 1 && new Set(atBest.map((n) => n.stem)).size === 1) {
        // One catalogue word (in its forms), one typo beyond the search's reach: the most frequent form is proposed.
        const top = atBest.sort((a, b) => Number(b.products) - Number(a.products) || a.near.localeCompare(b.near))[0];
        add(synonym(w, top.near, { kind: 'typo', distance: best, allowed: allowedTypos(w.length), products: Number(top.products) }));
      }
    }
    if (proposals.length) items.push({ query: miss.query, proposals });
  }
  return { items };
}
