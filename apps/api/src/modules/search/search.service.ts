import { eq, sql, type SQL } from 'drizzle-orm';
import { skuKey, toCents, fromCents, type FacetCount, type SearchQuery, type SearchResult } from '@shop/shared';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { toProductDtos, type CatalogOptions, type ProductRow } from '../products/products.service';

/**
 * Search in PostgreSQL (issue #9, decision 110): one statement answers the
 * page, the total and the facets. Ranking tiers, best first:
 *   0  the part number, ignoring case, spaces, dots and dashes (sku_key = key)
 *   1  a part-number prefix (sku_key LIKE 'key%', btree text_pattern_ops)
 *   2  name and brand hold every word (full text); when the words match nothing
 *      as typed, names and brands close to them (pg_trgm word similarity, GIN)
 *   3  full text of name, brand and description ('simple' config, GIN)
 * The expressions must stay exactly as the indexes of migration 0009_search write them.
 */

type VehicleRow = typeof vehicles.$inferSelect;

/** Word similarity (0..1) a name or brand needs to match: low enough for "sprokit" → "sprocket" (0.5). */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** The brand facet lists the most frequent brands only. */
const BRAND_FACET_SIZE = 50;

const nameBrand = sql.raw(`(p.name || ' ' || p.brand)`);

/**
 * The words of the query as a prefix tsquery ("brake pad" → "brake:* & pad:*"),
 * or '' when it has none; `weights` "A" keeps the name and brand only.
 */
export function prefixTsQuery(q: string, weights = ''): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 10)
    .map((w) => `${w}:*${weights}`)
    .join(' & ');
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether the words may be matched by trigram similarity when nothing else
 * matches them: not for one word with a digit in it, which is a part number
 * (typos in part numbers are not guessed).
 */
export const mayBeFuzzy = (q: string) => q !== '' && !(/^\S+$/.test(q) && /\d/.test(q));

/**
 * The statement behind GET /api/search; exported so the bench can send the
 * same SQL straight from node-postgres. `fuzzy` adds the trigram match of
 * names and brands, the costliest part: the service asks for it only when
 * the part number and the full text match nothing.
 */
