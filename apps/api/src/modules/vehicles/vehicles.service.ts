import { and, asc, desc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  VEHICLE_CSV_COLUMNS,
  VEHICLE_IMPORT_MAX_ROWS,
  vehicleCsvRowSchema,
  type CreateVehicleInput,
  type Vehicle,
  type VehicleImportResult,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { vehicles } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation } from '../products/products.service';

export type VehicleRow = typeof vehicles.$inferSelect;
export interface VehicleActor {
  id: string;
  email: string;
}

export const toVehicleDto = (v: VehicleRow): Vehicle => ({ _id: v.id, make: v.make, model: v.model, year: v.year, variant: v.variant });

/** Every make, A to Z; with a model year, the makes with a vehicle in that year (the selector's year → make → model). */
export async function listMakes(db: Db, year?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ make: vehicles.make })
    .from(vehicles)
    .where(year === undefined ? undefined : eq(vehicles.year, year))
    .orderBy(asc(vehicles.make));
  return rows.map((r) => r.make);
}

/** The models of one make, A to Z (exact make, as listed by /vehicles/makes); with a model year, those listed in that year. */
export async function listModels(db: Db, make: string, year?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ model: vehicles.model })
    .from(vehicles)
    .where(and(eq(vehicles.make, make), year === undefined ? undefined : eq(vehicles.year, year)))
    .orderBy(asc(vehicles.model));
  return rows.map((r) => r.model);
}

/**
 * The model years of one make and model, newest first (how riders look for
 * their bike); without a make and model, every listed model year.
 */
export async function listYears(db: Db, make?: string, model?: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: vehicles.year })
    .from(vehicles)
    .where(make !== undefined && model !== undefined ? and(eq(vehicles.make, make), eq(vehicles.model, model)) : undefined)
    .orderBy(desc(vehicles.year));
  return rows.map((r) => r.year);
}

/** The vehicles of one make, model and year: the base model first, then variants A to Z. */
export async function listVehicles(db: Db, make: string, model: string, year: number): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.make, make), eq(vehicles.model, model), eq(vehicles.year, year)))
    .orderBy(asc(vehicles.variant));
  return rows.sort((a, b) => (a.variant === null ? -1 : b.variant === null ? 1 : a.variant.localeCompare(b.variant, 'en'))).map(toVehicleDto);
}

export async function findVehicle(db: Db, id: string): Promise<VehicleRow> {
  if (!isUuid(id)) throw new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
  if (!row) throw new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');
  return row;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const describe = (v: { make: string; model: string; year: number; variant: string | null }) =>
  `${v.year} ${v.make} ${v.model}${v.variant ? ` (${v.variant})` : ''}`;

/** POST /vehicles (admin): one vehicle; the same make, model, year and variant again answers 409. */
export async function createVehicle(db: Db, input: CreateVehicleInput, actor: VehicleActor): Promise<Vehicle> {
  const values = { make: input.make, model: input.model, year: input.year, variant: blankToNull(input.variant) };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(vehicles).values(values).returning();
      await recordAudit(tx, { actor, action: 'vehicle.create', entityType: 'vehicle', entityId: row.id, before: null, after: values });
      return toVehicleDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(`The ${describe(values)} is already in the vehicle list.`, 'VEHICLE_EXISTS');
    throw err;
  }
}

/**
 * POST /vehicles/import (admin): CSV `make,model,year_from,year_to[,variant]`,
 * one vehicle per model year of each row. Vehicles already there are counted,
 * not changed; bad rows are skipped and reported by line (the header is line 1).
 */
export async function importVehiclesCsv(db: Db, text: string, actor: VehicleActor): Promise<VehicleImportResult> {
  const result: VehicleImportResult = { rows: 0, created: 0, existing: 0, errors: [] };
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (err) {
    result.errors.push({ line: (err as { lines?: number }).lines ?? 1, message: `The file is not valid CSV: ${(err as Error).message}` });
    return result;
  }
  if (records.length === 0) {
    result.errors.push({ line: 1, message: 'The file has no vehicle rows under its header (make,model,year_from,year_to[,variant]).' });
    return result;
  }
  const header = Object.keys(records[0].record);
  const missing = VEHICLE_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) {
    result.errors.push({ line: 1, message: `The header lacks the column(s): ${missing.join(', ')}. Use make,model,year_from,year_to[,variant].` });
    return result;
  }
  if (records.length > VEHICLE_IMPORT_MAX_ROWS) {
    result.errors.push({ line: 1, message: `At most ${VEHICLE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per import; split the file.` });
    return result;
  }
  result.rows = records.length;
  const wanted = new Map<string, { make: string; model: string; year: number; variant: string | null }>();
  for (const { record, info } of records) {
    const parsed = vehicleCsvRowSchema.safeParse(record);
    if (!parsed.success) {
      result.errors.push({ line: info.lines, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ') });
      continue;
    }
    const r = parsed.data;
    for (let year = r.year_from; year <= r.year_to; year++) {
      const v = { make: r.make, model: r.model, year, variant: blankToNull(r.variant) };
      wanted.set(JSON.stringify(v), v);
    }
  }
  const list = [...wanted.values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += 1000) {
      const inserted = await tx
        .insert(vehicles)
        .values(list.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: vehicles.id });
      result.created += inserted.length;
    }
    result.existing = list.length - result.created;
    await recordAudit(tx, {
      actor,
      action: 'vehicles.import',
      entityType: 'vehicle',
      entityId: null,
      before: null,
      after: { rows: result.rows, created: result.created, existing: result.existing, errors: result.errors.length },
    });
  });
  return result;
}
