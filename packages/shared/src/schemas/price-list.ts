import { z } from 'zod';
import { centPriceSchema, priceTierListSchema } from './product';

/**
 * Issue #37 item 2 (decision 206): trade price lists. A list holds parts' own prices (the price of one
 * minimum-order lot, with quantity tiers) and percentages off a category or a brand, is valid between two
 * optional dates, and prices the members of the companies it is assigned to.
 */

export const PRICE_LIST_DISCOUNT_KINDS = ['category', 'brand'] as const;
export const MAX_PRICE_LIST_DISCOUNTS = 50;
export const MAX_PRICE_LIST_COMPANIES = 200;
/** The most rows one CSV upload of a list's prices may hold (answered in the request, in one transaction). */
export const MAX_PRICE_LIST_CSV_ROWS = 5_000;
export const PRICE_LIST_CSV_COLUMNS = ['sku', 'name', 'min_order', 'public_price', 'unit_price', 'price_tiers'] as const;

const uuid = (label: string) => z.string({ message: `${label} must be an id` }).uuid(`${label} must be an id`);
const when = (label: string) =>
  z
    .string({ message: `${label} must be a date` })
    .datetime({ offset: true, message: `${label} must be a date and time, e.g. 2027-01-01T00:00:00Z` })
    .nullable();

export const priceListDiscountSchema = z.object({
  kind: z.enum(PRICE_LIST_DISCOUNT_KINDS, { message: 'A discount is off a category or a brand' }),
  value: z
    .string({ message: 'Say which category or brand' })
    .trim()
    .min(1, 'Say which category or brand')
    .max(100, 'A category or brand has at most 100 characters'),
  percentOff: z.coerce
    .number({ message: 'Percent off must be a number' })
    .gt(0, 'Percent off must be more than 0')
    .lt(100, 'Percent off must be less than 100')
    .refine((v) => Math.round(v * 100) / 100 === v, 'Percent off has at most two decimals, e.g. 12.5'),
});
export type PriceListDiscount = z.infer<typeof priceListDiscountSchema>;

const discountsSchema = z
  .array(priceListDiscountSchema, { message: 'discounts must be a list of { kind, value, percentOff }' })
  .max(MAX_PRICE_LIST_DISCOUNTS, `At most ${MAX_PRICE_LIST_DISCOUNTS} discounts on a list`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((d, i) => {
      const key = `${d.kind}\n${d.value.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `The ${d.kind} ${d.value} has two discounts on this list: keep one` });
      seen.add(key);
    });
  });

const nameSchema = z.string({ message: 'Name must be text' }).trim().min(1, 'Name is Required').max(120, 'Name must be at most 120 characters');
const companyIdsSchema = z
  .array(uuid('A company'), { message: 'companyIds must be a list of company ids' })
  .max(MAX_PRICE_LIST_COMPANIES, `At most ${MAX_PRICE_LIST_COMPANIES} companies on a list`);
const listFields = {
  name: nameSchema,
  startsAt: when('Valid from').default(null),
  endsAt: when('Valid until').default(null),
  companyIds: companyIdsSchema.default([]),
  discounts: discountsSchema.default([]),
};
const datesInOrder = (v: { startsAt?: string | null; endsAt?: string | null }) => !v.startsAt || !v.endsAt || Date.parse(v.startsAt) < Date.parse(v.endsAt);
const datesMessage = { message: 'Valid until must be after valid from', path: ['endsAt'] };

/** POST /admin/price-lists. */
export const priceListInputSchema = z.object(listFields).refine(datesInOrder, datesMessage);
export type PriceListInput = z.input<typeof priceListInputSchema>;
/**
 * PATCH /admin/price-lists/{id}: any field; the dates are checked together with the stored ones. No field has a
 * default here: zod fills a default in for a missing field, and a missing list must keep the stored one.
 */
export const priceListPatchSchema = z
  .object({
    name: nameSchema.optional(),
    startsAt: when('Valid from').optional(),
    endsAt: when('Valid until').optional(),
    companyIds: companyIdsSchema.optional(),
    discounts: discountsSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change')
  .refine(datesInOrder, datesMessage);
export type PriceListPatch = z.input<typeof priceListPatchSchema>;

/** PUT /admin/price-lists/{id}/prices/{productId}: the part's lot price on this list and its tiers. */
export const priceListPriceInputSchema = z.object({
  unitPrice: centPriceSchema('Unit price'),
  priceTiers: priceTierListSchema.default([]),
});
export type PriceListPriceInput = z.input<typeof priceListPriceInputSchema>;

const tiersOut = z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() }));

export const priceListSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Valid at this moment (between its dates). */
  current: z.boolean(),
  priceCount: z.number().int(),
  discounts: z.array(z.object({ kind: z.enum(PRICE_LIST_DISCOUNT_KINDS), value: z.string(), percentOff: z.number() })),
  companies: z.array(z.object({ _id: z.string(), name: z.string() })),
  updatedAt: z.string(),
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;
export const priceListSummaryListSchema = z.array(priceListSummarySchema);

export const priceListPriceSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  minOrder: z.number().int(),
  /** The public price of one lot, for comparison. */
  publicPrice: z.number(),
  unitPrice: z.number(),
  priceTiers: tiersOut,
});
export type PriceListPrice = z.infer<typeof priceListPriceSchema>;
export const priceListDetailSchema = priceListSummarySchema.extend({ prices: z.array(priceListPriceSchema) });
export type PriceListDetail = z.infer<typeof priceListDetailSchema>;

export const priceListImportResultSchema = z.object({ updated: z.number().int(), rows: z.number().int() });
export type PriceListImportResult = z.infer<typeof priceListImportResultSchema>;

/** GET /prices/mine?ids=…: the signed-in trade buyer's prices of these parts (only those a list makes lower). */
export const myPricesQuerySchema = z.object({
  ids: z
    .string({ message: 'ids must list part ids, separated by commas' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(uuid('Each id')).min(1, 'Name at least one part').max(100, 'At most 100 parts at once')),
});
export const myPriceSchema = z.object({
  productId: z.string(),
  /** The buyer's price of one lot at the minimum order, and its tiers: what the page shows. */
  unitPrice: z.number(),
  priceTiers: tiersOut,
  /** Every offer the buyer's lists make (the public price apart): the page prices a quantity with the lowest, as the server does. */
  offers: z.array(z.object({ unitPrice: z.number(), priceTiers: tiersOut })),
});
export type MyPrice = z.infer<typeof myPriceSchema>;
export const myPricesSchema = z.object({ prices: z.array(myPriceSchema) });
export type MyPrices = z.infer<typeof myPricesSchema>;
