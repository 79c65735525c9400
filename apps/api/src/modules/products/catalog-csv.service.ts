import { asc, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_DIMENSION_COLUMNS,
  CATALOG_CSV_EXPORT_COLUMNS,
  CATALOG_CSV_FITMENT_COLUMNS,
  CATALOG_CSV_IMAGE_SEPARATOR,
  CATALOG_CSV_SHIPPING_COLUMNS,
  CATALOG_CSV_PART_NUMBER_COLUMNS,
  CATALOG_CSV_TIER_COLUMNS,
  CATALOG_IMPORT_MAX_ROWS,
  catalogCsvRowSchema,
  csvRowDimensions,
  DEFAULT_WEIGHT_GRAMS,
  formatFitmentCell,
  formatPartNumbersCell,
  formatPriceTiersCell,
  fromCents,
  priceTiersProblem,
  skuKey,
  toCents,
  type CatalogCsvRow,
  type CatalogImportError,
  type CatalogImportResult,
  type Fitment,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { productFitments, products, stockMovements } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import type { StockActor } from '../stock/stock.service';
import { kitIdsAmong } from '../kits/kits.service';
import { spreadsheetSafe } from '../../lib/csv';
import { ConflictError } from '../../lib/errors';
import {
  dimensionColumns,
  dimensionsOf,
  fitmentRow,
  fitmentsByProduct,
  isUniqueViolation,
  normalizeFitment,
  tiersToCents,
  tiersToDto,
} from './products.service';

type ProductRow = typeof products.$inferSelect;

/** Every product, oldest first, in the import's own format. */
export async function exportCatalogCsv(db: Db): Promise<string> {
  const rows = await db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
  const fitments = await fitmentsByProduct(db);
  const records = rows.map((p) => {
    const dimensions = dimensionsOf(p);
    return spreadsheetSafe({
      sku: p.sku,
      name: p.name,
      brand: p.brand,
      category: p.category,
      unitPrice: fromCents(p.unitPriceCents).toFixed(2),
      minOrder: p.minOrder,
      stock: p.stock,
      description: p.description,
      images: (p.images.length ? p.images : [p.img]).join(CATALOG_CSV_IMAGE_SEPARATOR),
      universal: p.universal ? 'true' : 'false',
      fitment: formatFitmentCell(fitments.get(p.id) ?? []),
      price_tiers: formatPriceTiersCell(tiersToDto(p.priceTiers)),
      weight_grams: p.weightGrams,
      length_mm: dimensions?.length ?? '',
      width_mm: dimensions?.width ?? '',
      height_mm: dimensions?.height ?? '',
      oversize: p.oversize ? 'true' : 'false',
      tax_category: p.taxCategory,
      part_numbers: formatPartNumbersCell(p.partNumbers),
    });
  });
  return stringify(records, { header: true, columns: [...CATALOG_CSV_EXPORT_COLUMNS] });
}

/** Undo what spreadsheetSafe added on export, so a round trip keeps the text as it was. */
const unquoteFormula = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

export interface ParsedRow {
  line: number;
  row: CatalogCsvRow;
}

/**
 * What is wrong with a file's header (its trimmed column names), or null. Both imports check it: the one in a
 * request (parseCatalogCsv) and the background job (decision 200).
 */
export function catalogCsvHeaderProblem(header: readonly string[]): string | null {
  const missing = CATALOG_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return `The header lacks the column(s): ${missing.join(', ')}. Start from an export.`;
  // The dimension columns come together (issue #24): all three or none.
  const dimensionColumnsGiven = CATALOG_CSV_DIMENSION_COLUMNS.filter((c) => header.includes(c));
  if (dimensionColumnsGiven.length > 0 && dimensionColumnsGiven.length < CATALOG_CSV_DIMENSION_COLUMNS.length) {
    const lacking = CATALOG_CSV_DIMENSION_COLUMNS.filter((c) => !header.includes(c));
    return `The header has ${dimensionColumnsGiven.join(', ')} but lacks ${lacking.join(', ')}: give length_mm, width_mm and height_mm, or none of them.`;
  }
  return null;
}

/** The options csv-parse reads a catalogue CSV with, in one piece (sync) or as a stream (the job). */
export const CATALOG_CSV_PARSE_OPTIONS = {
  columns: (header: string[]) => header.map((h) => h.trim()),
  skip_empty_lines: true,
  info: true,
  relax_column_count: false,
} as const;

/**
 * One record of the file, checked: the row schema, then the part number against the lines before it (`seen`, by
 * sku key, filled here). An error message, or the row.
 */
export function checkCatalogCsvRecord(
  record: Record<string, string>,
  header: readonly string[],
  line: number,
  seen: Map<string, number>,
): { row: CatalogCsvRow; error?: undefined } | { row?: undefined; error: string } {
  const cleaned: Record<string, string> = Object.fromEntries(CATALOG_CSV_COLUMNS.map((c) => [c, unquoteFormula(record[c] ?? '')]));
  // The fitment columns are optional: a file without them leaves universal and fitment as they are.
  for (const c of CATALOG_CSV_FITMENT_COLUMNS) if (header.includes(c)) cleaned[c] = unquoteFormula(record[c] ?? '');
  // So is price_tiers (decision 131): without it the tiers stay as they are.
  for (const c of CATALOG_CSV_TIER_COLUMNS) if (header.includes(c)) cleaned[c] = unquoteFormula(record[c] ?? '');
  // And the shipping and tax columns (issue #24): each one missing leaves its value as it is.
  for (const c of CATALOG_CSV_SHIPPING_COLUMNS) if (header.includes(c)) cleaned[c] = unquoteFormula(record[c] ?? '');
  // And the other part numbers (issue #26 item 4): without the column they stay as they are.
  for (const c of CATALOG_CSV_PART_NUMBER_COLUMNS) if (header.includes(c)) cleaned[c] = unquoteFormula(record[c] ?? '');
  const parsed = catalogCsvRowSchema.safeParse(cleaned);
  if (!parsed.success) return { error: parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ') };
  const key = skuKey(parsed.data.sku);
  const first = seen.get(key);
  if (first !== undefined) return { error: `sku: Part number ${parsed.data.sku} is already on line ${first} of this file.` };
  seen.set(key, line);
  return { row: parsed.data };
}

/** Parse and validate every row; each problem names its line in the file (the header is line 1). */
export function parseCatalogCsv(text: string): { rows: ParsedRow[]; errors: CatalogImportError[] } {
  const errors: CatalogImportError[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), CATALOG_CSV_PARSE_OPTIONS);
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ line, message: `The file is not valid CSV: ${(err as Error).message}` }] };
  }
  if (records.length === 0) return { rows: [], errors: [{ line: 1, message: 'The file has no product rows under its header.' }] };
  const header = Object.keys(records[0].record);
  const headerProblem = catalogCsvHeaderProblem(header);
  if (headerProblem) return { rows: [], errors: [{ line: 1, message: headerProblem }] };
  if (records.length > CATALOG_IMPORT_MAX_ROWS) {
    return { rows: [], errors: [{ line: 1, message: `At most ${CATALOG_IMPORT_MAX_ROWS.toLocaleString('en-US')} products per import; split the file.` }] };
  }
  const rows: ParsedRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const checked = checkCatalogCsvRecord(record, header, line, seen);
    if (checked.error !== undefined) errors.push({ line, message: checked.error });
    else rows.push({ line, row: checked.row });
  }
  return { rows, errors };
}

