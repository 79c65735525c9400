import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { vehicleKey, type ModelAlias, type modelAliasInputSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { vehicleAliases, vehicles } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from './synonyms.service';

/**
 * Issue #38 item 2 (decision 198): the names riders give models ("t7", "wee strom"), an admin's to edit. The search
 * reads them with the known models (search.service.ts, `knownModels`), which the catalogue cache keeps: a write here
 * drops it before its answer leaves (a write through /api/), and the table's trigger tells every other process
 * (migration 0037). Every write is audited.
 */

type Input = z.output<typeof modelAliasInputSchema>;
type Row = typeof vehicleAliases.$inferSelect;

const notFound = () => new NotFoundError('No model nickname with that id.', 'MODEL_ALIAS_NOT_FOUND');

const toDto = (r: Row): ModelAlias => ({ _id: r.id, alias: r.alias, make: r.make, model: r.model, createdAt: r.createdAt.toISOString() });

/** Every nickname, by nickname, then make and model. */
export async function listModelAliases(db: Db): Promise<ModelAlias[]> {
  const rows = await db.select().from(vehicleAliases).orderBy(asc(vehicleAliases.alias), asc(vehicleAliases.make), asc(vehicleAliases.model));
  return rows.map(toDto);
}

/**
 * The make and model as the vehicle list spells them (the input may differ in case), or a 400 saying the list has no
 * such model. A nickname that is already the name of a make or of a listed model is refused too: the search reads
 * those first, so the nickname would never be read (and "r7" for an MT-07 would hide the Yamaha R7).
 */
async function listedModel(db: Pick<Db, 'selectDistinct'>, input: Input): Promise<{ make: string; model: string }> {
  const [listed] = await db
    .selectDistinct({ make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(sql`lower(${vehicles.make}) = lower(${input.make}) AND lower(${vehicles.model}) = lower(${input.model})`)
    .limit(1);
  if (!listed)
    throw new BadRequestError(
      `The vehicle list has no ${input.make} ${input.model}: a nickname must name a listed make and model. Add the vehicle first.`,
      'MODEL_NOT_LISTED',
    );
  const key = vehicleKey(input.alias);
  const names = await db.selectDistinct({ make: vehicles.make, model: vehicles.model }).from(vehicles);
  const make = names.find((n) => vehicleKey(n.make) === key);
  if (make) throw new BadRequestError(`“${input.alias}” is the make ${make.make}, not a nickname of a model.`, 'MODEL_ALIAS_IS_A_NAME');
  const model = names.find((n) => vehicleKey(n.model) === key);
  if (model) throw new BadRequestError(`“${input.alias}” is already the name of the ${model.make} ${model.model}.`, 'MODEL_ALIAS_IS_A_NAME');
  return listed;
}

export async function createModelAlias(db: Db, actor: Actor, input: Input): Promise<ModelAlias> {
  return db.transaction(async (tx) => {
    const { make, model } = await listedModel(tx, input);
    // The same nickname is refused however it is spaced ("fz 07" and "fz07" are one key to the search).
    const existing = await tx
      .select({ alias: vehicleAliases.alias })
      .from(vehicleAliases)
      .where(and(eq(vehicleAliases.make, make), eq(vehicleAliases.model, model)));
    const same = existing.find((e) => vehicleKey(e.alias) === vehicleKey(input.alias));
    const [row] = same ? [] : await tx.insert(vehicleAliases).values({ alias: input.alias, make, model }).onConflictDoNothing().returning();
    if (!row) throw new ConflictError(`“${same?.alias ?? input.alias}” is already a nickname of the ${make} ${model}.`, 'MODEL_ALIAS_EXISTS');
    await recordAudit(tx, {
      actor,
      action: 'model_alias.create',
      entityType: 'model_alias',
      entityId: row.id,
      before: null,
      after: { alias: row.alias, make: row.make, model: row.model },
    });
    return toDto(row);
  });
}

export async function deleteModelAlias(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(vehicleAliases).where(eq(vehicleAliases.id, id)).returning();
    if (!gone) throw notFound();
    await recordAudit(tx, {
      actor,
      action: 'model_alias.delete',
      entityType: 'model_alias',
      entityId: id,
      before: { alias: gone.alias, make: gone.make, model: gone.model },
      after: null,
    });
  });
}
