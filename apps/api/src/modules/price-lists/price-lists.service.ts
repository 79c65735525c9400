import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CATEGORY_LABELS,
  MAX_PRICE_LIST_CSV_ROWS,
  PRICE_LIST_CSV_COLUMNS,
  PRODUCT_CATEGORIES,
  centPriceSchema,
  cheapestOffer,
  formatPriceTiersCell,
  fromCents,
  parsePriceTiersCell,
  priceTierListSchema,
  priceTiersProblem,
  skuKey,
  toCents,
  tradeOffers,
  type MyPrices,
  type PriceListDetail,
  type PriceListImportResult,
  type PriceListPrice,
  type PriceListSummary,
  type PriceOffer,
  type PriceTierCents,
  type TradeTerms,
  priceListInputSchema,
  priceListPatchSchema,
  priceListPriceInputSchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, companyMembers, priceListCompanies, priceListDiscounts, priceListPrices, priceLists, products } from '../../db/schema';
import { spreadsheetSafe } from '../../lib/csv';
import { BadRequestError, ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation, tiersToCents, tiersToDto } from '../products/products.service';

/**
 * Issue #37 item 2 (decision 206): trade price lists. A list's prices and percentages reach a buyer only through
 * their company's membership, read on every call: the public catalogue (its cache, its HTML, its JSON) never holds
 * a trade price. The cart, the quote and the checkout price a member's lines with `tradePriced`, the one price rule
 * (orderPriceCents) applied to each offer, the lowest winning; the part pages and search results ask
 * `GET /prices/mine` for the signed-in buyer's prices, answered privately.
 */

type Actor = { id: string; email: string } | null;
type ListRow = typeof priceLists.$inferSelect;

const listNotFound = () => new NotFoundError('No price list with that id.', 'PRICE_LIST_NOT_FOUND');
const duplicateName = (name: string) => new ConflictError(`A price list named ${name} already exists: choose another name.`, 'PRICE_LIST_NAME_TAKEN');

// ── Pricing a buyer ──

/**
 * What the price lists valid at `now` of the company `userId` belongs to say of one part, as ONE json value
 * ({ prices, percentsOff }), so it folds into the statement that reads the part (the one-product order's). A
 * person of no company, or whose company has no list valid now, gets empty lists.
 */
export function tradeTermsSql(userId: SQLWrapper | string, product: { id: SQLWrapper; category: SQLWrapper; brand: SQLWrapper }, now: Date): SQL {
  const lists = sql`(select l.id from ${priceLists} l
      join ${priceListCompanies} c on c.price_list_id = l.id
      join ${companyMembers} m on m.company_id = c.company_id
      where m.user_id = ${userId}
        and (l.starts_at is null or l.starts_at <= ${now.toISOString()}::timestamptz)
        and (l.ends_at is null or l.ends_at > ${now.toISOString()}::timestamptz))`;
  return sql`json_build_object(
    'prices', coalesce((select json_agg(json_build_object('unitPriceCents', pp.unit_price_cents, 'priceTiers', pp.price_tiers))
        from ${priceListPrices} pp where pp.product_id = ${product.id} and pp.price_list_id in ${lists}), '[]'::json),
    'percentsOff', coalesce((select json_agg(d.percent_off_bp) from ${priceListDiscounts} d
        where d.price_list_id in ${lists}
          and ((d.kind = 'category' and lower(d.value) = lower(${product.category})) or (d.kind = 'brand' and lower(d.value) = lower(${product.brand})))), '[]'::json))`;
}

/** tradeTermsSql's value (a string when the driver leaves json unparsed); undefined when no list prices the part. */
export function parseTradeTerms(value: unknown): TradeTerms | undefined {
  if (value == null) return undefined;
  const terms = (typeof value === 'string' ? JSON.parse(value) : value) as TradeTerms;
  return terms.prices.length > 0 || terms.percentsOff.length > 0 ? terms : undefined;
}

/** The trade terms of these parts for this buyer, by part id (parts no list prices are absent). */
export async function tradeTermsFor(db: Db, userId: string, productIds: readonly string[], now: Date): Promise<Map<string, TradeTerms>> {
  const out = new Map<string, TradeTerms>();
  const ids = [...new Set(productIds)].filter(isUuid);
  if (!userId || ids.length === 0) return out;
  // Most buyers belong to no company: one lookup by primary key answers them.
  const [member] = await db.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  if (!member) return out;
  const rows = await db
    .select({ id: products.id, terms: sql<unknown>`${tradeTermsSql(userId, { id: products.id, category: products.category, brand: products.brand }, now)}` })
    .from(products)
    .where(inArray(products.id, ids));
  for (const row of rows) {
    const terms = parseTradeTerms(row.terms);
    if (terms) out.set(row.id, terms);
  }
  return out;
}

