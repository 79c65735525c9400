import { and, asc, eq, ne } from 'drizzle-orm';
import type { GarageEntry } from '@shop/shared';
import type { Db } from '../../db/client';
import { garageVehicles, vehicles } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';
import { isUniqueViolation } from '../products/products.service';
import { findVehicle, toVehicleDto } from '../vehicles/vehicles.service';

const entryNotFound = () => new NotFoundError('No vehicle with that id in your garage.', 'GARAGE_ENTRY_NOT_FOUND');

/** A customer's garage, oldest first. */
export async function listGarage(db: Db, userId: string): Promise<GarageEntry[]> {
  const rows = await db
    .select({ g: garageVehicles, v: vehicles })
    .from(garageVehicles)
    .innerJoin(vehicles, eq(vehicles.id, garageVehicles.vehicleId))
    .where(eq(garageVehicles.userId, userId))
    .orderBy(asc(garageVehicles.createdAt), asc(garageVehicles.id));
  return rows.map(({ g, v }) => ({ _id: g.id, vehicle: toVehicleDto(v), active: g.active }));
}

async function entryOf(db: Db, userId: string, id: string): Promise<GarageEntry> {
  const entry = (await listGarage(db, userId)).find((e) => e._id === id);
  if (!entry) throw entryNotFound();
  return entry;
}

/**
 * POST /garage: save a vehicle. The first one becomes the active one. A
 * vehicle already in the garage is not added twice: the existing entry is
 * answered (created: false), so a retried or double-clicked save is harmless.
 */
export async function addToGarage(db: Db, userId: string, vehicleId: string): Promise<{ entry: GarageEntry; created: boolean }> {
  const vehicle = await findVehicle(db, vehicleId);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(garageVehicles)
          .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.vehicleId, vehicle.id)));
        if (existing) return { id: existing.id, created: false };
        const [active] = await tx
          .select({ id: garageVehicles.id })
          .from(garageVehicles)
          .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
        const [row] = await tx.insert(garageVehicles).values({ userId, vehicleId: vehicle.id, active: !active }).returning();
        return { id: row.id, created: true };
      });
      return { entry: await entryOf(db, userId, result.id), created: result.created };
    } catch (err) {
      // Two saves at once: the unique indexes (one row per vehicle, one active per user) decide; read again.
      if (isUniqueViolation(err) && attempt < 2) continue;
      throw err;
    }
  }
  /* c8 ignore next */
  throw new Error('unreachable');
}

/** PATCH /garage/{id} { active: true }: this entry becomes the only active one, in one transaction. */
export async function activateGarageEntry(db: Db, userId: string, id: string): Promise<GarageEntry> {
  if (!isUuid(id)) throw entryNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(garageVehicles)
      .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
      .for('update');
    if (!row) throw entryNotFound();
    if (row.active) return;
    // Off first, then on: the partial unique index allows one active row per user at every moment.
    await tx
      .update(garageVehicles)
      .set({ active: false })
      .where(and(eq(garageVehicles.userId, userId), ne(garageVehicles.id, id), eq(garageVehicles.active, true)));
    await tx.update(garageVehicles).set({ active: true }).where(eq(garageVehicles.id, id));
  });
  return entryOf(db, userId, id);
}

/**
 * DELETE /garage/{id}. Removing the active vehicle makes the oldest remaining
 * one active, so a garage with vehicles always has an active one.
 */
export async function removeFromGarage(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw entryNotFound();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(garageVehicles)
      .where(and(eq(garageVehicles.id, id), eq(garageVehicles.userId, userId)))
      .returning();
    if (!deleted) throw entryNotFound();
    if (!deleted.active) return;
    const [next] = await tx
      .select({ id: garageVehicles.id })
      .from(garageVehicles)
      .where(eq(garageVehicles.userId, userId))
      .orderBy(asc(garageVehicles.createdAt), asc(garageVehicles.id))
      .limit(1);
    if (next) await tx.update(garageVehicles).set({ active: true }).where(eq(garageVehicles.id, next.id));
  });
}
