import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../catalog';
import { normalizePosition } from '../fitment';
import { JOB_QUANTITY_RULES, JOB_SLOT_QUANTITY_MAX, JOB_TEMPLATE_SLOTS_MAX } from '../job-baskets';
import { diagramVehicleSchema } from './diagram';
import { productSchema } from './product';

/** Issue #36 item 3 (decision 199): job baskets, a job's parts for one bike in one step. */

export const jobQuantityRuleSchema = z.enum(JOB_QUANTITY_RULES, { message: 'Quantity rule must be fixed or per_vehicle' });

/** One slot as the admin writes it. */
export const jobSlotInputSchema = z.object({
  name: z.string({ message: 'Slot name is Required' }).trim().min(1, 'Slot name is Required').max(80, 'Slot name must be 80 characters or fewer'),
  category: z.enum(PRODUCT_CATEGORIES, { message: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}` }),
  /** Words the part's name must hold, case-insensitive ("oil filter"); empty: any part of the category. */
  nameWords: z.string().trim().max(80, 'Name words must be 80 characters or fewer').default(''),
  /** "front", "rear left"… (normalizePosition); empty: anywhere. */
  position: z
    .string()
    .trim()
    .max(40, 'Position must be 40 characters or fewer')
    .default('')
    .transform((text, ctx) => {
      const position = normalizePosition(text);
      if (position === null) {
        ctx.addIssue({ code: 'custom', message: `Position “${text}” is not one the shop knows: use front or rear, left or right, upper or lower` });
        return z.NEVER;
      }
      return position;
    }),
  quantityRule: jobQuantityRuleSchema.default('fixed'),
  /** 'fixed': how many; 'per_vehicle': the multiplier of the fitting application's quantity per bike. */
  quantity: z.coerce
    .number({ message: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, `Quantity must be from 1 to ${JOB_SLOT_QUANTITY_MAX}`)
    .max(JOB_SLOT_QUANTITY_MAX, `Quantity must be from 1 to ${JOB_SLOT_QUANTITY_MAX}`)
    .default(1),
});
export type JobSlotInput = z.input<typeof jobSlotInputSchema>;

const slotsSchema = z
  .array(jobSlotInputSchema, { message: 'Add at least one slot' })
  .min(1, 'Add at least one slot')
  .max(JOB_TEMPLATE_SLOTS_MAX, `At most ${JOB_TEMPLATE_SLOTS_MAX} slots per job`);

const templateFields = {
  name: z.string({ message: 'Name is Required' }).trim().min(1, 'Name is Required').max(80, 'Name must be 80 characters or fewer'),
  description: z.string().trim().max(400, 'Description must be 400 characters or fewer').default(''),
  slots: slotsSchema,
};

export const createJobTemplateSchema = z.object({
  ...templateFields,
  slug: z
    .string({ message: 'Address word is Required' })
    .trim()
    .min(1, 'Address word is Required')
    .max(60, 'Address word must be 60 characters or fewer')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Address word may hold lower-case letters, digits and single dashes, e.g. oil-service'),
});
export type CreateJobTemplateInput = z.input<typeof createJobTemplateSchema>;
export type CreateJobTemplate = z.output<typeof createJobTemplateSchema>;

/** PUT: the name, description and every slot are replaced; the address word stays. */
export const updateJobTemplateSchema = z.object(templateFields);
export type UpdateJobTemplateInput = z.input<typeof updateJobTemplateSchema>;
export type UpdateJobTemplate = z.output<typeof updateJobTemplateSchema>;

export const jobSlotSchema = z.object({
  name: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  nameWords: z.string(),
  position: z.string().nullable(),
  quantityRule: jobQuantityRuleSchema,
  quantity: z.number().int(),
});
export type JobSlot = z.infer<typeof jobSlotSchema>;

export const adminJobTemplateSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  slots: z.array(jobSlotSchema),
  updatedAt: z.string(),
});
export type AdminJobTemplate = z.infer<typeof adminJobTemplateSchema>;
export const adminJobTemplateListSchema = z.array(adminJobTemplateSchema);

// ── The rider's side ──

/** A part offered for a slot, with what the slot puts in the basket for it. */
export const basketPartSchema = z.object({
  /** The product DTO, with its fitment. */
  product: productSchema,
  /** The slot's quantity for this part: its rule, raised to the part's minimum order (basketQuantity). */
  quantity: z.number().int(),
  /** What one bike takes by the fitting application (null: it does not say, or the part is universal). */
  perVehicle: z.number().int().nullable(),
  /** Where the fitting application puts it (null: not given, or universal). */
  position: z.string().nullable(),
});
export type BasketPart = z.infer<typeof basketPartSchema>;

export const basketSlotSchema = jobSlotSchema.extend({
  /** The cheapest part per piece among the fitting parts in stock; null when none is. */
  chosen: basketPartSchema.nullable(),
  /** Every other fitting part, in stock first, then by price per piece (at most 20). */
  alternatives: z.array(basketPartSchema),
  /** Why nothing is chosen (no fitting part, or none in stock); null when a part is. */
  unavailable: z.string().nullable(),
});
export type BasketSlot = z.infer<typeof basketSlotSchema>;

export const basketSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  vehicle: diagramVehicleSchema,
  slots: z.array(basketSlotSchema),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketSummarySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  slotCount: z.number().int(),
  /** Slots with a fitting part in stock for the bike. */
  filledCount: z.number().int(),
});
export type BasketSummary = z.infer<typeof basketSummarySchema>;

export const vehicleBasketsSchema = z.object({ vehicle: diagramVehicleSchema, templates: z.array(basketSummarySchema) });
export type VehicleBaskets = z.infer<typeof vehicleBasketsSchema>;

export const basketParamsSchema = z.object({ vehicle: z.string().max(200), template: z.string().max(120) });
