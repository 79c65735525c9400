import type { Readable } from 'node:stream';
import { PIES_LIFE_CYCLE_CODES, type FeedProblem, type PiesHeader, type PiesItem } from '@shop/shared';
import { attr, child, childrenNamed, childText, openRecords, submissionType, wholeNumber, xmlRecords, type FeedSummary, type XmlNode } from './xml-records';

/**
 * Issue #35 item 3 (decision 201): the PIES 7.2 product feed, read as a stream. `openPiesFeed` reads up to the end of
 * the `Header` (so a malformed start, an ACES file or a header without SubmissionType fails before any item), then
 * `items` yields one normalized item at a time with its line and the problems of its values.
 */

export interface PiesFeed {
  header: PiesHeader;
  items: AsyncGenerator<PiesItem>;
  /** How many items were read so far, and the `Trailer/ItemCount` once read. */
  summary: FeedSummary;
}

export async function openPiesFeed(source: Readable | AsyncIterable<Buffer | string>): Promise<PiesFeed> {
  const events = xmlRecords(source, { root: 'PIES', record: 'Items/Item', trailer: 'Trailer' });
  const { header, records, summary } = await openRecords(events, 'PIES', readPiesHeader, readPiesItem, 'ItemCount');
  return { header, items: records, summary };
}

function readPiesHeader(node: XmlNode): PiesHeader {
  return {
    version: childText(node, 'PIESVersion'),
    submissionType: submissionType(node, 'PIES'),
    brandAaiaId: childText(node, 'BrandOwnerAAIAID') ?? childText(node, 'BrandAAIAID'),
    line: node.line,
  };
}

/** Grams in one of each weight unit (PIES `Weights@UOM`; PG is PIES's pound). */
export const WEIGHT_UNITS_GRAMS: Record<string, number> = { LB: 453.59237, PG: 453.59237, OZ: 28.349523125, KG: 1000, GR: 1, GM: 1, G: 1 };
/** Millimetres in one of each length unit (PIES `Dimensions@UOM`; MR is the X12 metre). */
export const LENGTH_UNITS_MM: Record<string, number> = { IN: 25.4, FT: 304.8, CM: 10, MM: 1, M: 1000, MR: 1000 };

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|tiff?|bmp)$/i;
const IMAGE_TYPES = new Set(['JPG', 'JPEG', 'PNG', 'GIF', 'WEBP', 'TIF', 'TIFF', 'BMP']);

function readPiesItem(node: XmlNode, header: PiesHeader): PiesItem {
  const problems: FeedProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const partNumber = childText(node, 'PartNumber') ?? '';
  if (!partNumber) problem('PartNumber', 'The item has no part number');
  const brandAaiaId = childText(node, 'BrandAAIAID') ?? header.brandAaiaId;
  const brandLabel = childText(node, 'BrandLabel');
  const brand = brandLabel ?? brandAaiaId ?? '';
  if (!brand) problem('BrandLabel', 'The item names no brand (BrandLabel or BrandAAIAID), nor does the header');

  const { name, description } = readDescriptions(node);
  if (!name) problem('Descriptions', 'The item has no name: no Description with DescriptionCode DES or SHO');

  const minOrderText = childText(node, 'MinimumOrderQuantity');
  const minOrder = wholeNumber(minOrderText);
  if (minOrderText !== null && (minOrder === null || minOrder < 1))
    problem('MinimumOrderQuantity', `Minimum order “${minOrderText}” must be a whole number of 1 or more`);

  return {
    line: node.line,
    maintenanceType: attr(node, 'MaintenanceType')?.toUpperCase() ?? null,
    partNumber,
    brand,
    brandAaiaId,
    brandLabel,
    name,
    description,
    ...readPrices(node, problem),
    minOrder: minOrder !== null && minOrder >= 1 ? minOrder : null,
    ...readPackage(node, problem),
    interchange: readInterchange(node, problem),
    images: readImages(node, problem),
    kitComponents: readKit(node, problem),
    partTerminologyId: childText(node, 'PartTerminologyID'),
    gtin: childText(node, 'ItemLevelGTIN'),
    lifeCycle: readLifeCycle(node, problem),
    problems,
  };
}

type Problem = (field: string, message: string) => void;

/** English first (or no language given), then any. */
function readDescriptions(node: XmlNode) {
  const all = (child(node, 'Descriptions')?.children ?? []).filter((d) => d.name === 'Description' && d.text.trim());
  const english = all.filter((d) => !attr(d, 'LanguageCode') || /^en/i.test(attr(d, 'LanguageCode')!));
  const pool = english.length ? english : all;
  const byCode = (code: string) =>
    pool
      .find((d) => attr(d, 'DescriptionCode')?.toUpperCase() === code)
      ?.text.trim()
      .replace(/\s+/g, ' ') ?? null;
  return { name: byCode('DES') ?? byCode('SHO'), description: byCode('EXT') ?? byCode('MKT') };
}