class RolledBack extends Error {}

function changedFields(current: ProductRow, row: CatalogCsvRow, currentFitment: readonly Fitment[] = []) {
  const dimensions = csvRowDimensions(row);
  const next = {
    ...(row.weight_grams !== undefined ? { weightGrams: row.weight_grams } : {}),
    ...(dimensions !== undefined ? dimensionColumns(dimensions) : {}),
    ...(row.oversize !== undefined ? { oversize: row.oversize } : {}),
    ...(row.tax_category !== undefined ? { taxCategory: row.tax_category } : {}),
    ...(row.universal !== undefined ? { universal: row.universal } : {}),
    ...(row.fitment !== undefined ? { fitment: normalizeFitment(row.fitment) } : {}),
    ...(row.price_tiers !== undefined ? { priceTiers: tiersToCents(row.price_tiers) } : {}),
    ...(row.part_numbers !== undefined ? { partNumbers: row.part_numbers } : {}),
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    category: row.category,
    unitPriceCents: toCents(row.unitPrice),
    minOrder: row.minOrder,
    description: row.description,
    img: row.images[0],
    images: row.images,
  };
  const changed: Partial<typeof next> = {};
  const was: Record<string, unknown> = { ...current, fitment: normalizeFitment(currentFitment), priceTiers: tiersToCents(tiersToDto(current.priceTiers)) };
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (JSON.stringify(was[key]) !== JSON.stringify(next[key])) (changed as Record<string, unknown>)[key] = next[key];
  }
  return changed;
}

