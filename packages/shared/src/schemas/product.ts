import { z } from 'zod';
import { PRODUCT_CATEGORIES, SKU_PATTERN } from '../catalog';
import { MAX_PRICE_TIERS, toCents } from '../pricing';
import { TAX_CATEGORIES } from '../order-totals';
import { fitmentListSchema, fitmentSchema, vehicleSchema } from './vehicle';
import { partNumberListSchema, partNumberSchema } from './part-numbers';
import { kitComponentSchema } from './kit';

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, { message: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}` });

/** The spec's fields first; the parts-shop fields of issue #8 after them. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  minOrder: z.number().int(),
  stock: z.number().int(),
  unitPrice: z.number(),
  sku: z.string(),
  brand: z.string(),
  category: productCategorySchema,
  /** Ordered; the first is always `img`. */
  images: z.array(z.string()),
  /** Goes up on every change of the product, stock included; PATCH sends the version it was based on. */
  version: z.number().int(),
  /** Stock below LOW_STOCK_FACTOR x minOrder. */
  lowStock: z.boolean(),
  /** Issue #11: a universal part fits every vehicle; otherwise it fits the vehicles in `fitment`. */
  universal: z.boolean(),
  /** Make and model over model years, both ends included; sorted by make, model, yearFrom. */
  fitment: z.array(fitmentSchema),
  /**
   * Issue #11 part 5 (decision 131): quantity price tiers, sorted by minQuantity ([] when none).
   * From minQuantity units on, unitPrice (per minimum-order lot, like the product's) applies.
   */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
  /** Issue #24 (decision 153): shipping weight of one unit in grams (default 500). */
  weightGrams: z.number().int(),
  /** Packed size of one unit in millimetres; null unless all three are known. */
  dimensionsMm: z.object({ length: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** Ships on its own: only shipping methods that take oversize parts carry it. */
  oversize: z.boolean(),
  /** Which of the shop's tax rates applies: standard, reduced or zero. */
  taxCategory: z.enum(TAX_CATEGORIES),
  /** Issue #26 item 4 (decision 166): the OEM and other makers' numbers it replaces, equals or supersedes ([] when none). */
  partNumbers: z.array(partNumberSchema),
  /**
   * Decision 217: when the part was discontinued (ISO time); absent while it is made. It is sold while its stock lasts
   * and is not restocked.
   */
  discontinuedAt: z.string().optional(),
  /** Decision 217, on GET /product/{id} of a discontinued part: a part in the shop that replaces or supersedes it. */
  replacement: z.object({ _id: z.string(), sku: z.string(), name: z.string(), brand: z.string() }).optional(),
  /** Only in search results: the other part number the query matched, so the result can say why it is there. */
  matchedPartNumber: partNumberSchema.optional(),
  /** Issue #36 item 2 (decision 220): a kit's parts, in order; absent for a part that is not a kit. Its stock is theirs. */
  kitComponents: z.array(kitComponentSchema).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

export const productPageQuerySchema = z.object({
  /** Issue #11: only the parts that fit this vehicle (by id), plus universal parts. */
  vehicle: z.string().trim().uuid({ message: 'vehicle is not a valid vehicle id' }).optional(),
  page: z.coerce.number({ message: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be 100 or less')
    .optional(),
});
export type ProductPageQuery = z.infer<typeof productPageQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Only with ?vehicle={id}: the vehicle the page was filtered for. */
  vehicle: vehicleSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const ADMIN_PRODUCTS_DEFAULT_LIMIT = 20;
export const ADMIN_PRODUCTS_MAX_LIMIT = 100;

/**
 * GET /products/manage (admin): one page of Manage Products, newest first; lowStock=true keeps the parts low on stock;
 * issue #25: q keeps the parts whose name or brand holds it, or whose part number does however it is typed (skuKey).
 */
export const adminProductsQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(ADMIN_PRODUCTS_MAX_LIMIT, `limit must be ${ADMIN_PRODUCTS_MAX_LIMIT} or less`)
    .default(ADMIN_PRODUCTS_DEFAULT_LIMIT),
  lowStock: z
    .enum(['true', 'false'], { message: 'lowStock must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  q: z.string({ message: 'q must be text' }).trim().max(200, 'q must be 200 characters or fewer').optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuerySchema>;

export const adminProductPageSchema = z.object({
  items: z.array(productSchema),
  /** Products matching the filter. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** The whole catalogue (with q, the parts matching the search) and its parts low on stock, whatever the lowStock filter. */
  counts: z.object({ all: z.number().int(), lowStock: z.number().int() }),
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

const imageUrlSchema = z
  .string({ message: 'Image URL is Required' })
  .trim()
  .min(1, 'Image URL is Required')
  .max(2000, 'Image URL must be 2,000 characters or fewer')
  // An empty value already has its message; only a filled-in value is checked for its form.
  .refine((v) => v === '' || /^https?:\/\//i.test(v) || v.startsWith('/'), 'Image must be an http(s) URL or a path on this site');

export const skuSchema = z
  .string({ message: 'Part number must be text' })
  .trim()
  .min(1, 'Part number is Required')
  .max(40, 'Part number must be 40 characters or fewer')
  .regex(SKU_PATTERN, 'Part number may hold letters, digits, spaces, dots, dashes and slashes');

export const brandSchema = z.string({ message: 'Brand must be text' }).trim().min(1, 'Brand is Required').max(60, 'Brand must be 60 characters or fewer');

/**
 * True when the number is a whole number of cents. Dividing the rounded cents by 100 gives the double
 * nearest to the decimal with two places, the very double "92.99" parses to, so the check is exact.
 */
export const hasAtMostTwoDecimals = (v: number) => Math.round(v * 100) / 100 === v;

/**
 * A price in dollars that is at least one cent once stored (integer cents, half-up): 0.004 would be stored
 * as 0 and an order for it "paid" with a $0 payment (issue #22).
 */
export const centPriceSchema = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .positive({ message: `${label} must be more than 0`, abort: true })
    // abort: the row-level tier checks (priceTiersProblem) would repeat the message.
    .refine((v) => toCents(v) >= 1, { message: `${label} must be at least $0.01 (1 cent)`, abort: true })
    .refine((v) => v <= 1_000_000, { message: `${label} must be $1,000,000 or less`, abort: true })
    // Issue #39 item 7: 92.999 was stored as $93.00 without a word; a price is dollars and cents.
    .refine(hasAtMostTwoDecimals, { message: `${label} must have at most two decimals (dollars and cents, e.g. 92.99)`, abort: true });

const priceSchema = centPriceSchema('Unit price');
const stockSchema = z.coerce
  .number({ message: 'Stock must be a number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(1_000_000);
const minOrderSchema = z.coerce
  .number({ message: 'Minimum order must be a number' })
  .int('Minimum order must be a whole number')
  .min(1, 'Minimum order must be at least 1')
  .max(1_000_000);
/** One quantity price tier as an admin sends it; its relation to minOrder is checked with priceTiersProblem. */
export const priceTierSchema = z.object({
  minQuantity: z.coerce
    .number({ message: 'Tier quantity must be a number' })
    .int('Tier quantity must be a whole number')
    .min(2, 'Tier quantity must be at least 2')
    .max(1_000_000, 'Tier quantity must be 1,000,000 or less'),
  unitPrice: centPriceSchema('Tier price'),
});
/** Strictly increasing quantities, at most MAX_PRICE_TIERS (decision 131). */
export const priceTierListSchema = z
  .array(priceTierSchema, { message: 'priceTiers must be a list of { minQuantity, unitPrice }' })
  .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} price tiers`)
  .superRefine((tiers, ctx) => {
    for (let i = 1; i < tiers.length; i++) {
      if (tiers[i].minQuantity <= tiers[i - 1].minQuantity) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'minQuantity'],
          message: `Tier quantities must increase from tier to tier (${tiers[i].minQuantity} follows ${tiers[i - 1].minQuantity})`,
        });
      }
    }
  });