function cents(text: string | null, field: string, problem: Problem): number | null {
  if (text === null) return null;
  if (!DECIMAL.test(text)) {
    problem(field, `Price “${text}” is not a number`);
    return null;
  }
  const value = Math.round(Number(text) * 100);
  if (value < 0) {
    problem(field, `Price ${text} is negative`);
    return null;
  }
  return value;
}

/**
 * `Prices/Pricing`: the list price (PriceType LST, else RET) is the row without a price break above one; each row of
 * that type and currency with a `PriceBreak` quantity above one is a tier. A break is read as its text
 * (`<PriceBreak PriceBreakUOM="EA">10</PriceBreak>`) or as a `PriceBreakQty` child.
 */
function readPrices(node: XmlNode, problem: Problem) {
  const pricings = childrenNamed(child(node, 'Prices') ?? node, 'Pricing');
  const typed = (type: string) => pricings.filter((p) => attr(p, 'PriceType')?.toUpperCase() === type);
  const rows = typed('LST').length ? typed('LST') : typed('RET');
  let listPriceCents: number | null = null;
  let currency: string | null = null;
  let priceUom: string | null = null;
  const priceBreaks: { minQty: number; priceCents: number }[] = [];
  for (const row of rows) {
    const rowCurrency = childText(row, 'CurrencyCode')?.toUpperCase() ?? null;
    if (currency !== null && rowCurrency !== null && rowCurrency !== currency) continue;
    const priceNode = child(row, 'Price');
    const price = cents(priceNode?.text.trim() || null, 'Price', problem);
    const breakNode = child(row, 'PriceBreak');
    const breakText = breakNode ? (childText(breakNode, 'PriceBreakQty') ?? (breakNode.text.trim() || null)) : null;
    const minQty = wholeNumber(breakText);
    if (breakText !== null && (minQty === null || minQty < 1)) {
      problem('PriceBreak', `Price break quantity “${breakText}” must be a whole number of 1 or more`);
      continue;
    }
    if (price === null) continue;
    currency ??= rowCurrency;
    if (minQty !== null && minQty > 1) priceBreaks.push({ minQty, priceCents: price });
    else if (listPriceCents === null) {
      listPriceCents = price;
      priceUom = attr(priceNode, 'UOM');
    }
  }
  if (listPriceCents === null && priceBreaks.length) problem('Prices', 'No list price: every LST/RET price has a price break above one');
  priceBreaks.sort((a, b) => a.minQty - b.minQty);
  return { listPriceCents, currency, priceUom, priceBreaks };
}

/** `Packages/Package`: the package of one each (QuantityofEaches 1, else the first), its weight and shipping size. */
function readPackage(node: XmlNode, problem: Problem) {
  const packages = childrenNamed(child(node, 'Packages') ?? node, 'Package');
  const pkg = packages.find((p) => childText(p, 'QuantityofEaches') === '1') ?? packages[0];
  if (!pkg) return { weightGrams: null, dimensionsMm: null };

  let weightGrams: number | null = null;
  const weights = child(pkg, 'Weights');
  const weightText = weights ? childText(weights, 'Weight') : null;
  if (weights && weightText !== null) {
    const unit = attr(weights, 'UOM')?.toUpperCase() ?? '';
    const factor = WEIGHT_UNITS_GRAMS[unit];
    if (!factor) problem('Weights@UOM', `Unknown weight unit “${unit}”: use ${Object.keys(WEIGHT_UNITS_GRAMS).join(', ')}`);
    else if (!DECIMAL.test(weightText) || Number(weightText) <= 0) problem('Weight', `Weight “${weightText}” must be a number above 0`);
    else weightGrams = Math.max(1, Math.round(Number(weightText) * factor));
  }

  let dimensionsMm: PiesItem['dimensionsMm'] = null;
  const dims = child(pkg, 'Dimensions');
  if (dims) {
    const unit = attr(dims, 'UOM')?.toUpperCase() ?? '';
    const factor = LENGTH_UNITS_MM[unit];
    const side = (s: 'Length' | 'Width' | 'Height') => childText(dims, `Shipping${s}`) ?? childText(dims, `Merchandising${s}`);
    const texts = { length: side('Length'), width: side('Width'), height: side('Height') };
    if (!factor) problem('Dimensions@UOM', `Unknown length unit “${unit}”: use ${Object.keys(LENGTH_UNITS_MM).join(', ')}`);
    else if (texts.length !== null && texts.width !== null && texts.height !== null) {
      const bad = Object.values(texts).find((t) => !DECIMAL.test(t!) || Number(t) <= 0);
      if (bad) problem('Dimensions', `Dimension “${bad}” must be a number above 0`);
      else {
        const mm = (t: string) => Math.max(1, Math.round(Number(t) * factor));
        dimensionsMm = { length: mm(texts.length), width: mm(texts.width), height: mm(texts.height) };
      }
    }
  }
  return { weightGrams, dimensionsMm };
}