const CHUNK = 1000;

/**
 * Apply a catalogue CSV, matched by part number: new part numbers become
 * products, known ones are updated. All rows in one transaction or none; a
 * dry run does the same work and rolls it back, so its counts are exactly
 * what a real run would do. Stock changes go through the ledger (`import`).
 */
export async function importCatalogCsv(db: Db, text: string, opts: { dryRun: boolean; actor: StockActor }): Promise<CatalogImportResult> {
  const { rows, errors } = parseCatalogCsv(text);
  const result: CatalogImportResult = { dryRun: opts.dryRun, created: 0, updated: 0, unchanged: 0, errors };
  if (errors.length) {
    // Count what the valid rows would do, so the preview still says something useful.
    if (rows.length) {
      const known = await existingBySku(db, rows);
      const fitments = await fitmentsByProduct(
        db,
        [...known.values()].map((p) => p.id),
      );
      result.errors = sortedByLine([...errors, ...storedTierErrors(rows, known)]);
      countValidRows(result, rows, known, fitments);
    }
    return result;
  }
  try {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const applied = await applyCatalogRows(txDb, rows, opts.actor, result, { skipRefused: false });
      if (!applied.applied) {
        result.errors = applied.refused;
        countValidRows(result, rows, applied.known, applied.fitments);
        throw new RolledBack();
      }
      await recordAudit(tx, {
        actor: opts.actor,
        action: 'products.import',
        entityType: 'product',
        entityId: null,
        before: null,
        after: { created: result.created, updated: result.updated, unchanged: result.unchanged, rows: rows.length },
        note: null,
      });
      if (opts.dryRun) throw new RolledBack();
    });
  } catch (err) {
    if (err instanceof RolledBack) return result;
    // Another admin added one of these part numbers while the import ran.
    if (isUniqueViolation(err)) throw new ConflictError('A part number in the file was added to the catalogue meanwhile. Run the import again.', 'SKU_TAKEN');
    throw err;
  }
  return result;
}

/**
 * Apply validated rows in the caller's transaction: the products are locked, new part numbers created, known ones
 * updated (stock through the ledger); `counts` goes up by what happened. A row that raises minOrder to or above a
 * stored tier is refused like the same PATCH (decision 131), checked on the locked rows so no edit can change the
 * tiers before the write: with `skipRefused` the other rows are applied (the background import, decision 200),
 * without it nothing is (`applied: false`, the import in one request).
 */
