import { z } from 'zod';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, type ProductCategory } from '../catalog';
import { priceTiersProblem, type PriceTier } from '../pricing';
import { parsePartNumbersCell } from './part-numbers';
import {
  brandSchema,
  createProductSchema,
  dimensionMmSchema,
  dimensionsAllOrNoneMessage,
  priceTierListSchema,
  productCategorySchema,
  productTaxCategorySchema,
  skuSchema,
  weightGramsSchema,
} from './product';
import { parseFitmentCell } from './vehicle';

/** The catalogue CSV (issue #8, part 6): one product per row, the header names these columns. */
export const CATALOG_CSV_COLUMNS = ['sku', 'name', 'brand', 'category', 'unitPrice', 'minOrder', 'stock', 'description', 'images'] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
/**
 * Issue #11 (decision 130): optional columns, written by every export. A file
 * without them leaves universal and fitment as they are; with them, `universal`
 * is true/false (yes/no, 1/0; empty is false) and `fitment` is
 * `Make Model YYYY-YYYY; Make Model YYYY-YYYY` (empty: no fitment lines).
 */
export const CATALOG_CSV_FITMENT_COLUMNS = ['universal', 'fitment'] as const;
/**
 * Issue #11 part 5 (decision 131): optional, written by every export. A file
 * without it leaves the tiers as they are; `20:8.00; 100:7.00` means from 20
 * units $8.00 per lot, from 100 units $7.00; an empty cell removes the tiers.
 */
export const CATALOG_CSV_TIER_COLUMNS = ['price_tiers'] as const;
/**
 * Issue #24 (decision 153): optional, written by every export. A file without
 * a column leaves that value as it is (a new part gets 500 g, no dimensions,
 * not oversize, standard tax). `weight_grams` is whole grams (an empty cell
 * keeps the weight); the three dimension columns come together and are whole
 * millimetres, all three filled or all three empty (empty removes them);
 * `oversize` is true/false like `universal` (empty is false); `tax_category`
 * is standard, reduced or zero (empty keeps it).
 */
export const CATALOG_CSV_DIMENSION_COLUMNS = ['length_mm', 'width_mm', 'height_mm'] as const;
export const CATALOG_CSV_SHIPPING_COLUMNS = ['weight_grams', ...CATALOG_CSV_DIMENSION_COLUMNS, 'oversize', 'tax_category'] as const;
/**
 * Issue #26 item 4 (decision 166): optional, written by every export. A file
 * without it leaves the part's other numbers as they are;
 * `replaces:Yamaha:1WS-W0045-00; equivalent:EBC:FA252HH` lists them (kind:maker:number,
 * kinds replaces, equivalent, supersedes); an empty cell removes them.
 */
export const CATALOG_CSV_PART_NUMBER_COLUMNS = ['part_numbers'] as const;
export const CATALOG_CSV_EXPORT_COLUMNS = [
  ...CATALOG_CSV_COLUMNS,
  ...CATALOG_CSV_FITMENT_COLUMNS,
  ...CATALOG_CSV_TIER_COLUMNS,
  ...CATALOG_CSV_SHIPPING_COLUMNS,
  ...CATALOG_CSV_PART_NUMBER_COLUMNS,
] as const;

/** `20:8.00; 100:7.00` (sorted by quantity; empty for none). */
export function formatPriceTiersCell(tiers: readonly PriceTier[]): string {
  return [...tiers]
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((t) => `${t.minQuantity}:${t.unitPrice.toFixed(2)}`)
    .join('; ');
}

/** The cell's tiers as written (numbers not yet checked), or the problem with its form. */
export function parsePriceTiersCell(cell: string): { ok: true; tiers: { minQuantity: unknown; unitPrice: unknown }[] } | { ok: false; message: string } {
  const parts = cell
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const tiers: { minQuantity: unknown; unitPrice: unknown }[] = [];
  for (const part of parts) {
    const m = /^([^:]+):\s*\$?([^:]+)$/.exec(part);
    if (!m) return { ok: false, message: `"${part}" is not a price tier` };
    tiers.push({ minQuantity: m[1].trim(), unitPrice: m[2].trim() });
  }
  return { ok: true, tiers };
}
/** Pictures in one cell, main picture first. */
export const CATALOG_CSV_IMAGE_SEPARATOR = '|';
export const CATALOG_IMPORT_MAX_ROWS = 20_000;

const byLabel = new Map(PRODUCT_CATEGORIES.map((c) => [CATEGORY_LABELS[c].toLowerCase(), c] as const));
/** A CSV cell of true/false (yes/no, 1/0; empty is false). */
const csvBoolean = (column: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['', 'true', 'false', 'yes', 'no', '1', '0'].includes(v), `${column} must be true or false`)
    .transform((v) => v === 'true' || v === 'yes' || v === '1');