type Priceable = { unitPriceCents: number; minOrder: number; priceTiers: PriceTierCents[] };

/**
 * The part as this buyer pays for `quantity` of it: its lot price and tiers replaced by the offer that prices the
 * quantity lowest (the public one when no list is cheaper, so a trade buyer never pays more than a visitor).
 */
export function tradePriced<P extends Priceable>(product: P, quantity: number, terms: TradeTerms | undefined): P {
  if (!terms) return product;
  const base: PriceOffer = { unitPriceCents: product.unitPriceCents, priceTiers: product.priceTiers };
  const best = cheapestOffer([base, ...tradeOffers(base, terms)], product.minOrder, quantity);
  return best === base ? product : { ...product, unitPriceCents: best.unitPriceCents, priceTiers: [...best.priceTiers] };
}

/** These lines with their parts priced for this buyer (cart, quote, checkout). */
export async function withTradePrices<P extends Priceable & { id: string }, L extends { product: P; quantity: number }>(
  db: Db,
  userId: string,
  lines: L[],
  now: Date,
): Promise<L[]> {
  const terms = await tradeTermsFor(
    db,
    userId,
    lines.map((l) => l.product.id),
    now,
  );
  if (terms.size === 0) return lines;
  return lines.map((l) => ({ ...l, product: tradePriced(l.product, l.quantity, terms.get(l.product.id)) }));
}

/**
 * GET /prices/mine: the signed-in buyer's price of each of these parts at its minimum order, where a list makes it
 * lower than the public price (the page shows it over the public one). Nothing for a buyer of no company.
 */
export async function myPrices(db: Db, userId: string, productIds: readonly string[], now: Date): Promise<MyPrices> {
  const terms = await tradeTermsFor(db, userId, productIds, now);
  if (terms.size === 0) return { prices: [] };
  const rows = await db
    .select({ id: products.id, unitPriceCents: products.unitPriceCents, minOrder: products.minOrder, priceTiers: products.priceTiers })
    .from(products)
    .where(inArray(products.id, [...terms.keys()]))
    .orderBy(asc(products.id));
  const prices: MyPrices['prices'] = [];
  for (const row of rows) {
    const own = terms.get(row.id);
    const priced = tradePriced(row, row.minOrder, own);
    if (priced === row) continue;
    prices.push({
      productId: row.id,
      unitPrice: fromCents(priced.unitPriceCents),
      priceTiers: tiersToDto(priced.priceTiers),
      offers: tradeOffers(row, own).map((o) => ({ unitPrice: fromCents(o.unitPriceCents), priceTiers: tiersToDto(o.priceTiers) })),
    });
  }
  return { prices };
}

// ── The admin's lists ──

/** A list is valid from `startsAt` (inclusive) until `endsAt` (exclusive), either open: the rule tradeTermsSql holds in SQL. */
export const priceListCurrent = (row: { startsAt: Date | null; endsAt: Date | null }, now: Date) =>
  (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);

/** A category named by its slug or its label ("Brakes"), as stored: the slug. */
function categorySlug(value: string): string | null {
  const v = value.trim().toLowerCase();
  return PRODUCT_CATEGORIES.find((c) => c === v || CATEGORY_LABELS[c].toLowerCase() === v) ?? null;
}

function discountRows(listId: string, discounts: z.output<typeof priceListInputSchema>['discounts']) {
  return discounts.map((d, i) => {
    let value = d.value;
    if (d.kind === 'category') {
      const slug = categorySlug(d.value);
      if (!slug) throw new BadRequestError(`Discount ${i + 1}: there is no category ${d.value}`, 'UNKNOWN_CATEGORY');
      value = slug;
    }
    return { priceListId: listId, kind: d.kind, value, percentOffBasisPoints: Math.round(d.percentOff * 100) };
  });
}

async function setCompanies(tx: Db, listId: string, companyIds: string[]): Promise<void> {
  const wanted = [...new Set(companyIds.map((c) => c.toLowerCase()))];
  if (wanted.length > 0) {
    const found = await tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, wanted));
    if (found.length !== wanted.length)
      throw new BadRequestError('One of the companies does not exist (any more): reload and choose again.', 'UNKNOWN_COMPANY');
  }
  await tx.delete(priceListCompanies).where(eq(priceListCompanies.priceListId, listId));
  if (wanted.length > 0) await tx.insert(priceListCompanies).values(wanted.map((companyId) => ({ priceListId: listId, companyId })));
}

