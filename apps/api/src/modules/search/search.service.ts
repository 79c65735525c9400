import { eq, sql, type SQL } from 'drizzle-orm';
import {
  bareNumberReadings,
  closestBikes,
  findVehicleInQuery,
  matchingPartNumber,
  sharedNameInQuery,
  partNumberVariants,
  querySizes,
  sameKindOfSize,
  skuKey,
  suggestBikes,
  toCents,
  fromCents,
  type FacetCount,
  type KnownModel,
  type QuerySize,
  type SearchQuery,
  type SharedNameInQuery,
  type SearchResult,
  type VehicleInQuery,
  withBareNumberAs,
  withoutBareNumber,
  findSizes,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { toProductDtos, type CatalogOptions, type ProductRow } from '../products/products.service';
import { GROUP_ITEMS, MAX_GROUPS, listedParts, separatedParts } from './part-groups';
import { diagramsForBike } from '../diagrams/diagrams.service';
import { basketsForBike } from '../job-baskets/job-baskets.service';
import {
  buildSlots,
  headSlot,
  headToken,
  isQualifier,
  isQualifierWord,
  slotInNameQuery,
  lookupWords,
  queryTokens,
  rankQueries,
  loadSynonyms,
  readVocabulary,
  splitJoinedWords,
  STOP_WORDS,
  type RankQueries,
  type Slots,
} from './vocabulary';

/**
 * Search in PostgreSQL (issue #9, decisions 110 to 112; relevance and vocabulary: issue #26, decision 158).
 *
 * Relevance is a lexicographic order of tiers, best first:
 *   the exact part number (sku_key = key); a part-number prefix, shorter part numbers first;
 *   then the full-text matches (every slot of the query somewhere: see vocabulary.ts), by field:
 *     10–25  every slot in the name      (exact before inexact; then the name's head word asked for, the words
 *                                         side by side in the order typed, a slot also in the brand or category)
 *     30–37  some slots in the name      (exact before inexact; head word; brand or category)
 *     40–41  brand or category           (exact before inexact)
 *     50–51  the description only        (exact before inexact)
 *   and within a tier, parts in stock before the others, then the newest first.
 * Every tier is a conjunction of tsquery checks on products.search_vector (weights: B name, A its head word, C
 * brand and category, D description; migration 0020), so a tier's page can walk the created_at index and stop
 * after the page (decision 112). The expressions must stay as migrations 0010, 0012 and 0020 write them.
 */

type VehicleRow = typeof vehicles.$inferSelect;

/** The brand facet lists the most frequent brands only. */
const BRAND_FACET_SIZE = 50;

/** The search of the words of a query: its slots (null: a word matches nothing) and how many tokens it has. */
export interface QueryWords {
  slots: Slots;
  tokens: number;
}

/** A vehicle to filter for: a row of the vehicle list, or a bike named in the words (decision 167: model and year may be open). */
export interface VehicleFilter {
  make: string;
  model: string | null;
  year: number | null;
  /** A listed vehicle's variant: lines for another variant do not fit it (decision 192). Absent: any variant. */
  variant?: string | null;
}

/** What the statements of one search need besides the query: the query's words and the vehicle. */
export interface StatementInputs {
  words?: QueryWords;
  vehicle?: VehicleFilter;
  /** Issue #38 (decision 219): parts the words match that a position rules out by their fitment lines. */
  excluded?: string[];
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A check of the full text against a tsquery; null is a query nothing matches. */
const matches = (q: string | null) => (q === null ? sql`false` : sql`p.search_vector @@ to_tsquery('simple', ${q})`);

/** One group of relevance tiers: the rows it holds, and the bits that order them (a bit is 1, worse, when the row does not match its query). */
interface TierGroup {
  base: number;
  /** The checks that put a row in this group: [query, whether the row matches it]. */
  when: [string | null, boolean][];
  bits: (string | null)[];
}

/** The relevance tiers of the full-text matches (decision 158), in order. */
/** The tiers from here on match the words in the description only. */
const DESCRIPTION_TIER = 50;

function tierGroups(r: RankQueries, slots: number): TierGroup[] {
  const exactBit = (q: string | null) => (r.inexact ? [q] : []);
  return [
    { base: 10, when: [[r.nameAll, true]], bits: [...exactBit(r.nameAllExact), r.head, ...(r.several ? [r.together] : []), r.brandSome] },
    ...(slots > 1
      ? [
          {
            base: 30,
            when: [
              [r.nameAll, false],
              [r.nameSome, true],
            ] as [string | null, boolean][],
            bits: [...exactBit(r.nameSomeExact), r.head, r.brandSome],
          },
        ]
      : []),
    {
      base: 40,
      when: [
        [r.nameSome, false],
        [r.brandSome, true],
      ],
      bits: exactBit(r.brandSomeExact),
    },
    {
      base: DESCRIPTION_TIER,
      when: [
        [r.nameSome, false],
        [r.brandSome, false],
      ],
      bits: exactBit(r.allExact),
    },
  ];
}

/**
 * A tier's check: the same as `matches`, but not an index condition (coalesce hides it from the planner). The
 * full-text index answers the words once (`textMatch`); checking a tier's queries through it as well fetched the
 * same posting lists once per query, 11 of 16 ms for a page of "sitered brake pads".
 */
const check = (q: string | null) => (q === null ? sql`false` : sql`coalesce(p.search_vector @@ to_tsquery('simple', ${q}), false)`);
const notMatches = (q: string | null) => sql`(NOT ${check(q)})`;

/** The tier of a full-text row, as a number (the counts group by it). */
function tierExpression(groups: TierGroup[]): SQL {
  const value = (g: TierGroup) =>
    sql.join([sql`${g.base}::int`, ...g.bits.map((q, i) => sql`${notMatches(q)}::int * ${2 ** (g.bits.length - 1 - i)}::int`)], sql` + `);
  // In order, a group's last check decides (the earlier ones failed already); the last group is the rest.
  const cases = groups.slice(0, -1).map((g) => sql`WHEN ${check(g.when[g.when.length - 1][0])} THEN ${value(g)}`);
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${value(groups[groups.length - 1])} END)`;
}

/** The rows of one tier, as a conjunction of checks. */
function tierCondition(groups: TierGroup[], tier: number): SQL {
  const g = groups.find((x) => tier >= x.base && tier < x.base + 2 ** x.bits.length);
  if (!g) return sql`false`;
  const checks = [
    ...g.when.map(([q, want]) => (want ? check(q) : notMatches(q))),
    ...g.bits.map((q, i) => (((tier - g.base) >> (g.bits.length - 1 - i)) & 1 ? notMatches(q) : check(q))),
  ];
  return sql.join(checks, sql` AND `);
}

/** The conditions on a fitment line `pf` that it covers the vehicle (none without one), each after AND. */
function fitmentOf(vehicle: VehicleFilter | undefined): SQL {
  if (!vehicle) return sql``;
  return sql` AND pf.make = ${vehicle.make}${vehicle.model !== null ? sql` AND pf.model = ${vehicle.model}` : sql``}${
    vehicle.year !== null ? sql` AND ${vehicle.year}::int BETWEEN pf.year_from AND pf.year_to` : sql``
  }${vehicle.variant !== undefined ? sql` AND (pf.variant IS NULL OR pf.variant = ${vehicle.variant})` : sql``}`;
}

/** The pieces both statements are made of (the expressions must stay as migrations 0010, 0012 and 0020 write them). */
function statementParts(query: SearchQuery, { words, vehicle, excluded }: StatementInputs) {
  const q = query.q;
  const key = q ? skuKey(q) : '';
  const ranks = words?.slots ? rankQueries(words.slots, words.tokens) : null;
  const groups = ranks && words?.slots ? tierGroups(ranks, words.slots.length) : [];

  // Which products the words match at all (no words: every product): the part numbers (a few rows from the btree;
  // 'key%' holds the exact one too) and, apart from them, the full text.
  // Issue #26 item 4 (decision 166): a part's other numbers (OEM, other makers', superseded) match exactly, in any
  // formatting, through the GIN index on part_number_keys, and rank with the exact part number.
  const otherNumber = key ? sql`p.part_number_keys @> ARRAY[${key}]::text[]` : sql`false`;
  // Issue #38: the number with a brand or a revision around it ("EBC FA244HH", "1WS-W0045-00-00"), matched exactly:
  // the btree of sku_key and the GIN index of part_number_keys answer each key.
  const variants = q ? partNumberVariants(q) : [];
  const variantArray = sql`ARRAY[${sql.join(
    variants.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
  const variantNumber = variants.length ? sql`(p.sku_key = ANY(${variantArray}) OR p.part_number_keys && ${variantArray})` : sql`false`;
  const skuMatch = sql`(${key.length >= 2 ? sql`p.sku_key LIKE ${`${likeEscape(key)}%`}` : key ? sql`p.sku_key = ${key}` : sql`false`} OR ${otherNumber} OR ${variantNumber})`;
  // Issue #38 (decision 219): a position asked beside other words ("rear brake disc") is also read from the fitment
  // lines: the parts whose lines all say the opposite (`positionExclusions`, read once and kept with the counts) are
  // not found.
  const textMatch = ranks
    ? excluded?.length
      ? sql`(${matches(ranks.match)} AND NOT (p.id = ANY(${`{${excluded.join(',')}}`}::uuid[])))`
      : matches(ranks.match)
    : sql`false`;
  // The part-number rows: the exact one first, then a part that answers to the number (or to it with a brand or a
  // revision around it), then prefixes, shorter part numbers first.
  const skuTier = sql`CASE WHEN p.sku_key = ${key} OR ${otherNumber} OR ${variantNumber} THEN 0 ELSE 1 END`;
  const skuScore = sql`CASE WHEN p.sku_key = ${key} THEN 2 WHEN ${otherNumber} THEN 1 WHEN ${variantNumber} THEN 0.5 ELSE 1.0::float8 / length(p.sku_key) END`;
  const tier = groups.length > 0 ? tierExpression(groups) : sql`10`;
  const available = sql`(p.stock >= p.min_order)`;

  // The category and brand filters read a column of the row or of the grouped count (alias `t`); the others are
  // evaluated once per matched row.
  const fCategory = (t: string) => (query.category ? sql`${sql.raw(t)}.category = ${query.category}` : sql`true`);
  const fBrand = (t: string) => (query.brand ? sql`lower(${sql.raw(t)}.brand) = lower(${query.brand})` : sql`true`);
  const fStock = query.inStock === 'true' ? sql`p.stock >= p.min_order` : sql`true`;
  const fPrice = sql`${query.minPrice !== undefined ? sql`p.unit_price_cents >= ${toCents(query.minPrice)}` : sql`true`} AND ${
    query.maxPrice !== undefined ? sql`p.unit_price_cents <= ${toCents(query.maxPrice)}` : sql`true`
  }`;
  // Issue #11: the part is universal or a fitment line covers the vehicle (the rule of fitsVehicle and GET /products?vehicle=).
  // Issue #26 item 3: a bike named in the words may leave the model or the year open (any Yamaha, an MT-07 of any year).
  // An uncorrelated IN: PostgreSQL reads the fitting parts once into a hashed subplan, so each row costs a probe (a
  // correlated EXISTS cost an index lookup per row walked: 600 ms for a bike's brake pads at 100,000 parts).
  const fVehicle = vehicle ? sql`(p.universal OR p.id IN (SELECT pf.product_id FROM product_fitments pf WHERE true${fitmentOf(vehicle)}))` : sql`true`;
  // The filters that no facet leaves out (stock and vehicle).
  const fOther = sql`(${fStock}) AND (${fVehicle})`;
  // Every filter: the rows of the page.
  const fAll = sql`${fCategory('p')} AND ${fBrand('p')} AND (${fPrice}) AND ${fOther}`;
  return { q, skuMatch, textMatch, skuTier, skuScore, tier, groups, available, fCategory, fBrand, fPrice, fOther, fAll };
}

/**
 * The counts of a search (decision 111, "one pass"; decision 112): the matched rows are read from the indexes once
 * and materialized with only what the facets need, `c` telling the rows that count (they pass the stock and vehicle
 * filters and fail at most one of category, brand and price, since each facet leaves out its own filter); `g` counts
 * them once, grouped by category, brand, whether the price filter holds, tier, availability and `c`, and every facet,
 * the total and the price range are sums over those groups, so they add up. `sizes` tells the page how many rows of
 * each tier pass every filter (tier 0: the part numbers) and how many the words match at all. The counts do not
 * depend on the page or the sort: the service keeps them until the catalogue changes.
 */
export function countsStatement(query: SearchQuery, inputs: StatementInputs = {}): SQL {
  const { q, skuMatch, textMatch, tier, available, fCategory, fBrand, fPrice, fOther } = statementParts(query, inputs);
  const failed = (f: SQL | undefined) => (f ? sql`(NOT coalesce(${f}, false))::int` : sql`0`);
  const counted = sql`(${fOther}) AND ${failed(query.category ? fCategory('p') : undefined)} + ${failed(query.brand ? fBrand('p') : undefined)} + ${failed(
    query.minPrice !== undefined || query.maxPrice !== undefined ? fPrice : undefined,
  )} <= 1`;
  const columns = sql`p.category, p.brand, p.unit_price_cents, (${fPrice}) AS f_price`;
  const all = sql`c AND ${fCategory('g')} AND ${fBrand('g')} AND f_price`;
  return sql`
    WITH m AS MATERIALIZED (
      ${
        q
          ? sql`SELECT ${columns}, 0 AS tier, true AS avail, ${counted} AS c FROM products p WHERE ${skuMatch}
      UNION ALL
      SELECT ${columns}, ${tier}, ${available}, ${counted} FROM products p WHERE ${textMatch} AND NOT ${skuMatch}`
          : sql`SELECT ${columns}, 10 AS tier, true AS avail, ${counted} AS c FROM products p`
      }
    ),
    g AS MATERIALIZED (
      SELECT category, brand, f_price, tier, avail, c, count(*)::int AS n, min(unit_price_cents) AS lo, max(unit_price_cents) AS hi
      FROM m GROUP BY category, brand, f_price, tier, avail, c
    )
    SELECT
      (SELECT coalesce(sum(n), 0)::int FROM g WHERE ${all}) AS total,
      (SELECT jsonb_build_object(
         'sku', coalesce(sum(n) FILTER (WHERE tier = 0), 0), 'text', coalesce(sum(n) FILTER (WHERE tier > 0), 0),
         'buckets', (SELECT coalesce(jsonb_agg(jsonb_build_array(b.tier, b.avail, b.n) ORDER BY b.tier, b.avail DESC), '[]'::jsonb) FROM (
           SELECT tier, avail, sum(n)::int AS n FROM g WHERE ${all} AND tier > 0 GROUP BY tier, avail) b))
         FROM g WHERE ${all})
       || (SELECT jsonb_build_object('matches', coalesce(sum(n) FILTER (WHERE tier > 0), 0),
         'catalogue', (SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = 'products'::regclass)) FROM g) AS sizes,
      (SELECT coalesce(json_agg(json_build_object('value', category, 'count', n) ORDER BY n DESC, category), '[]'::json)
         FROM (SELECT category, sum(n)::int AS n FROM g WHERE c AND ${fBrand('g')} AND f_price GROUP BY category) c) AS categories,
      (SELECT coalesce(json_agg(json_build_object('value', brand, 'count', n) ORDER BY n DESC, brand), '[]'::json)
         FROM (SELECT brand, sum(n)::int AS n FROM g WHERE c AND ${fCategory('g')} AND f_price GROUP BY brand ORDER BY n DESC, brand LIMIT ${BRAND_FACET_SIZE}) b) AS brands,
      (SELECT json_build_object('min', min(lo), 'max', max(hi)) FROM g WHERE c AND ${fCategory('g')} AND ${fBrand('g')}) AS price
  `;
}

/**
 * Issue #38 item 4 (decision 211): whether any part the words find (under every filter) holds the query's head noun
 * (`head`, a tsquery) in its name, brand or category, not only in its description.
 */
export function headStatement(query: SearchQuery, inputs: StatementInputs, head: string): SQL {
  const { textMatch, fAll } = statementParts(query, inputs);
  return sql`SELECT EXISTS (SELECT 1 FROM products p WHERE ${textMatch} AND ${fAll} AND ${check(head)}) AS found`;
}

/**
 * Issue #38 (decision 219): the parts the words match that do not say a position asked beside other words in their
 * name, and all of whose fitment lines (the bike's, when there is one) say the opposite ("rear brake disc": a disc
 * whose every line says "front"). A part with no line, or a line without a position, is not ruled out. One lookup of
 * product_fitments' product index per part the words match and the name does not answer; the search keeps the ids
 * with the counts.
 */
export function positionExclusionsStatement(inputs: StatementInputs): SQL | null {
  const ranks = inputs.words?.slots ? rankQueries(inputs.words.slots, inputs.words.tokens) : null;
  if (!ranks?.positions.length || ranks.match === null) return null;
  const ruledOut = ranks.positions.map(
    (x) => sql`(NOT ${check(x.inName)} AND coalesce((SELECT bool_and(' ' || coalesce(pf.position, '') || ' ' LIKE ${`% ${x.opposite} %`})
      FROM product_fitments pf WHERE pf.product_id = p.id${fitmentOf(inputs.vehicle)}), false))`,
  );
  return sql`SELECT coalesce(array_agg(p.id::text), '{}') AS ids FROM products p WHERE ${matches(ranks.match)} AND (${sql.join(ruledOut, sql` OR `)})`;
}

/** How many rows of the page's branches pass every filter, how many rows the words match, and the catalogue's size. */
export interface BranchSizes {
  /** Part-number rows. */
  sku: number;
  /** Full-text rows (apart from part numbers). */
  text: number;
  /** The full-text rows by relevance tier and availability, in relevance order: [tier, in stock, rows]. */
  buckets: [number, boolean, number][];
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

const branchPlan = (rows: number, wanted: number, { catalogue, matches: all }: BranchSizes): BranchPlan => {
  if (rows <= 0) return 'skip';
  const visits = wanted * (catalogue / rows);
  return visits <= WALK_ROWS && visits <= all ? 'walk' : 'matches';
};

/**
 * The page of a search (decisions 112 and 158): the rows of the page in order, as JSON. With the relevance order,
 * the part numbers and each relevance tier (split by availability) are branches of their own, and only the branches
 * the page reaches into are read (the counts tell how many rows each has): a dense one walks the created_at index
 * and stops after the rows wanted, a sparse one reads its matches from the full-text index (`OFFSET 0` keeps the
 * planner from walking, which would read the whole catalogue to find a few rows) and sorts them. Without the counts
 * (tests), one branch reads every match and orders it by tier. The other orders have two branches, part numbers and
 * full text.
 */
export function pageStatement(query: SearchQuery, inputs: StatementInputs = {}, sizes?: BranchSizes): SQL {
  const { q, skuMatch, textMatch, skuTier, skuScore, tier, groups, available, fAll } = statementParts(query, inputs);
  const offset = (query.page - 1) * query.limit;
  const upTo = offset + query.limit;
  const order = {
    relevance: q ? sql`ord, score DESC, created_at DESC, id DESC` : sql`created_at DESC, id DESC`,
    'price-asc': sql`unit_price_cents, ord, score DESC, created_at DESC, id DESC`,
    'price-desc': sql`unit_price_cents DESC, ord, score DESC, created_at DESC, id DESC`,
    newest: sql`created_at DESC, id DESC`,
  }[query.sort];
  const columns = (ord: SQL, score: SQL) => sql`p.id, p.created_at, p.unit_price_cents, ${ord} AS ord, ${score} AS score`;
  const branch = (how: BranchPlan, ord: SQL, score: SQL, where: SQL, wanted: number, branchOrder: SQL = order) => {
    if (how === 'skip') return undefined;
    const select = sql`SELECT ${columns(ord, score)} FROM products p WHERE ${where} AND ${fAll}`;
    return how === 'walk'
      ? sql`(${select} ORDER BY ${branchOrder} LIMIT ${wanted})`
      : sql`(SELECT * FROM (${select} OFFSET 0) s ORDER BY ${branchOrder} LIMIT ${wanted})`;
  };
  // A relevance tier walked newest first: the catalogue in the created_at index's order (fenced by OFFSET 0, so that
  // the tier's checks stay outside and the planner cannot swap the walk for a bitmap of every match, which it
  // estimates smaller than it is: the checks of a tier are far from independent), filtered, stopped after the rows
  // wanted. The index order is the tier's whole order (created_at, id), so the first rows are the right ones.
  const walkTier = (ord: SQL, where: SQL, wanted: number) =>
    sql`(SELECT ${columns(ord, sql`0::float8`)} FROM (SELECT * FROM products ORDER BY created_at DESC, id DESC OFFSET 0) p WHERE ${where} AND ${fAll} LIMIT ${wanted})`;
  const plan = (rows: number | undefined, wanted: number): BranchPlan => (sizes === undefined || rows === undefined ? 'walk' : branchPlan(rows, wanted, sizes));
  const skuBranch = (wanted: number) =>
    sizes !== undefined && sizes.sku <= 0 ? undefined : branch('walk', skuTier, skuScore, skuMatch, wanted, sql`ord, score DESC, created_at DESC, id DESC`);
  const text = sql`${textMatch} AND NOT ${skuMatch}`;

  let branches: (SQL | undefined)[];
  let skip = offset;
  if (!q) {
    branches = [branch(plan(sizes?.text, upTo), sql`10`, sql`0::float8`, sql`true`, upTo)];
  } else if (query.sort !== 'relevance') {
    branches = [skuBranch(upTo), branch(plan(sizes?.text, upTo), sql`10`, sql`0::float8`, text, upTo)];
  } else if (sizes === undefined) {
    // Every match, ordered by tier: what the branches below answer, read the slow way (the tests compare them).
    branches = [
      skuBranch(upTo),
      branch('matches', sql`(${tier}) * 2 + (NOT ${available})::int`, sql`0::float8`, text, upTo, sql`ord, created_at DESC, id DESC`),
    ];
  } else {
    // The branches the page reaches into: the part numbers, then each tier, in stock first.
    branches = [];
    let start = 0;
    let first: number | undefined;
    const take = (rows: number, read: (wanted: number) => SQL | undefined) => {
      if (rows > 0 && start + rows > offset && start < upTo) {
        first ??= start;
        branches.push(read(Math.min(rows, upTo - start)));
      }
      start += rows;
    };
    take(sizes.sku, skuBranch);
    for (const [t, inStock, rows] of sizes.buckets) {
      const where = sql`${text} AND ${tierCondition(groups, t)} AND ${inStock ? available : sql`NOT ${available}`}`;
      const ord = sql`${t * 2 + (inStock ? 0 : 1)}::int`;
      take(rows, (wanted) =>
        plan(rows, wanted) === 'walk' ? walkTier(ord, where, wanted) : branch('matches', ord, sql`0::float8`, where, wanted, sql`created_at DESC, id DESC`),
      );
    }
    skip = offset - (first ?? offset);
  }
  const read = branches.filter((b): b is SQL => b !== undefined);
  if (read.length === 0) return sql`SELECT '[]'::json AS items`;
  return sql`
    WITH page AS (
      SELECT id, row_number() OVER (ORDER BY ${order}) AS n
      FROM (SELECT * FROM (${sql.join(read, sql` UNION ALL `)}) u ORDER BY ${order} LIMIT ${query.limit} OFFSET ${skip}) top
    )
    SELECT coalesce(json_agg(to_jsonb(p) - 'search_vector' ORDER BY page.n), '[]'::json) AS items FROM page JOIN products p ON p.id = page.id
  `;
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
const countsKey = (query: SearchQuery, words: QueryWords | undefined, vehicle?: VehicleFilter) =>
  `search:counts:${JSON.stringify([
    query.q,
    words ?? null,
    query.category ?? null,
    query.brand?.toLowerCase() ?? null,
    query.inStock ?? null,
    query.minPrice ?? null,
    query.maxPrice ?? null,
    vehicle ? [vehicle.make, vehicle.model, vehicle.year, vehicle.variant === undefined ? '*' : vehicle.variant] : null,
  ])}`;

/**
 * The words of a query as the search uses them (vocabulary.ts): the tokens looked up in the vocabulary and matched
 * against the synonym groups. Both reads are kept by `memo` until the catalogue or the synonyms change.
 */
export async function queryWords(exec: SearchExecutor, q: string, memo: SearchMemo = noMemo): Promise<QueryWords | undefined> {
  const tokens = queryTokens(q);
  if (tokens.length === 0) return undefined;
  const slots = await memo(`search:slots:${JSON.stringify(tokens)}`, async () => {
    const synonyms = await memo('search:synonyms', () => loadSynonyms(exec));
    const info = await readVocabulary(exec, lookupWords(tokens));
    // Issue #38: words run together ("brakepads") are searched as their two words; their forms are read once more.
    const split = await splitJoinedWords(exec, tokens, info);
    return split ? buildSlots(split, await readVocabulary(exec, lookupWords(split)), synonyms) : buildSlots(tokens, info, synonyms);
  });
  return { slots, tokens: tokens.length };
}

/** The counts' sizes as numbers (PostgreSQL's bigint sums arrive as text over node-postgres). */
const branchSizes = (raw: BranchSizes): BranchSizes => ({
  sku: Number(raw.sku),
  text: Number(raw.text),
  matches: Number(raw.matches),
  catalogue: Number(raw.catalogue),
  buckets: (raw.buckets ?? []).map(([t, a, n]) => [Number(t), Boolean(a), Number(n)]),
});

/**
 * The search, its statements run by `exec`. The query's words are read first (vocabulary.ts: forms, synonyms,
 * words typed in part and typo corrections; kept until the catalogue changes); then one statement answers the total
 * and the facets (kept too, decision 112) and one the page. A word that matches nothing leaves the part number only.
 * Exported for the bench, which runs it over node-postgres.
 */
export async function searchRow(exec: SearchExecutor, query: SearchQuery, vehicle?: VehicleFilter, memo: SearchMemo = noMemo): Promise<SearchRow> {
  const words = query.q ? await queryWords(exec, query.q, memo) : undefined;
  const inputs = { words, vehicle, excluded: await positionExclusions(exec, query, words, vehicle, memo) };
  const counts = await memo(countsKey(query, words, vehicle), async () => (await exec<Omit<SearchRow, 'items'>>(countsStatement(query, inputs)))[0]);
  // No part can be on the page when none counts (a word close to no word, filters that exclude everything).
  const items = counts.total === 0 ? [] : (await exec<Pick<SearchRow, 'items'>>(pageStatement(query, inputs, branchSizes(counts.sizes))))[0].items;
  return { ...counts, items };
}

/** Issue #38 (decision 219): the parts a position rules out by their fitment lines, read once per query and bike. */
async function positionExclusions(
  exec: SearchExecutor,
  query: SearchQuery,
  words: QueryWords | undefined,
  vehicle: VehicleFilter | undefined,
  memo: SearchMemo,
): Promise<string[] | undefined> {
  const statement = positionExclusionsStatement({ words, vehicle });
  if (!statement) return undefined;
  return memo(`${countsKey(query, words, vehicle)}:lines`, async () => (await exec<{ ids: string[] }>(statement))[0]?.ids ?? []);
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
    partNumbers: (r.part_numbers as ProductRow['partNumbers'] | null) ?? [],
    partNumberKeys: (r.part_number_keys as string[] | null) ?? [],
  };
}

const vehicleNotFound = () => new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');

/**
 * The models of the vehicle list with their years (decision 167) and their nicknames (decision 198: vehicle_aliases;
 * a nickname of a model the list lacks names nothing), kept until the catalogue, the vehicles or the nicknames change.
 */
async function knownModels(exec: SearchExecutor, memo: SearchMemo): Promise<KnownModel[]> {
  return memo('search:models', async () =>
    (
      await exec<{ make: string; model: string; from_year: number; to_year: number; years: number[]; aliases: string[] | null }>(
        sql`SELECT v.make, v.model, min(v.year)::int AS from_year, max(v.year)::int AS to_year, array_agg(DISTINCT v.year ORDER BY v.year) AS years,
          (SELECT array_agg(a.alias ORDER BY a.alias) FROM vehicle_aliases a WHERE a.make = v.make AND a.model = v.model) AS aliases
        FROM vehicles v GROUP BY v.make, v.model ORDER BY v.make, v.model`,
      )
    ).map((r) => {
      const fromYear = Number(r.from_year);
      const toYear = Number(r.to_year);
      const years = r.years.map(Number);
      // The years are listed only where they have a gap (decision 167: a year in a gap is not the rider's bike).
      return {
        make: r.make,
        model: r.model,
        fromYear,
        toYear,
        ...(years.length < toYear - fromYear + 1 && { years }),
        ...(r.aliases?.length && { aliases: r.aliases }),
      };
    }),
  );
}

/**
 * The closest part numbers (trigram similarity of sku_key, its own GIN index), part names (word similarity of
 * "name brand", the index of migration 0010) and bikes (closestBikes) to a query that found nothing.
 */
async function closestTo(exec: SearchExecutor, q: string, models: KnownModel[]): Promise<NonNullable<SearchResult['didYouMean']>> {
  const key = skuKey(q);
  const numbers =
    key.length >= 3
      ? await exec<{ sku: string }>(sql`SELECT sku FROM products WHERE sku_key % ${key} ORDER BY similarity(sku_key, ${key}) DESC, sku LIMIT 3`)
      : [];
  const parts = await exec<{ id: string; name: string }>(
    sql`SELECT id, name FROM products WHERE ${q} <% (name || ' ' || brand) ORDER BY word_similarity(${q}, name || ' ' || brand) DESC, name LIMIT 3`,
  );
  return {
    partNumbers: numbers.map((r) => r.sku),
    parts: parts.map((r) => ({ _id: r.id, name: r.name })),
    bikes: closestBikes(q, models).map((b) => ({ make: b.make, model: b.model })),
  };
}

/** Whether the words, as a part number, are exactly one of a part's numbers (its own or another it answers to). */
async function isPartNumber(exec: SearchExecutor, q: string): Promise<boolean> {
  const key = skuKey(q);
  if (key.length < 4 || !/\d/.test(key)) return false;
  const rows = await exec(sql`SELECT 1 FROM products p WHERE p.sku_key = ${key} OR p.part_number_keys @> ARRAY[${key}]::text[] LIMIT 1`);
  return rows.length > 0;
}

/**
 * Issue #26 item 3 (decision 167): a bike named in the words filters the results to what fits it, and the other words
 * are searched (`effective`). A vehicle chosen by id wins; matchBike=false searches the words as typed. `bikes` are the
 * models the words may be the start of. Exported for the bench, which reads the bike the same way.
 */
export async function readBike(
  exec: SearchExecutor,
  query: SearchQuery,
  vehicleChosen: boolean,
  memo: SearchMemo = noMemo,
): Promise<{ effective: SearchQuery; named: VehicleInQuery | null; bikes: KnownModel[] | undefined; shared?: SharedNameInQuery }> {
  if (!query.q) return { effective: query, named: null, bikes: undefined };
  const models = await knownModels(exec, memo);
  const found = !vehicleChosen && query.matchBike === 'true' ? findVehicleInQuery(query.q, models) : null;
  // A part number that holds a bike's name ("KS-SV650-520", the SV650 chain kit) is that part, not the bike.
  if (found && (await isPartNumber(exec, query.q))) return { effective: query, named: null, bikes: undefined };
  // Issue #38 (decision 213 addendum): a name several models share and no year that tells them apart ("gs brake
  // pads"): no bike is named, the page asks which. A nickname is no word of a part: the other words are searched,
  // every part ("brake pads"). A part of the models' names ("panigale", "street") may be one, so the words are searched
  // as typed.
  const shared = !found && !vehicleChosen && query.matchBike === 'true' ? sharedNameInQuery(query.q, models) : null;
  if (shared && shared.models.length > 1) {
    const rest = trimStopWords(shared.rest);
    const effective = shared.nickname && /[\p{L}\p{N}]/u.test(rest) ? { ...query, q: rest } : query;
    return { effective, named: null, bikes: suggestBikes(query.q, models), shared: { ...shared, rest } };
  }
  // Issue #38 item 3 (decision 213): a year the model named was not sold in names no bike (decision 167) and is not
  // searched as a word either: no part's text holds a year it could mean ("2018 cbr600rr brake disc" is the
  // CBR600RR's brake disc, never "Parts that fit your 2018 Honda CBR600RR").
  // The little words left at either end once the bike is taken out ("rear shock for mt07") are no words either.
  const named = found && {
    ...found,
    rest: trimStopWords(
      found.rest
        .split(' ')
        .filter((w) => !(found.model && found.year === null && /^(19|20)\d\d$/.test(w)))
        .join(' '),
    ),
  };
  return { effective: named ? { ...query, q: named.rest } : query, named, bikes: suggestBikes(query.q, models) };
}

/** The words without little words at either end ("rear shock for" → "rear shock"). */
function trimStopWords(rest: string): string {
  const words = rest.split(' ').filter(Boolean);
  while (words.length > 1 && STOP_WORDS.has(words[words.length - 1])) words.pop();
  while (words.length > 1 && STOP_WORDS.has(words[0])) words.shift();
  return words.join(' ');
}

/** How many parts for other bikes a search that found none for the bike named shows (issue #39 item 9). */
const OTHER_BIKES_LIMIT = 4;

/** The groups of a query that names several parts, or undefined when it names fewer than two that find something. */
async function partGroups(
  db: Db,
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  opts: CatalogOptions | undefined,
  memo: SearchMemo,
): Promise<NonNullable<SearchResult['groups']> | undefined> {
  const q = query.q!;
  const rowOf = (piece: string) => searchRow(exec, { ...query, q: piece, page: 1, limit: GROUP_ITEMS }, vehicle, memo);
  const rows = new Map<string, SearchRow>();
  // A piece names a part when a part number, name, brand or category matches it (not a description only), and it is
  // more than a position or another qualifier ("front sprocket" is one part, not "front" and "sprocket"; "chain kit"
  // is not "chain" and "kit", decision 213).
  const finds = async (piece: string) => {
    if (piece.split(/\s+/).every((w) => isQualifierWord(w.toLowerCase()))) return false;
    const row = rows.get(piece) ?? (await rowOf(piece));
    rows.set(piece, row);
    if (Number(row.total) === 0) return false;
    const sizes = branchSizes(row.sizes);
    return sizes.sku > 0 || sizes.buckets.some(([tier]) => tier < DESCRIPTION_TIER);
  };
  const separated = separatedParts(q);
  const pieces = separated.length ? separated : await listedParts(q, finds);
  const groups: NonNullable<SearchResult['groups']> = [];
  for (const piece of pieces) {
    if (!(await finds(piece))) continue;
    const row = rows.get(piece)!;
    groups.push({ q: piece, total: Number(row.total), items: await toProductDtos(db, row.items.map(rowFromJson), opts) });
  }
  return groups.length >= 2 ? groups : undefined;
}

/**
 * Issue #38 (decision 219): a query that names a job of the vocabulary ("chain kit", "chain and sprockets": a synonym
 * group that holds a list of parts, "chain + front sprocket + rear sprocket") and that no part answers as typed (no
 * kit fits): each part of the list, searched like the query with the job's words replaced by the part's ("520 chain
 * kit" → "520 front sprocket"), the bike and the filters applying to each. A part of the list that finds nothing
 * stays, empty, so the page can say that none fits. Undefined when fewer than two parts of the list find something.
 */
async function jobParts(
  db: Db,
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  opts: CatalogOptions | undefined,
  memo: SearchMemo,
): Promise<{ job: string; groups: NonNullable<SearchResult['groups']> } | undefined> {
  const q = query.q!;
  const words = await queryWords(exec, q, memo);
  const slot = words?.slots?.find((s) => s.list);
  if (!slot?.list) return undefined;
  // The parts are searched side by side (on PostgreSQL, each on a connection of the pool).
  const groups: NonNullable<SearchResult['groups']> = await Promise.all(
    slot.list.slice(0, MAX_GROUPS).map(async (part) => {
      const piece = withWordsAs(q, slot.typed, part);
      const row = await searchRow(exec, { ...query, q: piece, page: 1, limit: GROUP_ITEMS }, vehicle, memo);
      const sizes = Number(row.total) > 0 ? branchSizes(row.sizes) : undefined;
      // What the part's words name (a part number, name, brand or category), not mentions in descriptions.
      const named = sizes !== undefined && (sizes.sku > 0 || sizes.buckets.some(([tier]) => tier < DESCRIPTION_TIER));
      return named
        ? { q: piece, total: Number(row.total), items: await toProductDtos(db, row.items.map(rowFromJson), opts) }
        : { q: piece, total: 0, items: [] };
    }),
  );
  return groups.filter((g) => g.total > 0).length >= 2 ? { job: slot.typed, groups } : undefined;
}

/** The query with the words `typed` (a slot's, as the tokens hold them) replaced by `by`; the tokens' words when they are not found as typed. */
function withWordsAs(q: string, typed: string, by: string): string {
  const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const words = q.trim().split(/\s+/);
  const target = typed.split(' ');
  for (let i = words.length - target.length; i >= 0; i--) {
    if (target.every((w, k) => norm(words[i + k]) === w)) return [...words.slice(0, i), by, ...words.slice(i + target.length)].join(' ');
  }
  const tokens = queryTokens(q).map((t) => t.word);
  for (let i = tokens.length - target.length; i >= 0; i--) {
    if (target.every((w, k) => tokens[i + k] === w)) return [...tokens.slice(0, i), by, ...tokens.slice(i + target.length)].join(' ');
  }
  return by;
}

/** The query's head noun when no part found holds it in its name, brand or category (decision 211); else undefined. */
async function headMissing(exec: SearchExecutor, query: SearchQuery, vehicle: VehicleFilter | undefined, memo: SearchMemo): Promise<string | undefined> {
  const words = await queryWords(exec, query.q!, memo);
  const models = await knownModels(exec, memo);
  const names = new Set(models.flatMap((m) => [m.make, m.model, ...(m.aliases ?? [])]).map((n) => n.toLowerCase()));
  const head = words?.slots ? headSlot(words.slots, names) : null;
  const inName = head ? slotInNameQuery(head) : null;
  if (!head || !inName || !words) return undefined;
  const found = await memo(`${countsKey(query, words, vehicle)}:head:${inName}`, async () =>
    Boolean(
      (
        await exec<{ found: boolean }>(headStatement(query, { words, vehicle, excluded: await positionExclusions(exec, query, words, vehicle, memo) }, inName))
      )[0]?.found,
    ),
  );
  return found ? undefined : head.typed;
}

/** How many related parts a query whose head noun the shop does not list shows (decision 211). */
const RELATED_LIMIT = 4;

/** The query's words without the head noun's ("brake caliper bolt" without "bolt"), compared as letters and digits. */
function withoutWords(q: string, typed: string): string {
  const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const words = q.trim().split(/\s+/);
  const target = typed.split(' ');
  for (let i = words.length - target.length; i >= 0; i--) {
    if (target.every((w, k) => norm(words[i + k]) === w)) return [...words.slice(0, i), ...words.slice(i + target.length)].join(' ');
  }
  return q;
}

/**
 * Issue #38 item 4 (decision 211): nothing found, and the query's head noun is in no part's name, head word, brand or
 * category in the whole catalogue ("brake caliper bolt": the shop lists no bolt): the parts the other words find
 * ("brake caliper"), to show apart as related. Undefined otherwise.
 */
async function relatedWithoutHead(
  db: Db,
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  opts: CatalogOptions | undefined,
  memo: SearchMemo,
): Promise<{ head: string; related: NonNullable<SearchResult['related']> } | undefined> {
  const words = await queryWords(exec, query.q!, memo);
  const models = await knownModels(exec, memo);
  const names = new Set(models.flatMap((m) => [m.make, m.model, ...(m.aliases ?? [])]).map((n) => n.toLowerCase()));
  // A word the catalogue holds in no form leaves no slots ("wrench"): the head is then read from the tokens, and a
  // part lists it only as that very word.
  const slot = words?.slots ? headSlot(words.slots, names) : null;
  const token = words && !words.slots ? headToken(queryTokens(query.q!), names) : null;
  const typed = slot?.typed ?? token;
  const inName = slot ? slotInNameQuery(slot) : token ? `${token}:ABC` : null;
  if (!typed || !inName) return undefined;
  const listed = await memo(`search:head-listed:${inName}`, async () =>
    Boolean((await exec<{ found: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM products p WHERE ${check(inName)}) AS found`))[0]?.found),
  );
  if (listed) return undefined;
  const rest = withoutWords(query.q!, typed);
  if (rest === query.q || !/\p{L}/u.test(rest)) return undefined;
  const row = await searchRow(exec, { ...query, q: rest, page: 1, limit: RELATED_LIMIT }, vehicle, memo);
  if (Number(row.total) === 0) return undefined;
  return { head: typed, related: { q: rest, total: Number(row.total), items: await toProductDtos(db, row.items.map(rowFromJson), opts) } };
}

/** How many parts found without the size are read to pick those of another size (decision 211), and how many are shown. */
const OTHER_SIZES_SCAN = 24;
const OTHER_SIZES_LIMIT = 4;

/**
 * Issue #38 item 3 (decision 211): a query with a size that found nothing, searched without its sizes; the parts whose
 * names carry a size of the same kind (read by `querySizes`, as the query's) are its other sizes. Undefined when the
 * query has no size or no such part is found.
 */
async function sizesApart(
  db: Db,
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  opts: CatalogOptions | undefined,
  memo: SearchMemo,
): Promise<SearchResult['otherSizes']> {
  const { sizes, rest } = querySizes(query.q!);
  if (sizes.length === 0 || !/\p{L}/u.test(rest)) return undefined;
  const row = await searchRow(exec, { ...query, q: rest, page: 1, limit: OTHER_SIZES_SCAN }, vehicle, memo);
  // Issue #38 (decision 219): nearest first, by how far the part's nearest size of the same kind is from the one
  // asked for; equally near in the order found.
  const rows = row.items
    .map(rowFromJson)
    .map((p) => ({
      p,
      d: Math.min(...querySizes(p.name).sizes.flatMap((own) => sizes.filter((asked) => sameKindOfSize(asked, own)).map((asked) => sizeDistance(asked, own)))),
    }))
    .filter(({ d }) => Number.isFinite(d))
    .sort((a, b) => a.d - b.d)
    .map(({ p }) => p);
  if (rows.length === 0) return undefined;
  return { size: sizes.map((s) => s.label).join(' '), q: rest, total: rows.length, items: await toProductDtos(db, rows.slice(0, OTHER_SIZES_LIMIT), opts) };
}

/**
 * Issue #38 (decision 219): how far a part's size is from the one asked for, of the same kind: millimetres for a
 * diameter or a thread (a pitch apart counts a tenth of a millimetre), teeth, and for a chain its pitch first (one
 * pitch step is worth more than any number of links; a pitch not given counts nothing), then its links.
 */
export function sizeDistance(asked: QuerySize, own: QuerySize): number {
  if (asked.kind === 'diameter' && own.kind === 'diameter') return Math.abs(asked.mm - own.mm);
  if (asked.kind === 'teeth' && own.kind === 'teeth') return Math.abs(asked.teeth - own.teeth);
  if (asked.kind === 'thread' && own.kind === 'thread')
    return Math.abs(asked.diameter - own.diameter) + (asked.pitch !== null && own.pitch !== null ? Math.abs(asked.pitch - own.pitch) / 10 : 0);
  if (asked.kind === 'chain' && own.kind === 'chain')
    return (
      (asked.pitch && own.pitch ? Math.abs(asked.pitch - own.pitch) * 1000 : 0) +
      (asked.links !== null && own.links !== null ? Math.abs(asked.links - own.links) : 0)
    );
  return Infinity;
}

/**
 * Issue #38 item 1 (decision 213): a number typed alone beside a part ("fork seals 41", "sprocket 16", "chain 520 120")
 * is the part's size when the parts the other words find carry sizes in their names of one kind that can take it (the
 * fork seal kit's "43 mm": a diameter). The query with the number written as that size ("fork seals 41mm"), so that it
 * is matched, or its other sizes shown, as decision 211 does for a size typed with its unit. A number first that no
 * size reads is a quantity ("2 brake pads"): the query without it. Undefined otherwise (no such number, several, or
 * no single reading). One more search of the other words, kept with the counts.
 */
async function bareNumberAsSize(
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  memo: SearchMemo,
): Promise<{ q?: string; numbered?: NumberedParts }> {
  const q = query.q;
  if (!q) return {};
  const tokens = queryTokens(q);
  // A number alone, or after a word of three or four letters that the tokens join to it as a code ("disc 300" →
  // disc300; "mt 07" too, whose other words then find no sized part). A tyre size ("180 55 17") holds a slash.
  const bare = tokens.flatMap((t) =>
    t.size
      ? []
      : !t.parts && /^\d{1,3}$/.test(t.word)
        ? [t.word]
        : t.parts?.length === 2 && /^\p{L}{3,4}$/u.test(t.parts[0]) && /^\d{1,3}$/.test(t.parts[1])
          ? [t.parts[1]]
          : [],
  );
  if (bare.length !== 1 || tokens.some((t) => t.word.includes('/')) || !tokens.some((t) => /\p{L}{3,}/u.test(t.word))) return {};
  const n = bare[0];
  const rest = withoutBareNumber(q, n);
  if (!rest || !/\p{L}/u.test(rest) || Number(n) < 1) return {};
  // Kept with the counts: the page of the other words is read once, not on every request of the query.
  const read = await memo(`${countsKey({ ...query, q: rest }, undefined, vehicle)}:bare:${n}`, async () => {
    const row = await searchRow(exec, { ...query, q: rest, page: 1, limit: OTHER_SIZES_SCAN }, vehicle, memo);
    const kinds = new Set(row.items.flatMap((p) => findSizes(String(p.name)).map((f) => f.size.kind)));
    // Issue #38 (decision 213 addendum): the parts whose part number (or another number of theirs) holds the number
    // as its digits ("oil filter 204": the HF204), read from the same page.
    const numbered = n.length >= 3 ? [...new Set(row.items.filter((p) => holdsDigits(p, n)).map((p) => String(p.sku)))] : [];
    return { readings: bareNumberReadings(Number(n), kinds), numbered };
  });
  const { readings, numbered } = read;
  if (readings.length === 1) return { q: withBareNumberAs(q, n, readings[0]) ?? undefined };
  // No size: a number of three digits or more that is the digits of the part number of exactly one part the other
  // words find ("oil filter 204": the HF204) is that part number.
  if (readings.length === 0 && numbered.length === 1) return { q: numbered[0] };
  // Issue #38 (decision 219): of several, those parts, if the query as typed finds nothing.
  if (readings.length === 0 && numbered.length > 1) return { numbered: { digits: n, skus: numbered.slice(0, MAX_NUMBERED) } };
  // No size: a number first, before the part, is how many ("2 brake pads", "10 spark plugs"), not a word to match.
  return { q: readings.length === 0 && tokens[0].word === n && !tokens[0].parts && n.length <= 2 ? rest : undefined };
}

/** Issue #38 (decision 219): the digits typed, and the part numbers that hold them as one run of digits. */
interface NumberedParts {
  digits: string;
  skus: string[];
}

/** At most this many parts answer a number that is the digits of several part numbers. */
const MAX_NUMBERED = 8;

/**
 * Issue #38 (decision 219): a query that is a number alone, of three digits or more ("204"), and finds nothing as a
 * part number or a word: the part numbers that hold it as one run of their digits (HF204, IND-204-SMK), read through
 * the trigram index of `sku_key` (the punctuation out, so the run is checked on the part number as written). Other
 * numbers of a part (OEM, superseded) are not read: they have no such index. Kept until the catalogue changes.
 */
async function partNumbersWithDigits(exec: SearchExecutor, q: string, memo: SearchMemo): Promise<NumberedParts | undefined> {
  const digits = q.trim();
  if (!/^\d{3,12}$/.test(digits)) return undefined;
  const skus = await memo(`search:digits:${digits}`, async () =>
    (
      await exec<{ sku: string }>(
        sql`SELECT sku FROM products WHERE sku_key LIKE ${`%${digits}%`} AND sku ~ ${`(^|[^0-9])${digits}([^0-9]|$)`} ORDER BY sku LIMIT ${MAX_NUMBERED}`,
      )
    ).map((r) => r.sku),
  );
  return skus.length > 0 ? { digits, skus } : undefined;
}

/**
 * Issue #38 (decision 219): the parts of some part numbers, each searched like the query by its number (so the bike
 * and the filters apply), as one answer's row: the parts in the order given, their facets added up.
 */
async function numberedRow(
  exec: SearchExecutor,
  query: SearchQuery,
  skus: string[],
  vehicle: VehicleFilter | undefined,
  memo: SearchMemo,
): Promise<SearchRow & { skus: string[] }> {
  const rows: SearchRow[] = [];
  for (const sku of skus) {
    const row = await searchRow(exec, { ...query, q: sku, page: 1, limit: 1, sort: 'relevance' }, vehicle, memo);
    if (row.items.length > 0 && skuKey(String(row.items[0].sku)) === skuKey(sku)) rows.push({ ...row, items: row.items.slice(0, 1) });
  }
  const add = (lists: FacetCount[][]) => {
    const counts = new Map<string, number>();
    for (const f of lists.flat()) counts.set(f.value, (counts.get(f.value) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  };
  const prices = rows.map((r) => Number(r.items[0].unit_price_cents));
  const items = rows.map((r) => r.items[0]);
  return {
    total: items.length,
    sizes: { sku: items.length, text: 0, buckets: [], matches: 0, catalogue: 0 },
    categories: add(rows.map((r) => r.categories.filter((f) => f.value === r.items[0].category))),
    brands: add(rows.map((r) => r.brands.filter((f) => f.value === r.items[0].brand))),
    price: { min: prices.length ? Math.min(...prices) : null, max: prices.length ? Math.max(...prices) : null },
    items: query.page === 1 ? items.slice(0, query.limit) : [],
    skus: items.map((p) => String(p.sku)),
  };
}

/** Whether a part's number, or another number of it (OEM, superseded), has `digits` as one run of its digits (HF204: 204). */
function holdsDigits(p: Record<string, unknown>, digits: string): boolean {
  const keys = [String(p.sku_key ?? ''), ...((p.part_number_keys as string[] | null) ?? [])];
  return keys.some((k) => {
    const runs: string[] = k.match(/\d+/g) ?? [];
    return runs.includes(digits);
  });
}

/**
 * Issue #38 item 2 (decision 213): nothing found, and the query asks for a position the parts do not have ("rear brake
 * pads": the shop lists front pads only), or another qualifier ("chain kit": no kit): the parts the words find without
 * them, to show apart as related, after saying that the shop does not list what was asked for. Undefined otherwise.
 */
async function relatedWithoutPosition(
  db: Db,
  exec: SearchExecutor,
  query: SearchQuery,
  vehicle: VehicleFilter | undefined,
  opts: CatalogOptions | undefined,
  memo: SearchMemo,
): Promise<{ head: string; related: NonNullable<SearchResult['related']> } | undefined> {
  const words = await queryWords(exec, query.q!, memo);
  const qualifiers = words?.slots?.filter(isQualifier) ?? [];
  if (!words?.slots || qualifiers.length === 0 || qualifiers.length === words.slots.length) return undefined;
  let rest = query.q!;
  for (const p of qualifiers) rest = withoutWords(rest, p.typed);
  if (rest === query.q || !/\p{L}/u.test(rest)) return undefined;
  const row = await searchRow(exec, { ...query, q: rest, page: 1, limit: RELATED_LIMIT }, vehicle, memo);
  const sizes = Number(row.total) > 0 ? branchSizes(row.sizes) : undefined;
  // Parts that are what the other words name (a part number, name, brand or category), not mentions in descriptions.
  if (!sizes || (sizes.sku === 0 && sizes.buckets.every(([tier]) => tier >= DESCRIPTION_TIER))) return undefined;
  return { head: query.q!, related: { q: rest, total: Number(row.total), items: await toProductDtos(db, row.items.map(rowFromJson), opts) } };
}

export async function search(db: Db, query: SearchQuery, opts?: CatalogOptions, memo: SearchMemo = noMemo): Promise<SearchResult> {
  const exec: SearchExecutor = async (statement) => ((await db.execute(statement)) as unknown as { rows: never[] }).rows;
  let vehicle: VehicleRow | undefined;
  if (query.vehicle !== undefined) {
    [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, query.vehicle));
    if (!vehicle) throw vehicleNotFound();
  }
  const bike0 = await readBike(exec, query, Boolean(vehicle), memo);
  const { named, bikes, shared } = bike0;
  // Issue #38 item 1 (decision 213): a number alone beside a part may be its size ("fork seals 41").
  const sized = await bareNumberAsSize(exec, bike0.effective, vehicle ?? named ?? undefined, memo);
  const effective = sized.q ? { ...bike0.effective, q: sized.q } : bike0.effective;
  // No transaction: the counts may come from memory anyway (decision 112), and BEGIN and COMMIT were two more round trips.
  let row = await searchRow(exec, effective, vehicle ?? named ?? undefined, memo);
  // Issue #38 (decision 219): nothing found, and the number typed is the digits of the part numbers of several parts
  // the other words find ("led 204"), or, typed alone, of any parts ("204": HF204 and IND-204-SMK): those parts.
  const numbered = Number(row.total) === 0 && effective.q ? (sized.numbered ?? (await partNumbersWithDigits(exec, effective.q, memo))) : undefined;
  let partNumbersWith: SearchResult['partNumbersWith'];
  if (numbered) {
    const { skus, ...found } = await numberedRow(exec, effective, numbered.skus, vehicle ?? named ?? undefined, memo);
    if (found.total > 0) [row, partNumbersWith] = [found, { digits: numbered.digits, partNumbers: skus }];
  }
  const total = Number(row.total);
  // Issue #38 (decision 196): every part found matches the words in its description only (no part number, name,
  // brand or category does): the shop may not carry what was asked for, and the page says so above them.
  const sizes = total > 0 && query.q ? branchSizes(row.sizes) : undefined;
  const mentionsOnly = sizes !== undefined && sizes.sku === 0 && sizes.buckets.length > 0 && sizes.buckets.every(([tier]) => tier >= DESCRIPTION_TIER);
  // Issue #38 item 4 (decision 211): the parts found match the other words, but none has the query's head noun in its
  // name, brand or category ("sprocket bolts": the sprocket's description says "5-bolt"): the shop does not list
  // that part, and the page says so before them, as for mentionsOnly.
  const missingHead =
    sizes && !mentionsOnly && sizes.sku === 0 && effective.q ? await headMissing(exec, effective, vehicle ?? named ?? undefined, memo) : undefined;
  // The page's parts with their fitment lines (issue #11), one more query for at most `limit` ids.
  const items = (await toProductDtos(db, row.items.map(rowFromJson), opts)).map((item) => {
    // Issue #26 item 4: a part found by one of its other numbers says which ("Replaces Yamaha 1WS-W0045-00").
    const matched = query.q ? matchingPartNumber(item.partNumbers, query.q) : null;
    return matched ? { ...item, matchedPartNumber: matched } : item;
  });
  const cents = (v: number | null) => (v === null ? null : fromCents(Number(v)));
  // Issue #26 item 6 (decision 168): nothing found for the words: what they may have meant.
  const q = query.q;
  const didYouMean = total === 0 && q ? await memo(`search:closest:${q}`, async () => closestTo(exec, q, await knownModels(exec, memo))) : undefined;
  // Issue #39 item 9 (decision 189): nothing named by the other words fits the bike named ("front sprocket mt07"): the
  // parts those words find for other bikes, so the page can say plainly that none fits and show them apart.
  // Issue #38 (decision 219): nothing found as typed, and the words name a job of the vocabulary ("chain kit mt07"):
  // the parts of the job that fit, as the groups of a list (decision 195), before any other answer to nothing found.
  const job = total === 0 && effective.q ? await jobParts(db, exec, effective, vehicle ?? named ?? undefined, opts, memo) : undefined;
  const forOtherBikes =
    total === 0 && !job && named && !vehicle && named.rest.trim()
      ? await (async () => {
          const other = await searchRow(exec, { ...effective, page: 1, limit: OTHER_BIKES_LIMIT }, undefined, memo);
          return { total: Number(other.total), items: await toProductDtos(db, other.items.map(rowFromJson), opts) };
        })()
      : undefined;
  // Issue #38 item 3 (decision 211): nothing found for the words and they hold a size ("41mm fork seals"): the parts
  // the words find without the size whose names carry a size of the same kind (the 43 mm seals), shown apart as
  // other sizes, never as the answer.
  const otherSizes =
    total === 0 && !job && effective.q && !(forOtherBikes && forOtherBikes.total > 0)
      ? await sizesApart(db, exec, effective, vehicle ?? named ?? undefined, opts, memo)
      : undefined;
  // Issue #38 item 1 (decision 195): nothing found for the words, and they name several parts: each part's group,
  // searched like the query (the bike named or chosen, the filters), its first few parts.
  // A bike's part that fits other bikes ("front sprocket mt07", forOtherBikes) is one part, not a list.
  // Issue #38 item 2 (decision 213): nothing found because of a position the parts do not have ("rear brake pads"):
  // said first, and the parts without the position apart, as related (not cut into a list of "rear brake" and "pads").
  const withoutPosition =
    total === 0 && !job && effective.q && !(forOtherBikes && forOtherBikes.total > 0) && !otherSizes
      ? await relatedWithoutPosition(db, exec, effective, vehicle ?? named ?? undefined, opts, memo)
      : undefined;
  const groups =
    job?.groups ??
    (total === 0 && effective.q && !(forOtherBikes && forOtherBikes.total > 0) && !otherSizes && !withoutPosition
      ? await partGroups(db, exec, effective, vehicle ?? named ?? undefined, opts, memo)
      : undefined);
  // Issue #38 item 4 (decision 211): nothing found, and the head noun names a part the shop does not list ("brake
  // caliper bolt"): the parts the other words find, shown apart as related, after saying so.
  const withoutHead =
    withoutPosition ??
    (total === 0 && effective.q && !(forOtherBikes && forOtherBikes.total > 0) && !otherSizes && !groups
      ? await relatedWithoutHead(db, exec, effective, vehicle ?? named ?? undefined, opts, memo)
      : undefined);
  // Issue #36 item 4 (decision 197): a bike named or chosen: its parts diagrams whose names hold the other words.
  const bike = vehicle
    ? { make: vehicle.make, model: vehicle.model, year: vehicle.year, vehicleId: vehicle.id }
    : named?.model
      ? { make: named.make, model: named.model, year: named.year }
      : null;
  const words = effective.q ?? '';
  // Its job baskets too (decision 199), read each time: the jobs have no change notice to clear a cache with.
  const guides =
    bike && query.page === 1
      ? [
          ...(await memo(`search:guides:${bike.vehicleId ?? `${bike.make}|${bike.model}|${bike.year ?? ''}`}:${words}`, () =>
            diagramsForBike(db, bike, words),
          )),
          ...(await basketsForBike(db, bike, words, opts)),
        ]
      : undefined;
  return {
    items,
    total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    ...(vehicle && { vehicle: { _id: vehicle.id, make: vehicle.make, model: vehicle.model, year: vehicle.year, variant: vehicle.variant } }),
    ...(named && { namedVehicle: { make: named.make, model: named.model, year: named.year, rest: named.rest } }),
    ...(bikes && { bikes: bikes.map((b) => ({ make: b.make, model: b.model })) }),
    ...(shared && {
      whichBike: {
        bikes: shared.models.map((b) => ({
          make: b.make,
          model: b.model,
          fromYear: b.fromYear,
          toYear: b.toYear,
          q: [shared.year, b.make, b.model, shared.rest].filter((x) => x !== null && x !== '').join(' '),
        })),
        rest: effective.q ?? '',
      },
    }),
    ...(partNumbersWith && { partNumbersWith }),
    ...(didYouMean && { didYouMean }),
    ...(forOtherBikes && forOtherBikes.total > 0 && { forOtherBikes }),
    ...(groups && { groups }),
    ...(job && { job: job.job }),
    ...(otherSizes && { otherSizes }),
    ...(mentionsOnly && { mentionsOnly }),
    ...(missingHead && { missingHead }),
    ...(withoutHead && { missingHead: withoutHead.head, related: withoutHead.related }),
    ...(guides && guides.length > 0 && { guides }),
    facets: {
      category: row.categories,
      brand: row.brands,
      price: { min: cents(row.price.min), max: cents(row.price.max) },
    },
  };
}
