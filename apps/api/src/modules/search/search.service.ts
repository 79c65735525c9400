import { eq, sql, type SQL } from 'drizzle-orm';
import { skuKey, toCents, fromCents, type FacetCount, type SearchQuery, type SearchResult } from '@shop/shared';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { toProductDtos, type CatalogOptions, type ProductRow } from '../products/products.service';

/**
 * Search in PostgreSQL (issue #9, decisions 110 and 111): one statement answers
 * the page, the total and the facets. Ranking tiers, best first:
 *   0  the part number, ignoring case, spaces, dots and dashes (sku_key = key)
 *   1  a part-number prefix (sku_key LIKE 'key%', btree text_pattern_ops)
 *   2  name and brand hold every word (full text, weight A)
 *   3  full text of name, brand and description ('simple' config, GIN)
 * When the words match nothing as typed, each word that no product holds is
 * corrected against the words of names and brands (table search_words, pg_trgm
 * word similarity) and the statement runs again with the corrected words, full
 * text only. The expressions must stay exactly as migrations 0010_search and
 * 0012_search-words write them.
 */

type VehicleRow = typeof vehicles.$inferSelect;

/** Word similarity (0..1) a word of names and brands needs to correct a typed word: low enough for "sprokit" → "sprocket" (0.5). */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** A typed word is corrected to at most this many words, the closest ones, OR-ed. */
const MAX_CORRECTIONS = 3;
/** Corrections of a typo may be this much less similar than the closest one ("sprokets": sprockets 0.58, sprocket 0.44). */
const CORRECTION_MARGIN = 0.15;
/** A typed word that starts at most this many words of the vocabulary is searched as those words, not as a prefix. */
const MAX_EXPANSIONS = 8;
/** The closest words read for each typo. */
const MAX_CANDIDATES = 10;
/** At most this many words of the query are searched. */
const MAX_WORDS = 10;
/** The brand facet lists the most frequent brands only. */
const BRAND_FACET_SIZE = 50;

/** The words of a query, lower case, as the full text is searched with them ("Brake-pads" → brake, pads). */
export const queryWords = (q: string): string[] => (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);

/**
 * The query's words as a tsquery: each word a prefix ("brake pad" → "brake:* &
 * pad:*"), or, from the vocabulary, the whole words it may be ([["brake"],
 * ["pad", "pads"]] → "brake & (pad | pads)"; a term written "pad:*" stays a
 * prefix); '' when there is none. `weights` "A" keeps the name and brand only.
 */