/** `PartInterchangeInfo/PartInterchange`: the brand on the element, one `PartNumber` child or more. */
function readInterchange(node: XmlNode, problem: Problem): PiesItem['interchange'] {
  const out: PiesItem['interchange'] = [];
  for (const x of childrenNamed(child(node, 'PartInterchangeInfo') ?? node, 'PartInterchange')) {
    const brandAaiaId = attr(x, 'BrandAAIAID');
    const brandLabel = attr(x, 'BrandLabel');
    const numbers = childrenNamed(x, 'PartNumber')
      .map((p) => p.text.trim())
      .filter(Boolean);
    if (!numbers.length) problem('PartInterchange', 'An interchange names no part number');
    for (const partNumber of numbers) out.push({ brandAaiaId, brandLabel, partNumber });
  }
  return out;
}

/** `DigitalAssets/DigitalFileInformation` that are pictures: by FileType, else by the file's or address's ending. */
function readImages(node: XmlNode, problem: Problem): PiesItem['images'] {
  const out: PiesItem['images'] = [];
  for (const d of childrenNamed(child(node, 'DigitalAssets') ?? node, 'DigitalFileInformation')) {
    const url = childText(d, 'URI');
    const fileName = childText(d, 'FileName');
    const fileType = childText(d, 'FileType')?.toUpperCase() ?? null;
    const isImage = fileType ? IMAGE_TYPES.has(fileType) : IMAGE_FILE.test(fileName ?? url?.replace(/[?#].*$/, '') ?? '');
    if (!isImage) continue;
    if (!url && !fileName) {
      problem('DigitalFileInformation', 'An image names neither a URI nor a FileName');
      continue;
    }
    if (url && !/^https?:\/\/[^\s]+$/i.test(url)) {
      problem('URI', `Image address “${url}” is not an http(s) address`);
      continue;
    }
    out.push({ url, fileName, assetType: childText(d, 'AssetType') });
  }
  return out;
}

/**
 * `Kits/KitComponent`: `ComponentPartNumber` (or `PartNumber`), its brand (`ComponentBrandLabel`, `ComponentBrand`)
 * and quantity (`QuantityInComponent`, `QuantityInKit` or `Quantity`; 1 when not given).
 */
function readKit(node: XmlNode, problem: Problem): PiesItem['kitComponents'] {
  const out: PiesItem['kitComponents'] = [];
  for (const k of childrenNamed(child(node, 'Kits') ?? node, 'KitComponent')) {
    const partNumber = childText(k, 'ComponentPartNumber') ?? childText(k, 'PartNumber');
    if (!partNumber) {
      problem('KitComponent', 'A kit component has no part number');
      continue;
    }
    const qtyText = childText(k, 'QuantityInComponent') ?? childText(k, 'QuantityInKit') ?? childText(k, 'Quantity');
    const quantity = qtyText === null ? 1 : wholeNumber(qtyText);
    if (quantity === null || quantity < 1) {
      problem('KitComponent', `Kit component ${partNumber}: quantity “${qtyText}” must be a whole number of 1 or more`);
      continue;
    }
    out.push({ partNumber, brand: childText(k, 'ComponentBrandLabel') ?? childText(k, 'ComponentBrand'), quantity });
  }
  return out;
}

/**
 * Decision 217: the life-cycle status, `ExtendedInformation/ExtendedProductInformation` with `EXPICode="LIF"` (its
 * text a code 0–9 or A). A code PIES does not have is a problem of the item, never read as "available".
 */
function readLifeCycle(node: XmlNode, problem: Problem): string | null {
  const expi = childrenNamed(child(node, 'ExtendedInformation') ?? node, 'ExtendedProductInformation').find(
    (e) => attr(e, 'EXPICode')?.toUpperCase() === 'LIF',
  );
  const code = expi?.text.trim().toUpperCase();
  if (!code) return null;
  if (!(PIES_LIFE_CYCLE_CODES as readonly string[]).includes(code)) {
    problem('ExtendedProductInformation', `Life-cycle status “${code}” (EXPI LIF) is not a PIES code: use ${PIES_LIFE_CYCLE_CODES.join(', ')}`);
    return null;
  }
  return code;
}
