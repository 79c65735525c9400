import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  VEHICLE_CSV_COLUMNS,
  VEHICLE_IMPORT_MAX_ROWS,
  vehicleCsvRowSchema,
  type CreateVehicleInput,
  type UpdateVehicleExternalIdInput,
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

export const toVehicleDto = (v: VehicleRow): Vehicle => ({
  _id: v.id,
  make: v.make,
  model: v.model,
  year: v.year,
  variant: v.variant,
  ...(v.externalId ? { externalId: v.externalId } : {}),
});

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
type VehicleValues = { make: string; model: string; year: number; variant: string | null };
const sameVehicle = (a: VehicleValues, b: VehicleValues) => a.make === b.make && a.model === b.model && a.year === b.year && a.variant === b.variant;
const describe = (v: { make: string; model: string; year: number; variant: string | null }) =>
  `${v.year} ${v.make} ${v.model}${v.variant ? ` (${v.variant})` : ''}`;

/** The vehicle that already carries this base vehicle id, if any. */
async function vehicleOfExternalId(db: Db, externalId: string): Promise<VehicleRow | undefined> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.externalId, externalId));
  return row;
}
const externalIdTaken = (externalId: string, owner: VehicleRow) =>
  new ConflictError(`Base vehicle id ${externalId} is already the ${describe(owner)}.`, 'VEHICLE_EXTERNAL_ID_EXISTS');

/**
 * POST /vehicles (admin): one vehicle, optionally with its base vehicle id (decision 210); the same make, model, year
 * and variant again, or a base vehicle id another vehicle has, answers 409.
 */