export async function applyCatalogRows(
  txDb: Db,
  rows: ParsedRow[],
  actor: StockActor,
  counts: { created: number; updated: number; unchanged: number },
  opts: { skipRefused: boolean },
): Promise<{ applied: boolean; refused: CatalogImportError[]; known: Map<string, ProductRow>; fitments: Map<string, Fitment[]> }> {
  const known = await existingBySku(txDb, rows, true);
  const fitments = await fitmentsByProduct(
    txDb,
    [...known.values()].map((p) => p.id),
  );
  const refused = storedTierErrors(rows, known);
  if (refused.length && !opts.skipRefused) return { applied: false, refused, known, fitments };
  const refusedLines = new Set(refused.map((e) => e.line));
  const fitmentChanges: { id: string; lines: Fitment[] }[] = [];
  const toCreate: ParsedRow[] = [];
  const toUpdate: { id: string; row: CatalogCsvRow; version: number }[] = [];
  const stockChanges: StockChange[] = [];
  // Decision 220: a kit's stock is its parts'; an import's stock figure for a kit is not written.
  const kits = await kitIdsAmong(
    txDb,
    [...known.values()].map((p) => p.id),
  );
  for (const parsed of rows) {
    if (refusedLines.has(parsed.line)) continue;
    const { row } = parsed;
    const current = known.get(skuKey(row.sku));
    if (!current) {
      toCreate.push(parsed);
      continue;
    }
    const changed = changedFields(current, row, fitments.get(current.id));
    const fieldsChanged = Object.keys(changed).length > 0;
    if (changed.fitment) fitmentChanges.push({ id: current.id, lines: changed.fitment });
    const stockDelta = kits.has(current.id) ? 0 : row.stock - current.stock;
    if (!fieldsChanged && stockDelta === 0) {
      counts.unchanged++;
      continue;
    }
    counts.updated++;
    if (fieldsChanged) toUpdate.push({ id: current.id, row, version: current.version });
    if (stockDelta !== 0) stockChanges.push({ id: current.id, from: current.stock, to: row.stock, bumpVersion: !fieldsChanged });
  }
  for (let i = 0; i < toUpdate.length; i += CHUNK) await updateChunk(txDb, toUpdate.slice(i, i + CHUNK));
  await replaceFitments(txDb, fitmentChanges);
  await applyStockChanges(txDb, stockChanges, actor);
  for (let i = 0; i < toCreate.length; i += CHUNK) counts.created += await createChunk(txDb, toCreate.slice(i, i + CHUNK), actor);
  return { applied: true, refused, known, fitments };
}

/** The rows a commit would refuse against the catalogue as it is now (read without locks: a preview). */
export async function previewRefusedRows(db: Db, rows: ParsedRow[]): Promise<CatalogImportError[]> {
  return storedTierErrors(rows, await existingBySku(db, rows));
}

/** What the rows without errors would do, so the preview of a refused file still says something useful. */
function countValidRows(result: CatalogImportResult, rows: ParsedRow[], known: Map<string, ProductRow>, fitments: Map<string, Fitment[]>) {
  const refused = new Set(result.errors.map((e) => e.line));
  for (const { line, row } of rows) {
    if (refused.has(line)) continue;
    const current = known.get(skuKey(row.sku));
    if (!current) result.created++;
    else if (Object.keys(changedFields(current, row, fitments.get(current.id))).length || current.stock !== row.stock) result.updated++;
    else result.unchanged++;
  }
}

const sortedByLine = (list: CatalogImportError[]) => [...list].sort((a, b) => a.line - b.line);

/**
 * Rows without a price_tiers column keep the part's stored tiers; their new
 * minOrder must stay below every one of them, as a PATCH of minOrder alone
 * must (priceTiersProblem, decision 131).
 */
function storedTierErrors(rows: ParsedRow[], known: Map<string, ProductRow>): CatalogImportError[] {
  const out: CatalogImportError[] = [];
  for (const { line, row } of rows) {
    if (row.price_tiers !== undefined) continue;
    const current = known.get(skuKey(row.sku));
    if (!current || row.minOrder === current.minOrder || current.priceTiers.length === 0) continue;
    const stored = tiersToDto(current.priceTiers);
    const problem = priceTiersProblem(stored, row.minOrder);
    if (!problem) continue;
    const lowest = stored[0].minQuantity;
    out.push({
      line,
      message: `minOrder: ${row.minOrder} is not below the part's lowest stored price tier (from ${lowest} units): ${problem}. Change or remove the tiers in the same row (price_tiers column) or in the product form first.`,
    });
  }
  return out;
}