export type PriceTierInput = z.infer<typeof priceTierSchema>;

/** Issue #24 (decision 153): what shipping and tax need to know about a part. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_DIMENSION_MM = 10_000;
export const DEFAULT_WEIGHT_GRAMS = 500;
export const weightGramsMessage = 'Weight must be whole grams between 1 and 1,000,000';
export const dimensionsAllOrNoneMessage = 'Give length, width and height, or none';
export const weightGramsSchema = z.coerce
  .number({ message: weightGramsMessage })
  .int(weightGramsMessage)
  .min(1, weightGramsMessage)
  .max(MAX_WEIGHT_GRAMS, weightGramsMessage);
const DIMENSION_NAMES = { length: 'Length', width: 'Width', height: 'Height' } as const;
/** One side in whole millimetres, 1 to 10,000; empty (null, '' or absent) is "not known". */
export const dimensionMmSchema = (side: keyof typeof DIMENSION_NAMES) => {
  const message = `${DIMENSION_NAMES[side]} must be whole millimetres between 1 and 10,000, or empty`;
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && v.trim() === '' ? null : v),
    z.coerce.number({ message }).int(message).min(1, message).max(MAX_DIMENSION_MM, message).nullable(),
  );
};
export type DimensionsMm = { length: number; width: number; height: number };
/** The three sides, all given or none (null or all empty clears them). */
export const dimensionsMmSchema = z
  .object(
    { length: dimensionMmSchema('length').optional(), width: dimensionMmSchema('width').optional(), height: dimensionMmSchema('height').optional() },
    { message: 'dimensionsMm must be { length, width, height } in millimetres, or null' },
  )
  .nullable()
  .superRefine((d, ctx) => {
    if (!d) return;
    const given = [d.length, d.width, d.height].filter((v) => v !== null && v !== undefined).length;
    if (given !== 0 && given !== 3) ctx.addIssue({ code: 'custom', message: dimensionsAllOrNoneMessage });
  })
  .transform((d): DimensionsMm | null =>
    d && d.length != null && d.width != null && d.height != null ? { length: d.length, width: d.width, height: d.height } : null,
  );
