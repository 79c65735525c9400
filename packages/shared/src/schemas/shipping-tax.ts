import { z } from 'zod';
import { TAX_CATEGORIES } from '../order-totals';
import { isCountryCode } from '../address';

/**
 * Issue #24 (decision 153): the admin's shipping zones and methods, tax rates
 * and the shop's tax setting. Weights are grams, prices dollars (like every
 * price in this API), rates percent with up to three decimals.
 */

const countryCode = z
  .string({ message: 'Each country must be a two-letter ISO code' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'Each country must be a two-letter ISO country code, such as US or DE' });
const regionCode = z.string().trim().toUpperCase().min(1, 'A region code cannot be empty').max(10, 'A region code has at most 10 characters');
const money = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} must be at most $100,000`)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { message: `${label} has at most 2 decimals` });

export const shippingBandSchema = z.object({
  upToGrams: z.coerce
    .number({ message: 'A weight band needs its weight in grams' })
    .int('A band weight is whole grams')
    .min(1, 'A band weight is at least 1 gram')
    .max(10_000_000, 'A band weight is at most 10,000 kg'),
  price: money('A band price'),
});
export type ShippingBandInput = z.infer<typeof shippingBandSchema>;

export const shippingMethodInputSchema = z
  .object({
    name: z.string({ message: 'The method needs a name' }).trim().min(1, 'The method needs a name').max(80),
    carrier: z.string({ message: 'The method needs a carrier' }).trim().min(1, 'The method needs a carrier').max(80),
    minDays: z.coerce.number({ message: 'Delivery days must be a number' }).int('Delivery days are whole days').min(0).max(120),
    maxDays: z.coerce.number({ message: 'Delivery days must be a number' }).int('Delivery days are whole days').min(0).max(120),
    bands: z.array(shippingBandSchema).min(1, 'A method needs at least one weight band').max(20, 'At most 20 weight bands'),
    freeOver: money('The free-shipping threshold').nullable().optional().default(null),
    takesOversize: z.boolean().optional().default(false),
  })
  .superRefine((m, ctx) => {
    if (m.maxDays < m.minDays) ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'The longest delivery time cannot be shorter than the shortest' });
    for (let i = 1; i < m.bands.length; i++) {
      if (m.bands[i].upToGrams <= m.bands[i - 1].upToGrams) {
        ctx.addIssue({
          code: 'custom',
          path: ['bands', i, 'upToGrams'],
          message: `Weight bands must get heavier: band ${i + 1} must be above ${m.bands[i - 1].upToGrams} g`,
        });
      }
    }
  });
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;

export const shippingMethodSchema = z.object({
  _id: z.string(),
  zoneId: z.string(),
  name: z.string(),
  carrier: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  bands: z.array(z.object({ upToGrams: z.number().int(), price: z.number() })),
  freeOver: z.number().nullable(),
  takesOversize: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingZoneInputSchema = z.object({
  name: z.string({ message: 'The zone needs a name' }).trim().min(1, 'The zone needs a name').max(80),
  countries: z.array(countryCode).min(1, 'A zone needs at least one country').max(250),
  regions: z.array(regionCode).max(100).optional().default([]),
});
export type ShippingZoneInput = z.input<typeof shippingZoneInputSchema>;

export const shippingZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  methods: z.array(shippingMethodSchema),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;
export const shippingZoneListSchema = z.array(shippingZoneSchema);

export const taxCategorySchema = z.enum(TAX_CATEGORIES, { message: `Tax category must be one of: ${TAX_CATEGORIES.join(', ')}` });

export const taxRateInputSchema = z.object({
  country: countryCode,
  region: z.string().trim().toUpperCase().max(10).optional().default(''),
  category: taxCategorySchema,
  ratePercent: z.coerce
    .number({ message: 'The rate must be a number' })
    .min(0, 'The rate cannot be negative')
    .max(100, 'The rate is at most 100 %')
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, { message: 'The rate has at most 3 decimals (e.g. 8.875)' }),
  taxShipping: z.boolean().optional().default(false),
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  _id: z.string(),
  country: z.string(),
  region: z.string(),
  category: taxCategorySchema,
  ratePercent: z.number(),
  taxShipping: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.array(taxRateSchema);

export const shopTaxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean({ message: 'pricesIncludeTax must be true or false' }),
});
export type ShopTaxSettings = z.infer<typeof shopTaxSettingsSchema>;

/** PUT /users/{id}/tax-exemption: a business customer's exemption and VAT or resale number. */
export const taxExemptionSchema = z
  .object({
    taxExempt: z.boolean({ message: 'taxExempt must be true or false' }),
    taxId: z.string().trim().max(40, 'The VAT or resale number has at most 40 characters').optional().default(''),
  })
  .refine((v) => !v.taxExempt || v.taxId.length > 0, { path: ['taxId'], message: 'A tax-exempt customer needs their VAT or resale number' });
export type TaxExemptionInput = z.input<typeof taxExemptionSchema>;
export const taxExemptionViewSchema = z.object({ taxExempt: z.boolean(), taxId: z.string() });