async function setDiscounts(tx: Db, listId: string, discounts: z.output<typeof priceListInputSchema>['discounts']): Promise<void> {
  const rows = discountRows(listId, discounts);
  await tx.delete(priceListDiscounts).where(eq(priceListDiscounts.priceListId, listId));
  if (rows.length > 0) await tx.insert(priceListDiscounts).values(rows);
}

async function summaries(db: Db, rows: ListRow[], now: Date): Promise<PriceListSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [counts, discounts, members] = [
    await db
      .select({ id: priceListPrices.priceListId, n: count() })
      .from(priceListPrices)
      .where(inArray(priceListPrices.priceListId, ids))
      .groupBy(priceListPrices.priceListId),
    await db
      .select()
      .from(priceListDiscounts)
      .where(inArray(priceListDiscounts.priceListId, ids))
      .orderBy(asc(priceListDiscounts.kind), asc(priceListDiscounts.value)),
    await db
      .select({ listId: priceListCompanies.priceListId, id: companies.id, name: companies.name })
      .from(priceListCompanies)
      .innerJoin(companies, eq(companies.id, priceListCompanies.companyId))
      .where(inArray(priceListCompanies.priceListId, ids))
      .orderBy(asc(sql`lower(${companies.name})`)),
  ];
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    current: priceListCurrent(r, now),
    priceCount: counts.find((c) => c.id === r.id)?.n ?? 0,
    discounts: discounts
      .filter((d) => d.priceListId === r.id)
      .map((d) => ({ kind: d.kind as 'category' | 'brand', value: d.value, percentOff: d.percentOffBasisPoints / 100 })),
    companies: members.filter((m) => m.listId === r.id).map((m) => ({ _id: m.id, name: m.name })),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listPriceLists(db: Db, now: Date): Promise<PriceListSummary[]> {
  return summaries(
    db,
    await db
      .select()
      .from(priceLists)
      .orderBy(asc(sql`lower(${priceLists.name})`)),
    now,
  );
}