async function existingBySku(db: Db, rows: ParsedRow[], lock = false): Promise<Map<string, ProductRow>> {
  const keys = rows.map(({ row }) => skuKey(row.sku));
  const found = new Map<string, ProductRow>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const query = db
      .select()
      .from(products)
      .where(inArray(products.skuKey, keys.slice(i, i + CHUNK)));
    // Locked, so an edit or an order cannot slip in between the comparison and the write.
    const list = lock ? await query.for('update') : await query;
    for (const p of list) found.set(p.skuKey, p);
  }
  return found;
}

/** One UPDATE … FROM (VALUES …) per chunk: the catalogue fields of many products, each version raised once. */
async function updateChunk(db: Db, chunk: { id: string; row: CatalogCsvRow; version: number }[]) {
  const values = sql.join(
    chunk.map(({ id, row }) => {
      // Issue #24: a column the file lacks (null here) keeps the stored value; set_dims says whether the dimensions were given.
      const dimensions = csvRowDimensions(row);
      const dims = dimensionColumns(dimensions ?? null);
      return sql`(${id}::uuid, ${row.sku}, ${row.name}, ${row.brand}, ${row.category}, ${toCents(row.unitPrice)}::int, ${row.minOrder}::int, ${row.description}, ${row.images[0]}, array[${sql.join(
        row.images.map((u) => sql`${u}`),
        sql`, `,
      )}]::text[], ${row.universal ?? null}::boolean, ${row.price_tiers ? JSON.stringify(tiersToCents(row.price_tiers)) : null}::jsonb, ${row.weight_grams ?? null}::int, ${dimensions !== undefined}::boolean, ${dims.lengthMm}::int, ${dims.widthMm}::int, ${dims.heightMm}::int, ${row.oversize ?? null}::boolean, ${row.tax_category ?? null}::text, ${row.part_numbers ? JSON.stringify(row.part_numbers) : null}::jsonb)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    update ${products} set
      sku = v.sku, name = v.name, brand = v.brand, category = v.category, unit_price_cents = v.price, min_order = v.min_order,
      description = v.description, img = v.img, images = v.images, universal = coalesce(v.universal, ${products.universal}),
      price_tiers = coalesce(v.price_tiers, ${products.priceTiers}), weight_grams = coalesce(v.weight_grams, ${products.weightGrams}),
      length_mm = case when v.set_dims then v.length_mm else ${products.lengthMm} end,
      width_mm = case when v.set_dims then v.width_mm else ${products.widthMm} end,
      height_mm = case when v.set_dims then v.height_mm else ${products.heightMm} end,
      oversize = coalesce(v.oversize, ${products.oversize}), tax_category = coalesce(v.tax_category, ${products.taxCategory}),
      part_numbers = coalesce(v.part_numbers, ${products.partNumbers}),
      version = ${products.version} + 1, updated_at = now()
    from (values ${values}) as v(id, sku, name, brand, category, price, min_order, description, img, images, universal, price_tiers,
      weight_grams, set_dims, length_mm, width_mm, height_mm, oversize, tax_category, part_numbers)
    where ${products.id} = v.id`);
}

interface StockChange {
  id: string;
  from: number;
  to: number;
  /** False when updateChunk already raised the version for this import. */
  bumpVersion: boolean;
}

/**
 * The stock of many known products in one statement for the whole file: the
 * changes travel as one JSON parameter, an UPDATE sets each product's stock
 * (and raises its version unless updateChunk already did), and the same
 * statement books each change as a ledger row of kind `import` (who, delta,
 * stock after): the rows moveStock writes, without its three round trips per
 * product (decision 097). The products are locked since existingBySku, so
 * `from` is their stock; the condition on it is a guard, and a miss is an
 * error (the transaction rolls back) rather than a ledger that disagrees.
 */
async function applyStockChanges(db: Db, changes: StockChange[], actor: StockActor): Promise<void> {
  if (changes.length === 0) return;
  const list = JSON.stringify(changes.map((c) => ({ id: c.id, stock_from: c.from, stock_to: c.to, bump: c.bumpVersion })));
  const booked = (await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${list}::jsonb) as v(id uuid, stock_from int, stock_to int, bump boolean)
    ), moved as (
      update ${products} set
        stock = v.stock_to,
        version = ${products.version} + case when v.bump then 1 else 0 end,
        updated_at = now()
      from v
      where ${products.id} = v.id and ${products.stock} = v.stock_from
      returning ${products.id} as id, v.stock_from, v.stock_to
    )
    insert into ${stockMovements} (product_id, kind, delta, stock_after, reason, actor_id, actor_email)
    select id, 'import', stock_to - stock_from, stock_to, 'catalogue import', ${actor.id}::text, ${actor.email}::text from moved
    returning product_id`)) as unknown as { rows: unknown[] };
  if (booked.rows.length !== changes.length) {
    throw new Error(`catalogue import: ${changes.length - booked.rows.length} stock change(s) found the stock changed meanwhile`);
  }
}

/** The fitment of many products replaced at once: one DELETE per 1,000 parts, then the new lines 1,000 per INSERT. */
async function replaceFitments(db: Db, changes: { id: string; lines: Fitment[] }[]): Promise<void> {
  if (changes.length === 0) return;
  for (let i = 0; i < changes.length; i += CHUNK) {
    await db.delete(productFitments).where(
      inArray(
        productFitments.productId,
        changes.slice(i, i + CHUNK).map((c) => c.id),
      ),
    );
  }
  const lines = changes.flatMap((c) => normalizeFitment(c.lines).map((f) => fitmentRow(c.id, f)));
  for (let i = 0; i < lines.length; i += CHUNK) await db.insert(productFitments).values(lines.slice(i, i + CHUNK));
}

/**
 * New products in one INSERT per chunk. Their opening stock is booked in the
 * same transaction as ledger rows of kind `import` (who, delta, stock after),
 * written in bulk too: one moveStock call per new product costs three round
 * trips each, and 10,000 of them miss the 10-second budget (decision 097).
 */
async function createChunk(db: Db, chunk: ParsedRow[], actor: StockActor): Promise<number> {
  const inserted = await db
    .insert(products)
    .values(
      chunk.map(({ row }) => ({
        sku: row.sku,
        name: row.name,
        brand: row.brand,
        category: row.category,
        unitPriceCents: toCents(row.unitPrice),
        minOrder: row.minOrder,
        stock: row.stock,
        description: row.description,
        img: row.images[0],
        images: row.images,
        universal: row.universal ?? false,
        priceTiers: tiersToCents(row.price_tiers ?? []),
        weightGrams: row.weight_grams ?? DEFAULT_WEIGHT_GRAMS,
        ...dimensionColumns(csvRowDimensions(row) ?? null),
        oversize: row.oversize ?? false,
        taxCategory: row.tax_category ?? 'standard',
        partNumbers: row.part_numbers ?? [],
      })),
    )
    .returning({ id: products.id, stock: products.stock, skuKey: products.skuKey });
  const idBySku = new Map(inserted.map((p) => [p.skuKey, p.id]));
  const lines = chunk.flatMap(({ row }) => normalizeFitment(row.fitment ?? []).map((f) => fitmentRow(idBySku.get(skuKey(row.sku))!, f)));
  for (let i = 0; i < lines.length; i += CHUNK) await db.insert(productFitments).values(lines.slice(i, i + CHUNK));
  const opening = inserted.filter((p) => p.stock > 0);
  if (opening.length) {
    await db.insert(stockMovements).values(
      opening.map((p) => ({
        productId: p.id,
        kind: 'import' as const,
        delta: p.stock,
        stockAfter: p.stock,
        reason: 'catalogue import',
        actorId: actor.id,
        actorEmail: actor.email,
      })),
    );
  }
  return inserted.length;
}
