import { z } from 'zod';
import { DIAGRAM_CALLOUT_MAX, DIAGRAM_QUANTITY_MAX } from '../diagrams';
import { productSchema } from './product';
import { vehicleMakeSchema, vehicleModelSchema, vehicleSchema, vehicleYearSchema } from './vehicle';

/** Issue #36 item 1 (decision 197): parts diagrams. */

export const diagramVehicleSchema = vehicleSchema.extend({ slug: z.string() });
export type DiagramVehicle = z.infer<typeof diagramVehicleSchema>;

export const diagramCalloutSchema = z.object({
  number: z.number().int(),
  /** The number on the drawing (an OEM number, another maker's or ours). */
  partNumber: z.string(),
  /** What the drawing calls it; the part's name when empty and sold. */
  label: z.string(),
  /** How many one vehicle takes. */
  quantity: z.number().int(),
  notes: z.string(),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  /** The part sold for it, or null when nothing here carries the number. */
  product: productSchema.nullable(),
  /** Set when the drawing's number is an older or OEM number of the part sold for it. */
  replaces: z.string().nullable(),
});
export type DiagramCallout = z.infer<typeof diagramCalloutSchema>;

export const diagramSummarySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  calloutCount: z.number().int(),
});
export type DiagramSummary = z.infer<typeof diagramSummarySchema>;

export const diagramSchema = diagramSummarySchema.extend({
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  /** The vehicle of the address. */
  vehicle: diagramVehicleSchema,
  /** How many other vehicles the drawing applies to. */
  otherVehicleCount: z.number().int(),
  callouts: z.array(diagramCalloutSchema),
  /** The other diagrams of the same vehicle. */
  siblings: z.array(diagramSummarySchema),
});
export type Diagram = z.infer<typeof diagramSchema>;

export const diagramParamsSchema = z.object({
  vehicle: z.string().max(200),
  assembly: z.string().max(120),
});

export const vehicleDiagramsSchema = z.object({ vehicle: diagramVehicleSchema, diagrams: z.array(diagramSummarySchema) });
export type VehicleDiagrams = z.infer<typeof vehicleDiagramsSchema>;

/** Where a part is drawn (the part page's "Shown in"): each diagram once, with the vehicles it applies to. */
export const partDiagramSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  callout: z.number().int(),
  vehicles: z.array(diagramVehicleSchema),
});
export const partDiagramListSchema = z.array(partDiagramSchema);
export type PartDiagram = z.infer<typeof partDiagramSchema>;

// ── Admin ──

const percent = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number from 0 to 100` })
    .min(0, `${label} must be a number from 0 to 100`)
    .max(100, `${label} must be a number from 0 to 100`);

export const hotspotSchema = z
  .object({ x: percent('x'), y: percent('y'), w: percent('w').positive('w must be more than 0'), h: percent('h').positive('h must be more than 0') })
  .refine((b) => b.x + b.w <= 100.001 && b.y + b.h <= 100.001, { message: 'The hotspot must lie inside the drawing (x + w and y + h at most 100)' });
export type HotspotInput = z.infer<typeof hotspotSchema>;

export const diagramCalloutRowSchema = z
  .object({
    number: z.coerce
      .number({ message: 'number must be a whole number' })
      .int('number must be a whole number')
      .min(1, 'number must be 1 or more')
      .max(DIAGRAM_CALLOUT_MAX, `number must be ${DIAGRAM_CALLOUT_MAX} or less`),
    part_number: z.string().trim().min(1, 'part_number is Required').max(40, 'part_number must be 40 characters or fewer'),
    label: z.string().trim().max(120, 'label must be 120 characters or fewer').default(''),
    quantity: z.coerce
      .number({ message: 'quantity must be a whole number' })
      .int('quantity must be a whole number')
      .min(1, 'quantity must be 1 or more')
      .max(DIAGRAM_QUANTITY_MAX, `quantity must be ${DIAGRAM_QUANTITY_MAX} or less`),
    notes: z.string().trim().max(200, 'notes must be 200 characters or fewer').default(''),
    x: percent('x'),
    y: percent('y'),
    w: percent('w').positive('w must be more than 0'),
    h: percent('h').positive('h must be more than 0'),
  })
  .refine((b) => b.x + b.w <= 100.001 && b.y + b.h <= 100.001, { message: 'The hotspot must lie inside the drawing (x + w and y + h at most 100)' });
export type DiagramCalloutRow = z.infer<typeof diagramCalloutRowSchema>;

export const createDiagramSchema = z
  .object({
    name: z.string({ message: 'Name is Required' }).trim().min(1, 'Name is Required').max(80, 'Name must be 80 characters or fewer'),
    slug: z
      .string({ message: 'Address word is Required' })
      .trim()
      .min(1, 'Address word is Required')
      .max(60, 'Address word must be 60 characters or fewer')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Address word may hold lower-case letters, digits and single dashes, e.g. front-brake'),
    description: z.string().trim().max(400, 'Description must be 400 characters or fewer').default(''),
    imageUrl: z
      .string({ message: 'Drawing is Required' })
      .trim()
      .min(1, 'Drawing is Required')
      .max(500)
      .regex(/^\/(api\/uploads|uploads|images\/diagrams)\//, 'Drawing must be an uploaded image'),
    imageWidth: z.coerce.number().int().min(1).max(20000),
    imageHeight: z.coerce.number().int().min(1).max(20000),
    make: vehicleMakeSchema,
    model: vehicleModelSchema,
    yearFrom: vehicleYearSchema,
    yearTo: vehicleYearSchema,
  })
  .refine((d) => d.yearFrom <= d.yearTo, { message: 'From year must not be after To year', path: ['yearTo'] });
export type CreateDiagramInput = z.infer<typeof createDiagramSchema>;

export const adminDiagramSchema = diagramSummarySchema.extend({
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  vehicles: z.array(diagramVehicleSchema),
  callouts: z.array(diagramCalloutSchema.omit({ product: true, replaces: true })),
});
export type AdminDiagram = z.infer<typeof adminDiagramSchema>;
export const adminDiagramListSchema = z.array(adminDiagramSchema);

export const diagramImportResultSchema = z.object({ imported: z.number().int() });
export const diagramImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