async function listRow(db: Db, id: string, lock = false): Promise<ListRow> {
  if (!isUuid(id)) throw listNotFound();
  const query = db.select().from(priceLists).where(eq(priceLists.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw listNotFound();
  return row;
}

async function listPrices(db: Db, listId: string): Promise<PriceListPrice[]> {
  const rows = await db
    .select({
      price: priceListPrices,
      product: { sku: products.sku, name: products.name, minOrder: products.minOrder, unitPriceCents: products.unitPriceCents },
    })
    .from(priceListPrices)
    .innerJoin(products, eq(products.id, priceListPrices.productId))
    .where(eq(priceListPrices.priceListId, listId))
    .orderBy(asc(products.sku));
  return rows.map(({ price, product }) => ({
    productId: price.productId,
    sku: product.sku,
    name: product.name,
    minOrder: product.minOrder,
    publicPrice: fromCents(product.unitPriceCents),
    unitPrice: fromCents(price.unitPriceCents),
    priceTiers: tiersToDto(price.priceTiers),
  }));
}

export async function getPriceList(db: Db, id: string, now: Date): Promise<PriceListDetail> {
  const row = await listRow(db, id);
  const [summary] = await summaries(db, [row], now);
  return { ...summary, prices: await listPrices(db, row.id) };
}

export async function createPriceList(db: Db, input: z.output<typeof priceListInputSchema>, actor: Actor, now: Date): Promise<PriceListDetail> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(priceLists)
        .values({ name: input.name, startsAt: input.startsAt ? new Date(input.startsAt) : null, endsAt: input.endsAt ? new Date(input.endsAt) : null })
        .returning();
      await setCompanies(tx, row.id, input.companyIds);
      await setDiscounts(tx, row.id, input.discounts);
      await recordAudit(tx, { actor, action: 'price_list.create', entityType: 'price_list', entityId: row.id, before: null, after: input });
      return row.id;
    });
    return getPriceList(db, id, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

export async function updatePriceList(db: Db, id: string, patch: z.output<typeof priceListPatchSchema>, actor: Actor, now: Date): Promise<PriceListDetail> {
  try {
    await db.transaction(async (tx) => {
      const was = await listRow(tx, id, true);
      const startsAt = patch.startsAt === undefined ? was.startsAt : patch.startsAt ? new Date(patch.startsAt) : null;
      const endsAt = patch.endsAt === undefined ? was.endsAt : patch.endsAt ? new Date(patch.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) throw new BadRequestError('Valid until must be after valid from', 'VALIDATION_ERROR');
      await tx
        .update(priceLists)
        .set({ name: patch.name ?? was.name, startsAt, endsAt, updatedAt: new Date() })
        .where(eq(priceLists.id, was.id));
      if (patch.companyIds) await setCompanies(tx, was.id, patch.companyIds);
      if (patch.discounts) await setDiscounts(tx, was.id, patch.discounts);
      await recordAudit(tx, { actor, action: 'price_list.update', entityType: 'price_list', entityId: was.id, before: { name: was.name }, after: patch });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(patch.name ?? '');
    throw err;
  }
  return getPriceList(db, id, now);
}

export async function deletePriceList(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const was = await listRow(tx, id, true);
    await tx.delete(priceLists).where(eq(priceLists.id, was.id));
    await recordAudit(tx, { actor, action: 'price_list.delete', entityType: 'price_list', entityId: was.id, before: { name: was.name }, after: null });
  });
}

const productNotFound = () => new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');

/** PUT a part's price on a list: its tiers start above the part's minimum order, as the public ones (decision 131). */
export async function setListPrice(
  db: Db,
  listId: string,
  productId: string,
  input: z.output<typeof priceListPriceInputSchema>,
  actor: Actor,
): Promise<PriceListPrice> {
  if (!isUuid(productId)) throw productNotFound();
  return db.transaction(async (tx) => {
    const list = await listRow(tx, listId, true);
    const [product] = await tx.select().from(products).where(eq(products.id, productId));
    if (!product) throw productNotFound();
    const problem = priceTiersProblem(input.priceTiers, product.minOrder);
    if (problem) throw new BadRequestError(problem, 'VALIDATION_ERROR');
    const values = { priceListId: list.id, productId: product.id, unitPriceCents: toCents(input.unitPrice), priceTiers: tiersToCents(input.priceTiers) };
    await tx
      .insert(priceListPrices)
      .values(values)
      .onConflictDoUpdate({
        target: [priceListPrices.priceListId, priceListPrices.productId],
        set: { unitPriceCents: values.unitPriceCents, priceTiers: values.priceTiers },
      });
    await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, list.id));
    await recordAudit(tx, {
      actor,
      action: 'price_list.price',
      entityType: 'price_list',
      entityId: list.id,
      before: null,
      after: { sku: product.sku, ...input },
    });
    return {
      productId: product.id,
      sku: product.sku,
      name: product.name,
      minOrder: product.minOrder,
      publicPrice: fromCents(product.unitPriceCents),
      unitPrice: fromCents(values.unitPriceCents),
      priceTiers: tiersToDto(values.priceTiers),
    };
  });
}

export async function deleteListPrice(db: Db, listId: string, productId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const list = await listRow(tx, listId, true);
    const gone = isUuid(productId)
      ? await tx
          .delete(priceListPrices)
          .where(and(eq(priceListPrices.priceListId, list.id), eq(priceListPrices.productId, productId)))
          .returning({ id: priceListPrices.productId })
      : [];
    if (gone.length === 0) throw new NotFoundError('That part has no price on this list.', 'PRICE_NOT_FOUND');
    await recordAudit(tx, { actor, action: 'price_list.price_remove', entityType: 'price_list', entityId: list.id, before: { productId }, after: null });
  });
}

// ── CSV ──

/** The list's prices as a CSV: part number, name, minimum order, public price, this list's price and tiers. */
export async function exportPriceListCsv(db: Db, listId: string): Promise<string> {
  const list = await listRow(db, listId);
  const records = (await listPrices(db, list.id)).map((p) =>
    spreadsheetSafe({
      sku: p.sku,
      name: p.name,
      min_order: p.minOrder,
      public_price: p.publicPrice.toFixed(2),
      unit_price: p.unitPrice.toFixed(2),
      price_tiers: formatPriceTiersCell(p.priceTiers),
    }),
  );
  return stringify(records, { header: true, columns: [...PRICE_LIST_CSV_COLUMNS] });
}

interface CsvProblem {
  line: number;
  message: string;
}

/**
 * POST a CSV of prices to a list (the export's columns; `sku` and `unit_price` are needed, the others optional).
 * Each row sets the part's price on the list; an empty `unit_price` takes the part off the list. Every row is
 * checked first; one wrong row answers 400 with every problem by line, and nothing changes. In one transaction.
 */
