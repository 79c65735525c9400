import { z } from 'zod';
import {
  FITMENT_NOTES_MAX,
  FITMENT_PER_VEHICLE_MAX,
  FITMENT_POSITIONS,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
  applicationDetails,
  fitDetails,
  fitsVehicle,
  normalizePosition,
} from '../fitment';

/** Issue #11 (decision 130): vehicles, fitment per part and My Garage. */
export {
  FITMENT_NOTES_MAX,
  FITMENT_PER_VEHICLE_MAX,
  FITMENT_POSITIONS,
  VEHICLE_YEAR_MAX,
  VEHICLE_YEAR_MIN,
  applicationDetails,
  fitDetails,
  fitsVehicle,
  normalizePosition,
};

const makeSchema = z.string({ message: 'Make is Required' }).trim().min(1, 'Make is Required').max(60, 'Make must be 60 characters or fewer');
const modelSchema = z.string({ message: 'Model is Required' }).trim().min(1, 'Model is Required').max(80, 'Model must be 80 characters or fewer');
const yearSchema = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a year` })
    .int(`${label} must be a whole year`)
    .min(VEHICLE_YEAR_MIN, `${label} must be ${VEHICLE_YEAR_MIN} or later`)
    .max(VEHICLE_YEAR_MAX, `${label} must be ${VEHICLE_YEAR_MAX} or earlier`);
const variantSchema = z.string().trim().max(80, 'Variant must be 80 characters or fewer');

export const vehicleMakeSchema = makeSchema;
export const vehicleModelSchema = modelSchema;
export const vehicleYearSchema = yearSchema('Year');

/** One vehicle as the API answers it. `variant` is null for the base model. */
export const vehicleSchema = z.object({
  _id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  variant: z.string().nullable(),
  /** The feed's id of this vehicle (ACES `BaseVehicle@id`, decision 210); present only when set. */
  externalId: z.string().optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListSchema = z.array(vehicleSchema);

/** An optional `year` in a vehicle list's query: empty counts as absent, anything else must be a listed-range year. */
const yearParamSchema = z.preprocess((v) => (v === '' ? undefined : v), vehicleYearSchema.optional());

/** GET /vehicles/makes[?year=]: every make, or the makes with a vehicle in that model year. */
export const vehicleMakesQuerySchema = z.object({ year: yearParamSchema });
/** GET /vehicles/models?make=[&year=]: a make's models, or those it made in that model year. */
export const vehicleModelsQuerySchema = z.object({ make: makeSchema, year: yearParamSchema });
/**
 * GET /vehicles/years[?make=&model=]: every listed model year, or those of one
 * make and model. A make without its model (or the reverse) is a mistake, not a filter.
 */
export const vehicleYearsQuerySchema = z
  .object({
    make: z.preprocess((v) => (v === '' ? undefined : v), makeSchema.optional()),
    model: z.preprocess((v) => (v === '' ? undefined : v), modelSchema.optional()),
  })
  .superRefine((q, ctx) => {
    if (q.make !== undefined && q.model === undefined) ctx.addIssue({ code: 'custom', path: ['model'], message: 'Model is Required with a make' });
    if (q.model !== undefined && q.make === undefined) ctx.addIssue({ code: 'custom', path: ['make'], message: 'Make is Required with a model' });
  });
export const vehicleListQuerySchema = z.object({ make: makeSchema, model: modelSchema, year: vehicleYearSchema });

/**
 * A feed's id of one vehicle (decision 210): ACES names a base vehicle (one model year of a make and model) by its
 * `BaseVehicle@id`. Letters, digits and - _ . only, so a CSV cell or a spreadsheet cannot turn it into something else.
 */
export const VEHICLE_EXTERNAL_ID_MAX = 40;
const externalIdSchema = z
  .string({ message: 'The base vehicle id must be text' })
  .trim()
  .max(VEHICLE_EXTERNAL_ID_MAX, `The base vehicle id must be ${VEHICLE_EXTERNAL_ID_MAX} characters or fewer`)
  .regex(/^[A-Za-z0-9._-]*$/, 'The base vehicle id may hold letters, digits, dots, dashes and underscores only')
  .transform((v) => v || undefined);

/** POST /vehicles (admin): one vehicle. */
export const createVehicleSchema = z.object({
  make: makeSchema,
  model: modelSchema,
  year: vehicleYearSchema,
  variant: variantSchema.optional().nullable(),
  externalId: externalIdSchema.optional().nullable(),
});
export type CreateVehicleInput = z.infer<typeof createVehicleSchema>;

/** PATCH /vehicles/{id} (admin, decision 214): set a vehicle's base vehicle id, or clear it with null or "". */
export const updateVehicleExternalIdSchema = z.object({
  externalId: externalIdSchema.nullable(),
});
export type UpdateVehicleExternalIdInput = z.infer<typeof updateVehicleExternalIdSchema>;

/**
 * POST /vehicles/import (admin): CSV text with a header `make,model,year_from,year_to[,variant][,base_vehicle_id]`.
 * A `base_vehicle_id` (decision 210) names one model year, so its row has year_from equal to year_to.
 */
export const VEHICLE_CSV_COLUMNS = ['make', 'model', 'year_from', 'year_to'] as const;
export const VEHICLE_IMPORT_MAX_ROWS = 5_000;
/** One row expands to one vehicle per model year; a row may span at most this many years. */
export const VEHICLE_IMPORT_MAX_SPAN = 60;

export const vehicleCsvRowSchema = z
  .object({
    make: makeSchema,
    model: modelSchema,
    year_from: yearSchema('year_from'),
    year_to: yearSchema('year_to'),
    variant: variantSchema.optional(),
    base_vehicle_id: externalIdSchema.optional(),
  })
  .refine((r) => !r.base_vehicle_id || r.year_from === r.year_to, {
    message: 'A base_vehicle_id names one model year: year_from and year_to must be the same',
    path: ['base_vehicle_id'],
  })
  .refine((r) => r.year_from <= r.year_to, { message: 'year_from must not be after year_to', path: ['year_to'] })
  .refine((r) => r.year_to - r.year_from < VEHICLE_IMPORT_MAX_SPAN, {
    message: `A row may span at most ${VEHICLE_IMPORT_MAX_SPAN} model years`,
    path: ['year_to'],
  });

export const vehicleImportResultSchema = z.object({
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Vehicles added (one per model year). */
  created: z.number().int(),
  /** Vehicles that were already there. */
  existing: z.number().int(),
  /** Vehicles already there that were given their base vehicle id (decision 210). */
  linked: z.number().int(),
  /** Rows with a problem were skipped; `line` counts the header as line 1. */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type VehicleImportResult = z.infer<typeof vehicleImportResultSchema>;

/** Text that is absent when empty: null, undefined and '' (after trimming) all leave the field out. */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : undefined))
    .optional();

/**
 * One line of a product's fitment: an application (issue #35 item 1, decision 192). A make and model over model
 * years, both ends included; optionally one variant of the model, the position on the vehicle, how many go on one
 * vehicle, notes, and the feed and application id it came from. Empty optional fields are left out.
 */
export const fitmentSchema = z
  .object({
    make: makeSchema,
    model: modelSchema,
    yearFrom: yearSchema('yearFrom'),
    yearTo: yearSchema('yearTo'),
    variant: optionalText('Variant', 80),
    position: z
      .string({ message: 'Position must be text' })
      .max(60, 'Position must be 60 characters or fewer')
      .nullish()
      .transform((v, ctx) => {
        const position = normalizePosition(v ?? '');
        if (position === null) {
          ctx.addIssue({ code: 'custom', message: `Position must be made of ${FITMENT_POSITIONS.join(', ')} (one of each pair), like "front left"` });
          return z.NEVER;
        }
        return position || undefined;
      })
      .optional(),
    perVehicle: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.coerce
          .number({ message: 'Quantity per vehicle must be a number' })
          .int('Quantity per vehicle must be a whole number')
          .min(1, 'Quantity per vehicle must be at least 1')
          .max(FITMENT_PER_VEHICLE_MAX, `Quantity per vehicle must be ${FITMENT_PER_VEHICLE_MAX} or fewer`)
          .optional(),
      )
      .optional(),
    notes: optionalText('Notes', FITMENT_NOTES_MAX),
    source: optionalText('Source', 60),
    sourceRef: optionalText('Source reference', 60),
  })
  .refine((f) => f.yearFrom <= f.yearTo, { message: 'yearFrom must not be after yearTo', path: ['yearTo'] });
export type Fitment = z.infer<typeof fitmentSchema>;
export const FITMENT_MAX_LINES = 200;
export const fitmentListSchema = z.array(fitmentSchema).max(FITMENT_MAX_LINES, `At most ${FITMENT_MAX_LINES} fitment lines`);

/**
 * The catalogue CSV's `fitment` cell: lines separated by `;`, each
 * `Make Model YYYY-YYYY` (or a single `YYYY`). The make is the first word, the
 * model the rest, so a make with a space in its name is written with an
 * underscore (Royal_Enfield Himalayan 2018-2023). Decision 130.
 * Issue #35 (decision 192): the rest of an application follows in brackets, comma-separated, notes last:
 * `Yamaha MT-07 2018-2023 (front left, 2 per bike, variant: ABS, source: WPS, ref: 1234, note: with ABS only)`.
 */
export const FITMENT_CSV_SEPARATOR = ';';
const FITMENT_CELL_LINE = /^(\S+)\s+(.+?)\s+(\d{4})(?:\s*[-–]\s*(\d{4}))?(?:\s*\((.*)\))?$/;
const PER_BIKE = /^(\d+)\s+per\s+(?:bike|vehicle)$/i;
const KEYED = /^(variant|source|ref|note)\s*:\s*(.*)$/is;

function formatDetails(f: Fitment): string {
  const items = [
    f.position ?? '',
    f.perVehicle ? `${f.perVehicle} per bike` : '',
    f.variant ? `variant: ${f.variant}` : '',
    f.source ? `source: ${f.source}` : '',
    f.sourceRef ? `ref: ${f.sourceRef}` : '',
    // The notes come last and may hold commas; a semicolon would end the line, and a bracket would end the details.
    f.notes ? `note: ${f.notes.replace(/;/g, ',')}` : '',
  ].filter(Boolean);
  return items.length ? ` (${items.map((i) => i.replace(/[;()]/g, ' ').replace(/\s+/g, ' ').trim()).join(', ')})` : '';
}

export function formatFitmentCell(lines: readonly Fitment[]): string {
  return lines
    .map((f) => `${f.make.replace(/\s/g, '_')} ${f.model} ${f.yearFrom === f.yearTo ? f.yearFrom : `${f.yearFrom}-${f.yearTo}`}${formatDetails(f)}`)
    .join(`${FITMENT_CSV_SEPARATOR} `);
}

/** The bracketed details of a cell line as the schema's fields, or what is wrong with them. */
function parseDetails(text: string): { ok: true; fields: Record<string, string> } | { ok: false; message: string } {
  const fields: Record<string, string> = {};
  let rest = text.trim();
  const positions: string[] = [];
  while (rest) {
    const keyed = KEYED.exec(rest);
    if (keyed && keyed[1].toLowerCase() === 'note') {
      fields.notes = keyed[2].trim();
      break;
    }
    const comma = rest.indexOf(',');
    const item = (comma < 0 ? rest : rest.slice(0, comma)).trim();
    rest = comma < 0 ? '' : rest.slice(comma + 1).trim();
    if (!item) continue;
    const key = KEYED.exec(item);
    const perBike = PER_BIKE.exec(item);
    if (key) fields[{ variant: 'variant', source: 'source', ref: 'sourceRef' }[key[1].toLowerCase() as 'variant' | 'source' | 'ref']] = key[2].trim();
    else if (perBike) fields.perVehicle = perBike[1];
    else positions.push(item);
  }
  if (positions.length) fields.position = positions.join(' ');
  return { ok: true, fields };
}

/** Parse a `fitment` cell; answers the lines or the first problem in words. */
export function parseFitmentCell(cell: string): { ok: true; lines: Fitment[] } | { ok: false; message: string } {
  const parts = cell
    .split(FITMENT_CSV_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
  const lines: Fitment[] = [];
  for (const part of parts) {
    const m = FITMENT_CELL_LINE.exec(part);
    if (!m) return { ok: false, message: `"${part}" is not "Make Model YYYY-YYYY"` };
    const details = parseDetails(m[5] ?? '');
    if (!details.ok) return { ok: false, message: `"${part}": ${details.message}` };
    const parsed = fitmentSchema.safeParse({ make: m[1].replace(/_/g, ' '), model: m[2], yearFrom: m[3], yearTo: m[4] ?? m[3], ...details.fields });
    if (!parsed.success) return { ok: false, message: `"${part}": ${parsed.error.issues.map((i) => i.message).join('; ')}` };
    lines.push(parsed.data);
  }
  if (lines.length > FITMENT_MAX_LINES) return { ok: false, message: `At most ${FITMENT_MAX_LINES} fitment lines` };
  return { ok: true, lines };
}

/** My Garage. */
export const garageEntrySchema = z.object({
  _id: z.string(),
  vehicle: vehicleSchema,
  active: z.boolean(),
});
export type GarageEntry = z.infer<typeof garageEntrySchema>;
export const garageListSchema = z.array(garageEntrySchema);

export const addGarageVehicleSchema = z.object({ vehicleId: z.string({ message: 'vehicleId is Required' }).uuid({ message: 'vehicleId is not a valid id' }) });
export type AddGarageVehicleInput = z.infer<typeof addGarageVehicleSchema>;

export const updateGarageVehicleSchema = z.object({
  active: z.literal(true, { message: 'active must be true (choose another vehicle to make it the active one)' }),
});