/** The tax category's labels in the product form are accepted too. */
const taxCategoryAliases: Record<string, string> = {
  'zero-rated': 'zero',
  'zero rated': 'zero',
  'zero rate': 'zero',
  'reduced rate': 'reduced',
  'standard rate': 'standard',
};
const shape = createProductSchema.shape;

/** One data row. Category may be its key (brakes) or its label (Oils & fluids); the numbers are plain text in a CSV. */
const catalogCsvRowFields = z.object({
  sku: skuSchema,
  name: shape.name,
  brand: brandSchema,
  category: z
    .string({ message: 'Category is Required' })
    .trim()
    .transform((v) => (byLabel.get(v.toLowerCase()) ?? v.toLowerCase()) as ProductCategory)
    .pipe(productCategorySchema),
  unitPrice: shape.unitPrice,
  minOrder: shape.minOrder,
  stock: shape.stock,
  description: shape.description,
  images: z
    .string({ message: 'images is Required' })
    .transform((v) =>
      v
        .split(CATALOG_CSV_IMAGE_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(shape.image).min(1, 'At least one image').max(12, 'At most 12 images')),
  universal: csvBoolean('universal').optional(),
  fitment: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseFitmentCell(v);
      if (parsed.ok) return parsed.lines;
      ctx.addIssue({ code: 'custom', message: `${parsed.message} (write Make Model YYYY-YYYY, lines separated by ;)` });
      return z.NEVER;
    })
    .optional(),
  price_tiers: z
    .string()
    .transform((v, ctx) => {
      const parsed = parsePriceTiersCell(v);
      if (parsed.ok) return parsed.tiers;
      ctx.addIssue({ code: 'custom', message: `${parsed.message} (write quantity:price, tiers separated by ;, e.g. 20:8.00; 100:7.00)` });
      return z.NEVER;
    })
    .pipe(priceTierListSchema)
    .optional(),
  // Issue #24: shipping and tax; an empty weight or tax category keeps the part's own (500 g and standard for a new part).
  weight_grams: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), weightGramsSchema.optional()),
  length_mm: dimensionMmSchema('length').optional(),
  width_mm: dimensionMmSchema('width').optional(),
  height_mm: dimensionMmSchema('height').optional(),
  oversize: csvBoolean('oversize').optional(),
  tax_category: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === '' ? undefined : (taxCategoryAliases[v] ?? v)))
    .pipe(productTaxCategorySchema.optional())
    .optional(),
  part_numbers: z
    .string()
    .transform((v, ctx) => {
      const parsed = parsePartNumbersCell(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: `${parsed.message} (write kind:maker:number, separated by ;)` });
      return z.NEVER;
    })
    .optional(),
});
// A tier starts above the row's own minimum order (decision 131).
export const catalogCsvRowSchema = catalogCsvRowFields.superRefine((row, ctx) => {
  const problem = row.price_tiers ? priceTiersProblem(row.price_tiers, row.minOrder) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['price_tiers'], message: problem });
  // With the dimension columns, a row gives all three sides or none.
  const sides = [row.length_mm, row.width_mm, row.height_mm];
  if (sides.some((v) => v !== undefined)) {
    const missing = CATALOG_CSV_DIMENSION_COLUMNS.filter((_, i) => sides[i] === null || sides[i] === undefined);
    if (missing.length > 0 && missing.length < 3) ctx.addIssue({ code: 'custom', path: [missing[0]], message: dimensionsAllOrNoneMessage });
  }
});

/** A row's dimensions: undefined without the dimension columns (keep them), null when all three are empty (none). */
export function csvRowDimensions(
  row: Pick<CatalogCsvRow, 'length_mm' | 'width_mm' | 'height_mm'>,
): { length: number; width: number; height: number } | null | undefined {
  if (row.length_mm === undefined && row.width_mm === undefined && row.height_mm === undefined) return undefined;
  return row.length_mm != null && row.width_mm != null && row.height_mm != null ? { length: row.length_mm, width: row.width_mm, height: row.height_mm } : null;
}
export type CatalogCsvRow = z.infer<typeof catalogCsvRowSchema>;

export const catalogImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { message: 'dryRun must be true or false' }).default('true'),
});

export const catalogImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type CatalogImportError = z.infer<typeof catalogImportErrorSchema>;

export const catalogImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(catalogImportErrorSchema),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/** A real import with any bad row answers 400 with this: nothing was applied. */
export const catalogImportRefusedSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(catalogImportErrorSchema),
});