export async function createVehicle(db: Db, input: CreateVehicleInput, actor: VehicleActor): Promise<Vehicle> {
  const values = { make: input.make, model: input.model, year: input.year, variant: blankToNull(input.variant), externalId: input.externalId ?? null };
  try {
    return await db.transaction(async (tx) => {
      const owner = values.externalId ? await vehicleOfExternalId(tx as unknown as Db, values.externalId) : undefined;
      if (owner) throw externalIdTaken(values.externalId!, owner);
      const [row] = await tx.insert(vehicles).values(values).returning();
      await recordAudit(tx, { actor, action: 'vehicle.create', entityType: 'vehicle', entityId: row.id, before: null, after: values });
      return toVehicleDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      // Two admins gave one base vehicle id at once: the loser is told which vehicle has it.
      const owner = values.externalId ? await vehicleOfExternalId(db, values.externalId) : undefined;
      if (owner && !sameVehicle(owner, values)) throw externalIdTaken(values.externalId!, owner);
      throw new ConflictError(`The ${describe(values)} is already in the vehicle list.`, 'VEHICLE_EXISTS');
    }
    throw err;
  }
}

/**
 * PATCH /vehicles/{id} (admin, decision 214): set or clear a listed vehicle's base vehicle id. An id another vehicle
 * has answers 409 with that vehicle's name; the change is audited. ACES rows already imported keep their make, model
 * and years: a new id counts from the next feed on.
 */
export async function setVehicleExternalId(db: Db, id: string, input: UpdateVehicleExternalIdInput, actor: VehicleActor): Promise<Vehicle> {
  const externalId = input.externalId ?? null;
  try {
    return await db.transaction(async (tx) => {
      if (!isUuid(id)) throw new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');
      const [row] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update');
      if (!row) throw new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');
      if (row.externalId === externalId) return toVehicleDto(row);
      const owner = externalId ? await vehicleOfExternalId(tx as unknown as Db, externalId) : undefined;
      if (owner) throw externalIdTaken(externalId!, owner);
      const [updated] = await tx.update(vehicles).set({ externalId }).where(eq(vehicles.id, id)).returning();
      await recordAudit(tx, {
        actor,
        action: 'vehicle.update',
        entityType: 'vehicle',
        entityId: id,
        before: { externalId: row.externalId },
        after: { externalId },
      });
      return toVehicleDto(updated);
    });
  } catch (err) {
    // Two admins gave one id at once: the loser is told which vehicle has it.
    const owner = externalId && isUniqueViolation(err) ? await vehicleOfExternalId(db, externalId) : undefined;
    if (owner) throw externalIdTaken(externalId!, owner);
    throw err;
  }
}

/**
 * POST /vehicles/import (admin): CSV `make,model,year_from,year_to[,variant][,base_vehicle_id]`,
 * one vehicle per model year of each row. Vehicles already there are counted,
 * not changed; bad rows are skipped and reported by line (the header is line 1).
 */
export async function importVehiclesCsv(db: Db, text: string, actor: VehicleActor): Promise<VehicleImportResult> {
  const result: VehicleImportResult = { rows: 0, created: 0, existing: 0, linked: 0, errors: [] };
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
    result.errors.push({
      line: 1,
      message: `The header lacks the column(s): ${missing.join(', ')}. Use make,model,year_from,year_to[,variant][,base_vehicle_id].`,
    });
    return result;
  }
  if (records.length > VEHICLE_IMPORT_MAX_ROWS) {
    result.errors.push({ line: 1, message: `At most ${VEHICLE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows per import; split the file.` });
    return result;
  }
  result.rows = records.length;
  const wanted = new Map<string, VehicleValues & { externalId: string | null; line: number }>();
  for (const { record, info } of records) {
    const parsed = vehicleCsvRowSchema.safeParse(record);
    if (!parsed.success) {
      result.errors.push({ line: info.lines, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ') });
      continue;
    }
    const r = parsed.data;
    for (let year = r.year_from; year <= r.year_to; year++) {
      const v = { make: r.make, model: r.model, year, variant: blankToNull(r.variant) };
      const key = JSON.stringify(v);
      const externalId = r.base_vehicle_id ?? wanted.get(key)?.externalId ?? null;
      wanted.set(key, { ...v, externalId, line: info.lines });
    }
  }
  await db.transaction(async (tx) => {
    // Base vehicle ids (decision 210): one per vehicle, never moved from one vehicle to another by an import.
    const byExternalId = new Map<string, string>();
    for (const [key, v] of wanted) {
      if (!v.externalId) continue;
      const first = byExternalId.get(v.externalId);
      if (first !== undefined && first !== key) {
        result.errors.push({
          line: v.line,
          message: `base_vehicle_id ${v.externalId} is given to the ${describe(wanted.get(first)!)} above too: row left out`,
        });
        wanted.delete(key);
      } else byExternalId.set(v.externalId, key);
    }
    const ids = [...byExternalId.keys()];
    for (let i = 0; i < ids.length; i += 1000) {
      const owners = await tx
        .select()
        .from(vehicles)
        .where(inArray(vehicles.externalId, ids.slice(i, i + 1000)));
      for (const owner of owners) {
        const key = byExternalId.get(owner.externalId!);
        const v = key === undefined ? undefined : wanted.get(key);
        if (v && !sameVehicle(owner, v)) {
          result.errors.push({ line: v.line, message: `base_vehicle_id ${owner.externalId} is already the ${describe(owner)}: row left out` });
          wanted.delete(key!);
        }
      }
    }
    const list = [...wanted.values()];
    const linking: typeof list = [];
    for (let i = 0; i < list.length; i += 1000) {
      const chunk = list.slice(i, i + 1000);
      const inserted = await tx
        .insert(vehicles)
        .values(chunk.map(({ line: _line, ...v }) => v))
        .onConflictDoNothing()
        .returning({ make: vehicles.make, model: vehicles.model, year: vehicles.year, variant: vehicles.variant });
      result.created += inserted.length;
      const added = new Set(inserted.map((v) => JSON.stringify({ make: v.make, model: v.model, year: v.year, variant: v.variant })));
      for (const v of chunk)
        if (v.externalId && !added.has(JSON.stringify({ make: v.make, model: v.model, year: v.year, variant: v.variant }))) linking.push(v);
    }
    result.existing = list.length - result.created;
    // A vehicle already listed gets its base vehicle id if it has none; one with another id keeps it (an error).
    for (const v of linking) {
      const [row] = await tx
        .select()
        .from(vehicles)
        .where(
          and(eq(vehicles.make, v.make), eq(vehicles.model, v.model), eq(vehicles.year, v.year), sql`${vehicles.variant} is not distinct from ${v.variant}`),
        )
        .for('update');
      if (!row || row.externalId === v.externalId) continue;
      if (row.externalId) {
        result.errors.push({ line: v.line, message: `The ${describe(row)} already has base vehicle id ${row.externalId}, not ${v.externalId}: left as it is` });
        continue;
      }
      await tx
        .update(vehicles)
        .set({ externalId: v.externalId })
        .where(and(eq(vehicles.id, row.id), isNull(vehicles.externalId)));
      result.linked++;
    }
    await recordAudit(tx, {
      actor,
      action: 'vehicles.import',
      entityType: 'vehicle',
      entityId: null,
      before: null,
      after: { rows: result.rows, created: result.created, existing: result.existing, linked: result.linked, errors: result.errors.length },
    });
  });
  return result;
}