export function searchStatement(
  query: SearchQuery,
  { fuzzy = false, vehicle }: { fuzzy?: boolean; vehicle?: Pick<VehicleRow, 'make' | 'model' | 'year'> } = {},
): SQL {
  const q = query.q;
  const key = q ? skuKey(q) : '';
  const tsq = q ? prefixTsQuery(q) : '';
  const nameTsq = q ? prefixTsQuery(q, 'A') : '';
  fuzzy = fuzzy && mayBeFuzzy(q);

  // Which products the words match at all (no words: every product).
  const matches: SQL[] = [];
  const prefix = key.length >= 2 ? sql`p.sku_key LIKE ${`${likeEscape(key)}%`}` : sql`false`;
  if (key) matches.push(sql`p.sku_key = ${key}`);
  if (key.length >= 2) matches.push(prefix);
  if (fuzzy) matches.push(sql`${nameBrand} %> ${q}`);
  if (tsq) matches.push(sql`p.search_vector @@ to_tsquery('simple', ${tsq})`);
  const where = q ? (matches.length ? sql`(${sql.join(matches, sql` OR `)})` : sql`false`) : sql`true`;

  // Tier 2: the name or brand holds every word (full text), or, when fuzzy, is close enough to the words (trigram).
  // Word similarity is computed once per matched row (ws), in a LATERAL below.
  const similarity = fuzzy ? sql`word_similarity(${q}, ${nameBrand})` : sql`0::real`;
  const nameMatch = fuzzy ? sql`s.ws >= ${WORD_SIMILARITY_THRESHOLD}` : tsq ? sql`p.search_vector @@ to_tsquery('simple', ${nameTsq})` : sql`false`;
  const tier = q ? sql`CASE WHEN p.sku_key = ${key} THEN 0 WHEN ${prefix} THEN 1 WHEN ${nameMatch} THEN 2 ELSE 3 END` : sql`3`;
  // Within a tier: shorter part numbers first for prefixes, then word similarity or full-text rank.
  const score = q
    ? sql`CASE WHEN p.sku_key = ${key} THEN 1 WHEN ${prefix} THEN 1.0 / length(p.sku_key) ${fuzzy ? sql`WHEN ${nameMatch} THEN s.ws` : sql``} ${
        tsq ? sql`ELSE ts_rank(p.search_vector, to_tsquery('simple', ${tsq}))` : sql``
      } END`
    : sql`0`;

  const fCategory = query.category ? sql`p.category = ${query.category}` : sql`true`;
  const fBrand = query.brand ? sql`lower(p.brand) = lower(${query.brand})` : sql`true`;
  const fStock = query.inStock === 'true' ? sql`p.stock >= p.min_order` : sql`true`;
  const fPrice = sql`${query.minPrice !== undefined ? sql`p.unit_price_cents >= ${toCents(query.minPrice)}` : sql`true`} AND ${
    query.maxPrice !== undefined ? sql`p.unit_price_cents <= ${toCents(query.maxPrice)}` : sql`true`
  }`;

  // Issue #11: the part is universal or a fitment line covers the vehicle (the rule of fitsVehicle and GET /products?vehicle=).
  const fVehicle = vehicle
    ? sql`(p.universal OR EXISTS (SELECT 1 FROM product_fitments pf WHERE pf.product_id = p.id AND pf.make = ${vehicle.make} AND pf.model = ${vehicle.model} AND ${vehicle.year}::int BETWEEN pf.year_from AND pf.year_to))`
    : sql`true`;

  const order = {
    relevance: q ? sql`tier, score DESC NULLS LAST, created_at DESC, id` : sql`created_at DESC, id DESC`,
    'price-asc': sql`unit_price_cents, tier, created_at DESC, id`,
    'price-desc': sql`unit_price_cents DESC, tier, created_at DESC, id`,
    newest: sql`created_at DESC, id DESC`,
  }[query.sort];

  return sql`
    WITH m AS (
      SELECT p.id, p.category, p.brand, p.unit_price_cents, p.created_at,
             ${tier} AS tier, ${score} AS score,
             (${fCategory}) AS f_category, (${fBrand}) AS f_brand, (${fStock}) AS f_stock, (${fPrice}) AS f_price,
             (${fVehicle}) AS f_vehicle
      FROM products p CROSS JOIN LATERAL (SELECT ${similarity} AS ws) s
      WHERE ${where}
    ),
    f AS (SELECT * FROM m WHERE f_category AND f_brand AND f_stock AND f_price AND f_vehicle),
    page AS (
      SELECT id, row_number() OVER (ORDER BY ${order}) AS ord
      FROM f ORDER BY ${order}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}
    )
    SELECT
      (SELECT count(*)::int FROM m) AS matched,
      (SELECT count(*)::int FROM f) AS total,
      (SELECT coalesce(json_agg(json_build_object('value', category, 'count', n) ORDER BY n DESC, category), '[]'::json)
         FROM (SELECT category, count(*)::int AS n FROM m WHERE f_vehicle AND f_brand AND f_stock AND f_price GROUP BY category) c) AS categories,
      (SELECT coalesce(json_agg(json_build_object('value', brand, 'count', n) ORDER BY n DESC, brand), '[]'::json)
         FROM (SELECT brand, count(*)::int AS n FROM m WHERE f_vehicle AND f_category AND f_stock AND f_price GROUP BY brand ORDER BY n DESC, brand LIMIT ${BRAND_FACET_SIZE}) b) AS brands,
      (SELECT json_build_object('min', min(unit_price_cents), 'max', max(unit_price_cents)) FROM m WHERE f_vehicle AND f_category AND f_brand AND f_stock) AS price,
      (SELECT coalesce(json_agg(to_jsonb(p) - 'search_vector' ORDER BY page.ord), '[]'::json) FROM page JOIN products p ON p.id = page.id) AS items
  `;
}

/** The threshold of `%>` for this transaction only. */
export const similarityThreshold = () => sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`;

interface SearchRow {
  matched: number;
  total: number;
  categories: FacetCount[];
  brands: FacetCount[];
  price: { min: number | null; max: number | null };
  items: Record<string, unknown>[];
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
  };
}

const vehicleNotFound = () => new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');

export async function search(db: Db, query: SearchQuery, opts?: CatalogOptions): Promise<SearchResult> {
  let vehicle: VehicleRow | undefined;
  if (query.vehicle !== undefined) {
    [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, query.vehicle));
    if (!vehicle) throw vehicleNotFound();
  }
  const row = await db.transaction(async (tx) => {
    const run = async (fuzzy: boolean) => ((await tx.execute(searchStatement(query, { fuzzy, vehicle }))) as unknown as { rows: SearchRow[] }).rows[0];
    const exact = await run(false);
    if (Number(exact.matched) > 0 || !mayBeFuzzy(query.q)) return exact;
    // Nothing holds the words as typed: forgive typos in names and brands ("sitered brake pads", "sprokit").
    await tx.execute(similarityThreshold());
    return run(true);
  });
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
