import { inArray, sql } from 'drizzle-orm';
import {
  CATALOG_CSV_IMAGE_SEPARATOR,
  CATEGORY_LABELS,
  DEFAULT_CATEGORY,
  feedPartKey,
  formatPartNumbersCell,
  fromCents,
  MAX_PART_NUMBERS,
  skuKey,
  type CatalogImportError,
  type PartNumber,
  type PiesItem,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { checkCatalogCsvRecord, type ParsedRow } from '../products/catalog-csv.service';

/**
 * Issue #35 item 3 (decisions 200 and 201, amended): a PIES item as the shop's part. The item becomes the text cells
 * of a catalogue CSV row, laid over the part as it is (or over nothing, for a new part), and goes through the CSV's
 * own checks (checkCatalogCsvRecord) and row application (applyCatalogRows): one way of writing products, whatever
 * the file. A column the item says nothing about is left out, so the part keeps that value.
 */

type ProductRow = typeof products.$inferSelect;

/** The shop sells in US dollars (formatUsd); a feed's prices in another currency are not converted. */
export const SHOP_CURRENCY = 'USD';

/** Is the item's list price one the shop can take (in the shop's currency, or the feed names none)? */
export const usablePrice = (item: PiesItem) => item.listPriceCents !== null && (item.currency === null || item.currency === SHOP_CURRENCY);

const money = (cents: number) => fromCents(cents).toFixed(2);

/**
 * The catalogue CSV cells of a PIES item over the part as it is (`current`, null for a new part), or why the item
 * cannot be applied. Prices: PIES prices one piece (`Price@UOM` PE/EA) and the shop stores the price of a lot of its
 * minimum order (decision 182), so the list price and each price break are multiplied by the minimum order.
 */
export function piesItemRecord(
  item: PiesItem,
  current: ProductRow | null,
  stored: ReadonlyMap<string, string> = new Map(),
): { record: Record<string, string> } | { error: string } {
  if (current && current.brand.trim().toLowerCase() !== item.brand.trim().toLowerCase()) {
    return { error: `Part number ${item.partNumber} is in the shop as a part of ${current.brand}, not ${item.brand}: left out` };
  }
  const minOrder = item.minOrder ?? current?.minOrder ?? 1;
  const record: Record<string, string> = {
    sku: item.partNumber.trim(),
    name: item.name ?? current?.name ?? '',
    brand: current?.brand ?? item.brand,
    category: current?.category ?? DEFAULT_CATEGORY,
    minOrder: String(minOrder),
    stock: String(current?.stock ?? 0),
    description: item.description ?? current?.description ?? item.name ?? '',
  };

  if (usablePrice(item)) {
    record.unitPrice = money(item.listPriceCents! * minOrder);
    // A break at or below the minimum order is already the lot's price; the shop's tiers start above it.
    record.price_tiers = item.priceBreaks
      .filter((b) => b.minQty > minOrder)
      .map((b) => `${b.minQty}:${money(b.priceCents * minOrder)}`)
      .join('; ');
  } else if (current) {
    record.unitPrice = money(current.unitPriceCents);
  } else {
    return {
      error:
        item.listPriceCents === null
          ? `A new part needs a list price (Pricing LST or RET): ${item.partNumber} has none`
          : `A new part needs a price in ${SHOP_CURRENCY}: ${item.partNumber} is priced in ${item.currency}`,
    };
  }

  // A picture fetched by an earlier import is the shop's own upload now (decision 214): the same address, the same picture.
  const urls = item.images
    .map((i) => i.url)
    .filter((u): u is string => Boolean(u))
    .map((u) => stored.get(u) ?? u);
  const images = urls.length ? [...new Set(urls)].slice(0, 12) : current ? (current.images.length ? current.images : [current.img]) : [];
  if (!images.length) return { error: `A new part needs a picture: ${item.partNumber} names no image address (DigitalFileInformation URI)` };
  record.images = images.join(CATALOG_CSV_IMAGE_SEPARATOR);

  if (item.weightGrams !== null) record.weight_grams = String(item.weightGrams);
  if (item.dimensionsMm) {
    record.length_mm = String(item.dimensionsMm.length);
    record.width_mm = String(item.dimensionsMm.width);
    record.height_mm = String(item.dimensionsMm.height);
  }
  if (item.interchange.length) record.part_numbers = formatPartNumbersCell(otherNumbers(item, current));
  return { record };
}

/**
 * The part's other numbers (decision 166) with the feed's interchange: the feed's numbers are the part's
 * `equivalent` ones; the numbers an admin entered as `replaces` or `supersedes` stay.
 */
function otherNumbers(item: PiesItem, current: ProductRow | null): PartNumber[] {
  const own = skuKey(item.partNumber);
  const seen = new Set([own]);
  const out: PartNumber[] = [];
  const add = (p: PartNumber) => {
    const key = skuKey(p.number);
    if (seen.has(key) || out.length >= MAX_PART_NUMBERS) return;
    seen.add(key);
    out.push(p);
  };
  for (const p of current?.partNumbers ?? []) if (p.kind !== 'equivalent') add(p);
  for (const x of item.interchange) add({ kind: 'equivalent', brand: (x.brandLabel ?? x.brandAaiaId ?? item.brand).slice(0, 60), number: x.partNumber.trim() });
  return out;
}

/** The shop's parts by sku key (locked for the commit, read freely for the preview while the file is read). */
export async function productsBySkuKey(db: Db, keys: readonly string[], lock = false): Promise<Map<string, ProductRow>> {
  const found = new Map<string, ProductRow>();
  for (let i = 0; i < keys.length; i += 1000) {
    const query = db
      .select()
      .from(products)
      .where(inArray(products.skuKey, keys.slice(i, i + 1000)));
    for (const p of lock ? await query.for('update') : await query) found.set(p.skuKey, p);
  }
  return found;
}

/**
 * Staged PIES items as checked catalogue rows, against the parts as they are now (`known`): the rows to apply and
 * the items left out, by line.
 */
export function piesRows(items: { line: number; item: PiesItem }[], known: Map<string, ProductRow>, stored: ReadonlyMap<string, string> = new Map()) {
  const rows: ParsedRow[] = [];
  const refused: CatalogImportError[] = [];
  let created = 0;
  for (const { line, item } of items) {
    const current = known.get(skuKey(item.partNumber)) ?? null;
    const built = piesItemRecord(item, current, stored);
    if ('error' in built) {
      refused.push({ line, message: built.error });
      continue;
    }
    const checked = checkCatalogCsvRecord(built.record, Object.keys(built.record), line, new Map());
    if (checked.error !== undefined) refused.push({ line, message: checked.error });
    else {
      rows.push({ line, row: checked.row });
      if (!current) created++;
    }
  }
  return { rows, refused, created };
}

/** The shop's parts of these brands (lower case), for a FULL feed's "missing from the feed" section. */
export async function shopPartsOfBrands(db: Db, brands: Iterable<string>): Promise<{ brand: string; partNumber: string }[]> {
  const list = [...brands];
  if (!list.length) return [];
  return db
    .select({ brand: products.brand, partNumber: products.sku })
    .from(products)
    .where(
      inArray(
        sql`lower(${products.brand})`,
        list.map((b) => b.toLowerCase()),
      ),
    );
}

/** One query per batch of kit components: is this brand's part in the shop? */
export async function loadPartIds(db: Db, keys: readonly { brand: string; partNumber: string }[]): Promise<(string | null)[]> {
  const rows = await db
    .select({ id: products.id, brand: products.brand, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.skuKey,
        keys.map((k) => skuKey(k.partNumber)),
      ),
    );
  const byKey = new Map(rows.map((r) => [feedPartKey(r.brand, r.sku), r.id]));
  return keys.map((k) => byKey.get(feedPartKey(k.brand, k.partNumber)) ?? null);
}

/** The category a new part is filed under, in words, for the report's notes. */
export const defaultCategoryLabel = () => CATEGORY_LABELS[DEFAULT_CATEGORY];

/** The picture addresses of some PIES items (for `storedFeedImages`). */
export const piesImageUrls = (items: Iterable<PiesItem>) => [...items].flatMap((i) => i.images.map((x) => x.url).filter((u): u is string => Boolean(u)));