export const oversizeSchema = z.boolean({ message: 'oversize must be true or false' });
export const productTaxCategorySchema = z.enum(TAX_CATEGORIES, { message: `Tax category must be one of: ${TAX_CATEGORIES.join(', ')}` });

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** "…: 540 characters, 420 too many." - how far over the limit the text is, so the admin knows how much to cut. */
const tooLong = (label: string, max: number) => (issue: { input?: unknown }) => {
  const length = typeof issue.input === 'string' ? issue.input.length : 0;
  return length > max
    ? `${label} must be ${max.toLocaleString('en-US')} characters or fewer (it has ${length.toLocaleString('en-US')}, ${(length - max).toLocaleString('en-US')} too many)`
    : `${label} must be ${max.toLocaleString('en-US')} characters or fewer`;
};
const nameSchema = z
  .string({ message: 'Name is Required' })
  .trim()
  .min(1, 'Name is Required')
  .max(PRODUCT_NAME_MAX, { error: tooLong('Name', PRODUCT_NAME_MAX) });
const descriptionSchema = z
  .string({ message: 'Description is Required' })
  .trim()
  .min(1, 'Description is Required')
  .max(PRODUCT_DESCRIPTION_MAX, { error: tooLong('Description', PRODUCT_DESCRIPTION_MAX) });
const imagesSchema = z.array(imageUrlSchema).max(12, 'At most 12 images');

/**
 * POST /product: the image URL is sent as `image` (spec section 3). The
 * issue #8 fields are optional so the spec's clients keep working: the server
 * generates a part number and uses the default brand and category (decision 090).
 */