export function prefixTsQuery(words: string | string[][], weights = ''): string {
  const alternatives = typeof words === 'string' ? queryWords(words).map((w) => [`${w}:*`]) : words;
  return alternatives
    .map((alts) => {
      const terms = alts.map((w) => (weights ? `${w}${w.endsWith(':*') ? '' : ':'}${weights}` : w));
      return terms.length > 1 ? `(${terms.join(' | ')})` : terms[0];
    })
    .join(' & ');
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether the words may be corrected when nothing matches them: not for one
 * word with a digit in it, which is a part number (typos in part numbers are
 * not guessed).
 */
export const mayBeFuzzy = (q: string) => q !== '' && !(/^\S+$/.test(q) && /\d/.test(q));

/** What the statements of one search need besides the query: the corrected words and the vehicle. */
interface StatementInputs {
  words?: string[][];
  vehicle?: Pick<VehicleRow, 'make' | 'model' | 'year'>;
}

/** The pieces both statements are made of (the expressions must stay as migrations 0010 and 0012 write them). */
function statementParts(query: SearchQuery, { words, vehicle }: StatementInputs) {
  const q = query.q;
  const key = q ? skuKey(q) : '';
  const tsq = q ? prefixTsQuery(words ?? q) : '';
  const nameTsq = q ? prefixTsQuery(words ?? q, 'A') : '';

  // Which products the words match at all (no words: every product): the part numbers (a few rows from the btree;
  // 'key%' holds the exact one too) and, apart from them, the full text.
  const skuMatch = key.length >= 2 ? sql`p.sku_key LIKE ${`${likeEscape(key)}%`}` : key ? sql`p.sku_key = ${key}` : sql`false`;
  const textMatch = tsq ? sql`p.search_vector @@ to_tsquery('simple', ${tsq})` : sql`false`;
  // Tier 2: the name or brand holds every word (full text, weight A).
  const nameMatch = tsq ? sql`p.search_vector @@ to_tsquery('simple', ${nameTsq})` : sql`false`;
  // Tiers 0 and 1 (the part-number rows) and, within tier 1, shorter part numbers first. No ts_rank: ranking every
  // match of a broad query (17,000 of "sprocket") cost more than the rest of the statement (decision 111).
  const skuTier = sql`CASE WHEN p.sku_key = ${key} THEN 0 ELSE 1 END`;
  const skuScore = sql`CASE WHEN p.sku_key = ${key} THEN 1 ELSE 1.0::float8 / length(p.sku_key) END`;

  // The category and brand filters read a column of the row or of the grouped count (alias `t`); the others are
  // evaluated once per matched row.
  const fCategory = (t: string) => (query.category ? sql`${sql.raw(t)}.category = ${query.category}` : sql`true`);
  const fBrand = (t: string) => (query.brand ? sql`lower(${sql.raw(t)}.brand) = lower(${query.brand})` : sql`true`);
  const fStock = query.inStock === 'true' ? sql`p.stock >= p.min_order` : sql`true`;
  const fPrice = sql`${query.minPrice !== undefined ? sql`p.unit_price_cents >= ${toCents(query.minPrice)}` : sql`true`} AND ${
    query.maxPrice !== undefined ? sql`p.unit_price_cents <= ${toCents(query.maxPrice)}` : sql`true`
  }`;
  // Issue #11: the part is universal or a fitment line covers the vehicle (the rule of fitsVehicle and GET /products?vehicle=).
  const fVehicle = vehicle
    ? sql`(p.universal OR EXISTS (SELECT 1 FROM product_fitments pf WHERE pf.product_id = p.id AND pf.make = ${vehicle.make} AND pf.model = ${vehicle.model} AND ${vehicle.year}::int BETWEEN pf.year_from AND pf.year_to))`
    : sql`true`;
  // The filters that no facet leaves out (stock and vehicle).
  const fOther = sql`(${fStock}) AND (${fVehicle})`;
  // Every filter: the rows of the page.
  const fAll = sql`${fCategory('p')} AND ${fBrand('p')} AND (${fPrice}) AND ${fOther}`;
  return { q, skuMatch, textMatch, nameMatch, skuTier, skuScore, fCategory, fBrand, fPrice, fOther, fAll };
}

/**
 * The counts of a search (decision 111, "one pass"; decision 112): the matched rows are read from the indexes once
 * and materialized with only what the facets need, `c` telling the rows that count (they pass the stock and vehicle
 * filters and fail at most one of category, brand and price, since each facet leaves out its own filter); `g` counts
 * them once, grouped by category, brand, whether the price filter holds, tier and `c` (a few hundred groups at most),
 * and every facet, the total and the price range are sums over those groups, so they add up. `sizes` tells the page
 * how many rows each of its branches has and how many the words match at all. The counts do not depend on the page
 * or the sort: the service keeps them until the catalogue changes.
 */
export function countsStatement(query: SearchQuery, inputs: StatementInputs = {}): SQL {
  const { q, skuMatch, textMatch, nameMatch, fCategory, fBrand, fPrice, fOther } = statementParts(query, inputs);
  const failed = (f: SQL | undefined) => (f ? sql`(NOT coalesce(${f}, false))::int` : sql`0`);
  const counted = sql`(${fOther}) AND ${failed(query.category ? fCategory('p') : undefined)} + ${failed(query.brand ? fBrand('p') : undefined)} + ${failed(
    query.minPrice !== undefined || query.maxPrice !== undefined ? fPrice : undefined,
  )} <= 1`;
  const columns = sql`p.category, p.brand, p.unit_price_cents, (${fPrice}) AS f_price`;
  // `tier` tells the page how many rows each of its branches has (1: part numbers, 2: name and brand, 3: the rest).
  return sql`
    WITH m AS MATERIALIZED (
      ${
        q
          ? sql`SELECT ${columns}, 1 AS tier, ${counted} AS c FROM products p WHERE ${skuMatch}
      UNION ALL
      SELECT ${columns}, CASE WHEN ${nameMatch} THEN 2 ELSE 3 END, ${counted} FROM products p WHERE ${textMatch} AND NOT ${skuMatch}`
          : sql`SELECT ${columns}, 3 AS tier, ${counted} AS c FROM products p`
      }
    ),
    g AS MATERIALIZED (
      SELECT category, brand, f_price, tier, c, count(*)::int AS n, min(unit_price_cents) AS lo, max(unit_price_cents) AS hi
      FROM m GROUP BY category, brand, f_price, tier, c
    )
    SELECT
      (SELECT coalesce(sum(n), 0)::int FROM g WHERE c AND ${fCategory('g')} AND ${fBrand('g')} AND f_price) AS total,
      (SELECT json_build_object(
         'sku', coalesce(sum(n) FILTER (WHERE tier = 1), 0), 'name', coalesce(sum(n) FILTER (WHERE tier = 2), 0),
         'text', coalesce(sum(n) FILTER (WHERE tier = 3), 0))::jsonb
         FROM g WHERE c AND ${fCategory('g')} AND ${fBrand('g')} AND f_price)
       || (SELECT jsonb_build_object('matches', coalesce(sum(n) FILTER (WHERE tier > 1), 0),
         'catalogue', (SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = 'products'::regclass)) FROM g) AS sizes,
      (SELECT coalesce(json_agg(json_build_object('value', category, 'count', n) ORDER BY n DESC, category), '[]'::json)
         FROM (SELECT category, sum(n)::int AS n FROM g WHERE c AND ${fBrand('g')} AND f_price GROUP BY category) c) AS categories,
      (SELECT coalesce(json_agg(json_build_object('value', brand, 'count', n) ORDER BY n DESC, brand), '[]'::json)
         FROM (SELECT brand, sum(n)::int AS n FROM g WHERE c AND ${fCategory('g')} AND f_price GROUP BY brand ORDER BY n DESC, brand LIMIT ${BRAND_FACET_SIZE}) b) AS brands,
      (SELECT json_build_object('min', min(lo), 'max', max(hi)) FROM g WHERE c AND ${fCategory('g')} AND ${fBrand('g')}) AS price
  `;
}

/** How many rows of the page's branches pass every filter, how many rows the words match, and the catalogue's size. */
export interface BranchSizes {
  sku: number;
  name: number;
  text: number;
  /** Full-text matches before any filter: what reading a branch from its matches visits. */
  matches: number;
  /** PostgreSQL's estimate (pg_class.reltuples). */
  catalogue: number;
}

/**
 * A branch that walks an index in the sort's order visits about (rows wanted) × (catalogue / rows of the branch)
 * rows before it has the page; reading it from its matches visits every full-text match. The walk is taken when it
 * visits fewer rows than that and at most this many (decision 112).
 */
const WALK_ROWS = 10_000;

/** How a branch of the page is read: not at all (none of its rows pass), by walking an index, or from the matches. */
type BranchPlan = 'skip' | 'walk' | 'matches';

const branchPlan = (rows: number, wanted: number, { catalogue, matches }: BranchSizes): BranchPlan => {
  if (rows <= 0) return 'skip';
  const visits = wanted * (catalogue / rows);
  return visits <= WALK_ROWS && visits <= matches ? 'walk' : 'matches';
};

/**
 * The page of a search (decision 112): the rows of the page in order, as JSON. Each kind of match is its own branch
 * with its own top rows (the part numbers; with the relevance order, the name matches, then the rest; otherwise every
 * full-text match). The counts tell how many rows each branch has: a branch with none is left out, a dense one walks
 * an index in the sort's order (created_at, unit_price_cents) and stops after the page, a sparse one reads its
 * matches from the full-text index (`OFFSET 0` keeps the planner from walking, which would read the whole catalogue
 * to find a few rows) and sorts them.
 */
export function pageStatement(query: SearchQuery, inputs: StatementInputs = {}, sizes?: BranchSizes): SQL {
  const { q, skuMatch, textMatch, nameMatch, skuTier, skuScore, fAll } = statementParts(query, inputs);
  const offset = (query.page - 1) * query.limit;
  const upTo = offset + query.limit;
  const order = {
    relevance: q ? sql`tier, score DESC, created_at DESC, id` : sql`created_at DESC, id DESC`,
    'price-asc': sql`unit_price_cents, tier, score DESC, created_at DESC, id`,
    'price-desc': sql`unit_price_cents DESC, tier, score DESC, created_at DESC, id`,
    newest: sql`created_at DESC, id DESC`,
  }[query.sort];
  const columns = sql`p.id, p.created_at, p.unit_price_cents`;
  const plan = (rows: number | undefined): BranchPlan => (sizes === undefined || rows === undefined ? 'walk' : branchPlan(rows, upTo, sizes));
  const branch = (how: BranchPlan, tier: SQL, score: SQL, where: SQL) => {
    if (how === 'skip') return undefined;
    const select = sql`SELECT ${columns}, ${tier} AS tier, ${score} AS score FROM products p WHERE ${where} AND ${fAll}`;
    return how === 'walk' ? sql`(${select} ORDER BY ${order} LIMIT ${upTo})` : sql`(SELECT * FROM (${select} OFFSET 0) s ORDER BY ${order} LIMIT ${upTo})`;
  };
  const text = sizes && sizes.name + sizes.text;
  const branches = (
    !q
      ? [branch(plan(sizes?.text), sql`3`, sql`0::float8`, sql`true`)]
      : query.sort === 'relevance'
        ? [
            branch(plan(sizes?.sku) === 'skip' ? 'skip' : 'walk', skuTier, skuScore, skuMatch),
            branch(plan(sizes?.name), sql`2`, sql`0::float8`, sql`${textMatch} AND ${nameMatch} AND NOT ${skuMatch}`),
            branch(plan(sizes?.text), sql`3`, sql`0::float8`, sql`${textMatch} AND NOT ${nameMatch} AND NOT ${skuMatch}`),
          ]
        : [
            branch(plan(sizes?.sku) === 'skip' ? 'skip' : 'walk', skuTier, skuScore, skuMatch),
            branch(plan(text), sql`3`, sql`0::float8`, sql`${textMatch} AND NOT ${skuMatch}`),
          ]
  ).filter((b): b is SQL => b !== undefined);
  if (branches.length === 0) return sql`SELECT '[]'::json AS items`;
  return sql`
    WITH page AS (
      SELECT id, row_number() OVER (ORDER BY ${order}) AS ord
      FROM (SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) u ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}) top
    )
    SELECT coalesce(json_agg(to_jsonb(p) - 'search_vector' ORDER BY page.ord), '[]'::json) AS items FROM page JOIN products p ON p.id = page.id
  `;
}

/** A tsquery lexeme that needs no quoting: letters and digits only. */
const plainWord = (w: string) => /^[\p{L}\p{N}]+$/u.test(w);

/**
 * For each word of the query, from the vocabulary (table search_words, every
 * word of the full text): the first MAX_EXPANSIONS + 1 words it starts, and,
 * when it starts none (a typo), the words closest to it (word similarity at
 * least WORD_SIMILARITY_THRESHOLD, then similarity). One SELECT per word, with
 * the word as a constant, so that the planner uses the primary key for the
 * prefix and the GiST trigram index (nearest first) for the similarity.
 */
export function vocabularyStatement(words: string[]): SQL {
  return sql.join(
    words.map(
      (w) => sql`(
        SELECT ${w}::text AS word, e.words AS expansions,
               CASE WHEN e.words IS NULL THEN (
                 SELECT json_agg(json_build_object('word', c.word, 'ws', c.ws) ORDER BY c.ws DESC, c.s DESC, c.word) FROM (
                   SELECT s.word, word_similarity(${w}, s.word) AS ws, similarity(${w}, s.word) AS s
                   FROM search_words s WHERE s.word !~ '[0-9]'
                   ORDER BY s.word <->> ${w} LIMIT ${MAX_CANDIDATES}
                 ) c WHERE c.ws >= ${WORD_SIMILARITY_THRESHOLD}
               ) END AS candidates
        FROM (SELECT json_agg(x.word ORDER BY x.word) AS words FROM (
          SELECT word FROM search_words WHERE word LIKE ${`${w}%`} ORDER BY word LIMIT ${MAX_EXPANSIONS + 1}
        ) x) e
      )`,
    ),
    sql` UNION ALL `,
  );
}

export interface VocabularyRow {
  word: string;
  /** The words it starts, in order, at most MAX_EXPANSIONS + 1; null for none. */
  expansions: string[] | null;
  /** When it starts none: the closest words, closest first. */
  candidates: { word: string; ws: number }[] | null;
}

/**
 * The words to search with: a word that starts a few words of the vocabulary
 * becomes them ("pad" → pad | pads: GIN answers whole words much faster than a
 * prefix), one that starts many stays a prefix ("b" → b:*); a typo becomes the
 * closest words (within CORRECTION_MARGIN of the closest, at most
 * MAX_CORRECTIONS; "sprokit" → sprocket | sprockets). `corrected` tells whether
 * a typo was corrected; null when a typo is close to no word (nothing can match).
 */
export function searchWords(rows: VocabularyRow[]): { words: string[][]; corrected: boolean } | null {
  let corrected = false;
  const words: string[][] = [];
  for (const row of rows) {
    const expansions = row.expansions ?? [];
    if (expansions.length > 0) {
      words.push(expansions.length <= MAX_EXPANSIONS && expansions.every(plainWord) ? expansions : [`${row.word}:*`]);
      continue;
    }
    const candidates = (row.candidates ?? []).filter((c) => plainWord(c.word));
    if (candidates.length === 0) return null;
    const best = candidates[0].ws;
    words.push(
      candidates
        .filter((c) => c.ws >= best - CORRECTION_MARGIN)
        .slice(0, MAX_CORRECTIONS)
        .map((c) => c.word),
    );
    corrected = true;
  }
  return { words, corrected };
}

interface SearchRow {
  total: number;
  sizes: BranchSizes;
  categories: FacetCount[];
  brands: FacetCount[];
  price: { min: number | null; max: number | null };
  items: Record<string, unknown>[];
}

/** Runs a statement of the search and answers its rows. */
export type SearchExecutor = <R>(statement: SQL) => Promise<R[]>;

/** Keeps a value computed from the catalogue until the catalogue changes (the catalogue cache, decision 100). */
export type SearchMemo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

const noMemo: SearchMemo = (_key, load) => load();

/** What the counts depend on: the words, the part number and every filter, not the page, the limit or the sort. */
const countsKey = (query: SearchQuery, words: string[][] | undefined, vehicle?: Pick<VehicleRow, 'make' | 'model' | 'year'>) =>
  `search:counts:${JSON.stringify([
    query.q,
    words ?? null,
    query.category ?? null,
    query.brand?.toLowerCase() ?? null,
    query.inStock ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    vehicle ? [vehicle.make, vehicle.model, vehicle.year] : null,
  ])}`;

/**
 * The search, its statements run by `exec`. A query of words (not one part
 * number) first reads the vocabulary: each word becomes the whole words it
 * starts, and a typo, which starts none, the words closest to it ("sitered brake
 * pads" → "sintered & brake & pads", "sprokit" → "sprocket | sprockets"); then
 * one statement answers the page and one the total and the facets. As typed, a
 * typo matches nothing by full text (every word must match), so correcting first
 * loses nothing; the part number still matches q as typed. The vocabulary and
 * the counts are kept by `memo` until the catalogue changes (decision 112): the
 * next page, another sort or the results after the suggestions read the page
 * only. Exported for the bench, which runs it over node-postgres.
 */
export async function searchRow(
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle?: Pick<VehicleRow, 'make' | 'model' | 'year'>,
  memo: SearchMemo = noMemo,
): Promise<SearchRow> {
  const typed = mayBeFuzzy(query.q) ? queryWords(query.q) : [];
  let words: string[][] | undefined;
  if (typed.length > 0) {
    words = await memo(`search:words:${JSON.stringify(typed)}`, async () => searchWords(await exec<VocabularyRow>(vocabularyStatement(typed)))?.words);
  }
  const inputs = { words, vehicle };
  const counts = await memo(countsKey(query, words, vehicle), async () => (await exec<Omit<SearchRow, 'items'>>(countsStatement(query, inputs)))[0]);
  // No part can be on the page when none counts (a typo close to no word, filters that exclude everything).
  const sizes = Object.fromEntries(Object.entries(counts.sizes).map(([k, v]) => [k, Number(v)])) as unknown as BranchSizes;
  const items = counts.total === 0 ? [] : (await exec<Pick<SearchRow, 'items'>>(pageStatement(query, inputs, sizes)))[0].items;
  return { ...counts, items };
}

/** A products row as to_jsonb writes it (snake_case), in the shape toProductDto reads. */
function rowFromJson(r: Record<string, unknown>): ProductRow {
  return {
    id: r.id as string,
    name: r.name as string,
    img: r.img as string,
    description: r.description as string,
    minOrder: r.min_order as number,
    stock: r.stock as number,
    unitPriceCents: r.unit_price_cents as number,
    createdAt: new Date(r.created_at as string),
    sku: r.sku as string,
    skuKey: r.sku_key as string,
    brand: r.brand as string,
    category: r.category as string,
    images: (r.images as string[] | null) ?? [],
    version: r.version as number,
    updatedAt: new Date(r.updated_at as string),
    universal: Boolean(r.universal),
    priceTiers: (r.price_tiers as ProductRow['priceTiers'] | null) ?? [],
    weightGrams: Number(r.weight_grams ?? 500),
    lengthMm: (r.length_mm as number | null) ?? null,
    widthMm: (r.width_mm as number | null) ?? null,
    heightMm: (r.height_mm as number | null) ?? null,
    oversize: Boolean(r.oversize),
    taxCategory: ((r.tax_category as string | null) ?? 'standard') as ProductRow['taxCategory'],
  };
}

const vehicleNotFound = () => new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');

export async function search(db: Db, query: SearchQuery, opts?: CatalogOptions, memo?: SearchMemo): Promise<SearchResult> {
  let vehicle: VehicleRow | undefined;
  if (query.vehicle !== undefined) {
    [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, query.vehicle));
    if (!vehicle) throw vehicleNotFound();
  }
  // No transaction: the counts may come from memory anyway (decision 112), and BEGIN and COMMIT were two more round trips.
  const row = await searchRow(async (statement) => ((await db.execute(statement)) as unknown as { rows: never[] }).rows, query, vehicle, memo);
  const total = Number(row.total);
  // The page's parts with their fitment lines (issue #11), one more query for at most `limit` ids.
  const items = await toProductDtos(db, row.items.map(rowFromJson), opts);
  const cents = (v: number | null) => (v === null ? null : fromCents(Number(v)));
  return {
    items,
    total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    ...(vehicle && { vehicle: { _id: vehicle.id, make: vehicle.make, model: vehicle.model, year: vehicle.year, variant: vehicle.variant } }),
    facets: {
      category: row.categories,
      brand: row.brands,
      price: { min: cents(row.price.min), max: cents(row.price.max) },
    },
  };
}