export async function importPriceListCsv(db: Db, listId: string, text: string, actor: Actor): Promise<PriceListImportResult> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, info: true });
  } catch (err) {
    throw new BadRequestError(`The file is not a CSV we can read: ${(err as Error).message}`, 'CSV_UNREADABLE');
  }
  if (records.length === 0)
    throw new BadRequestError(
      'The file has no rows: the first line names the columns (sku, unit_price, price_tiers), one part per line after it.',
      'CSV_EMPTY',
    );
  const header = Object.keys(records[0].record);
  for (const needed of ['sku', 'unit_price']) {
    if (!header.includes(needed))
      throw new BadRequestError(`The file has no ${needed} column: the first line names the columns (sku, unit_price, price_tiers).`, 'CSV_COLUMNS');
  }
  if (records.length > MAX_PRICE_LIST_CSV_ROWS)
    throw new BadRequestError(`The file has ${records.length} rows: at most ${MAX_PRICE_LIST_CSV_ROWS} in one upload. Split it.`, 'CSV_TOO_LONG');

  const keys = [...new Set(records.map((r) => skuKey(r.record.sku ?? '')).filter(Boolean))];
  const found = keys.length
    ? await db.select({ id: products.id, skuKey: products.skuKey, minOrder: products.minOrder }).from(products).where(inArray(products.skuKey, keys))
    : [];
  const byKey = new Map(found.map((p) => [p.skuKey, p]));
  const problems: CsvProblem[] = [];
  const set: { productId: string; unitPriceCents: number; priceTiers: PriceTierCents[] }[] = [];
  const remove: string[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const line = info.lines;
    const sku = (record.sku ?? '').trim();
    const product = byKey.get(skuKey(sku));
    if (!sku) {
      problems.push({ line, message: 'the part number (sku) is empty' });
      continue;
    }
    if (!product) {
      problems.push({ line, message: `no part has the number ${sku}` });
      continue;
    }
    if (seen.has(product.id)) {
      problems.push({ line, message: `${sku} is on an earlier line too` });
      continue;
    }
    seen.add(product.id);
    const priceCell = (record.unit_price ?? '').trim().replace(/^\$/, '');
    if (priceCell === '') {
      remove.push(product.id);
      continue;
    }
    const price = centPriceSchema('unit_price').safeParse(priceCell);
    if (!price.success) {
      problems.push({ line, message: price.error.issues[0].message });
      continue;
    }
    const cell = parsePriceTiersCell(record.price_tiers ?? '');
    if (!cell.ok) {
      problems.push({ line, message: cell.message });
      continue;
    }
    const tiers = priceTierListSchema.safeParse(cell.tiers);
    if (!tiers.success) {
      problems.push({ line, message: tiers.error.issues[0].message });
      continue;
    }
    const problem = priceTiersProblem(tiers.data, product.minOrder);
    if (problem) {
      problems.push({ line, message: problem });
      continue;
    }
    set.push({ productId: product.id, unitPriceCents: toCents(price.data), priceTiers: tiersToCents(tiers.data) });
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).map((p) => `line ${p.line}: ${p.message}`);
    throw new BadRequestError(
      `Nothing was changed: ${problems.length} ${problems.length === 1 ? 'row has a problem' : 'rows have problems'} (${shown.join('; ')}${problems.length > 20 ? '; …' : ''}).`,
      'CSV_ROWS_INVALID',
      { problems },
    );
  }
  await db.transaction(async (tx) => {
    const list = await listRow(tx, listId, true);
    for (let i = 0; i < set.length; i += 500) {
      const batch = set.slice(i, i + 500).map((s) => ({ priceListId: list.id, ...s }));
      await tx
        .insert(priceListPrices)
        .values(batch)
        .onConflictDoUpdate({
          target: [priceListPrices.priceListId, priceListPrices.productId],
          set: { unitPriceCents: sql`excluded.unit_price_cents`, priceTiers: sql`excluded.price_tiers` },
        });
    }
    if (remove.length > 0) await tx.delete(priceListPrices).where(and(eq(priceListPrices.priceListId, list.id), inArray(priceListPrices.productId, remove)));
    await tx.update(priceLists).set({ updatedAt: new Date() }).where(eq(priceLists.id, list.id));
    await recordAudit(tx, {
      actor,
      action: 'price_list.import',
      entityType: 'price_list',
      entityId: list.id,
      before: null,
      after: { set: set.length, removed: remove.length },
    });
  });
  return { updated: set.length + remove.length, rows: records.length };
}