export const createProductSchema = z.object({
  name: nameSchema,
  unitPrice: priceSchema,
  stock: stockSchema,
  description: descriptionSchema,
  minOrder: minOrderSchema,
  image: imageUrlSchema,
  sku: skuSchema.optional(),
  brand: brandSchema.optional(),
  category: productCategorySchema.optional(),
  /** The pictures in order; `image` is always made the first. */
  images: imagesSchema.optional(),
  /** Issue #11: fits every vehicle (default false). */
  universal: z.boolean({ message: 'universal must be true or false' }).optional(),
  /** Issue #11: the vehicles the part fits (default none). */
  fitment: fitmentListSchema.optional(),
  /** Issue #11 part 5: quantity price tiers (default none); each above minOrder. */
  priceTiers: priceTierListSchema.optional(),
  /** Issue #24: whole grams per unit (default 500). */
  weightGrams: weightGramsSchema.optional(),
  /** Issue #24: length, width and height in mm, all three or none (default none). */
  dimensionsMm: dimensionsMmSchema.optional(),
  /** Issue #24: ships on its own (default false). */
  oversize: oversizeSchema.optional(),
  /** Issue #24: standard, reduced or zero (default standard). */
  taxCategory: productTaxCategorySchema.optional(),
  /** Issue #26 item 4: other part numbers (default none). */
  partNumbers: partNumberListSchema.optional(),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

/**
 * PATCH /product/{id}: any field, plus the `version` the edit was based on.
 * A stale version answers 409 (someone else changed the product meanwhile).
 * A new `stock` is booked in the stock ledger as a correction.
 */
export const updateProductSchema = z.object({
  version: z.coerce.number({ message: 'version is required' }).int('version must be a whole number').min(1, 'version must be 1 or more'),
  name: nameSchema.optional(),
  unitPrice: priceSchema.optional(),
  stock: stockSchema.optional(),
  description: descriptionSchema.optional(),
  minOrder: minOrderSchema.optional(),
  image: imageUrlSchema.optional(),
  sku: skuSchema.optional(),
  brand: brandSchema.optional(),
  category: productCategorySchema.optional(),
  images: imagesSchema.min(1, 'At least one image').optional(),
  universal: z.boolean({ message: 'universal must be true or false' }).optional(),
  /** Replaces the whole fitment list. */
  fitment: fitmentListSchema.optional(),
  /** Replaces the whole tier list ([] removes the tiers); each above the (new) minOrder. */
  priceTiers: priceTierListSchema.optional(),
  weightGrams: weightGramsSchema.optional(),
  /** null (or all three empty) removes the dimensions. */
  dimensionsMm: dimensionsMmSchema.optional(),
  oversize: oversizeSchema.optional(),
  taxCategory: productTaxCategorySchema.optional(),
  /** Replaces the whole list ([] removes them). */
  partNumbers: partNumberListSchema.optional(),
  /** Decision 217: true discontinues the part (sold while stock lasts, never restocked), false makes it sold again. */
  discontinued: z.boolean({ message: 'discontinued must be true or false' }).optional(),
});
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const STOCK_ADJUST_REASONS = ['restock', 'correction', 'damaged'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];

/** POST /product/{id}/stock: a signed change of the units on hand, with its reason. */
export const stockAdjustSchema = z.object({
  delta: z.coerce
    .number({ message: 'Change must be a number' })
    .int('Change must be a whole number')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, 'Change must not be 0'),
  reason: z.enum(STOCK_ADJUST_REASONS, { message: `Reason must be one of: ${STOCK_ADJUST_REASONS.join(', ')}` }),
  note: z.string().trim().max(300).optional(),
});
export type StockAdjustInput = z.infer<typeof stockAdjustSchema>;

/** One row of a product's stock ledger. */
export const stockMovementSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  kind: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  orderId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementListSchema = z.array(stockMovementSchema);
