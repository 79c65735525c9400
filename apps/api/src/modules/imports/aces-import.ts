import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { feedPartKey, FITMENT_NOTES_MAX, skuKey, type AcesApp, type CatalogImportError } from '@shop/shared';
import type { Db } from '../../db/client';
import { productFitments, products, vehicles } from '../../db/schema';
import { acesVehicleLabel } from '../feeds/feed-report';
import { fitmentRow } from '../products/products.service';

/**
 * Issue #35 item 4 (decision 210): an ACES application as a row of the shop's fitment (decision 192). The read
 * resolves each App's vehicle (a `BaseVehicle@id` through the vehicles' base vehicle id, or Years, Make, Model and
 * SubModel through the vehicle list) and part (brand and part number), and stages the row as it will be written;
 * the commit applies the staged rows in one transaction: FULL makes the brand's ACES rows exactly the feed's, UPDATE
 * adds (A) and deletes (D) exactly its rows. Rows the shop entered by hand (`source` not 'aces') are never touched.
 */

/** `product_fitments.source` of a row that came from an ACES feed. */
export const ACES_SOURCE = 'aces';

/** A staged application: the fitment row as the commit writes it (A) or looks it up to delete it (D). */
export interface AcesStaged {
  action: 'A' | 'D';
  productId: string;
  /** The part's brand in the shop, lower case: a FULL feed replaces the ACES rows of its brands. */
  brand: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant: string | null;
  position: string | null;
  perVehicle: number | null;
  notes: string;
  /** `App@id` (decision 192's `source_ref`). */
  sourceRef: string;
}

type FitmentKeyFields = Pick<AcesStaged, 'productId' | 'make' | 'model' | 'yearFrom' | 'yearTo' | 'variant' | 'position' | 'notes'>;

/**
 * What makes an application itself once resolved (decision 201's `acesApplicationKey`, on the shop's values): the
 * part, the vehicle span and variant, the position and the notes. Quantity and App id are what an A may change.
 */
export const acesRowKey = (r: FitmentKeyFields) =>
  createHash('sha1')
    .update(
      [
        r.productId,
        r.make.toLowerCase(),
        r.model.toLowerCase(),
        r.yearFrom,
        r.yearTo,
        (r.variant ?? '').toLowerCase(),
        r.position ?? '',
        r.notes.toLowerCase().replace(/\s+/g, ' ').trim(),
      ].join('\u0001'),
    )
    .digest('base64');

interface ResolvedVehicle {
  id: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant: string | null;
}

/**
 * The shop's vehicles and parts for the Apps of a feed, asked a batch at a time (one query for the batch's base
 * vehicle ids and one for its parts; one per distinct year-make-model), and kept for the rest of the file: one
 * entry per distinct vehicle and part, never the feed.
 */
export class AcesResolver {
  private readonly vehicles = new Map<string, ResolvedVehicle | null>();
  private readonly parts = new Map<string, { id: string; brand: string } | null>();

  constructor(private readonly db: Db) {}

  static vehicleKey = (app: AcesApp) => acesVehicleLabel(app).toLowerCase();

  async resolve(apps: readonly AcesApp[]): Promise<void> {
    const externalIds = new Set<string>();
    const ymm = new Map<string, AcesApp>();
    const partKeys = new Map<string, AcesApp>();
    for (const app of apps) {
      const vk = AcesResolver.vehicleKey(app);
      if (!this.vehicles.has(vk)) {
        if (app.baseVehicleId) externalIds.add(app.baseVehicleId);
        else ymm.set(vk, app);
      }
      const pk = feedPartKey(app.brand, app.partNumber);
      if (app.partNumber && app.brand && !this.parts.has(pk)) partKeys.set(pk, app);
    }

    // Base vehicles: one model year of a make and model, by the id the vehicle list was imported with.
    const byExternalId = new Map<string, typeof vehicles.$inferSelect>();
    if (externalIds.size) {
      const rows = await this.db
        .select()
        .from(vehicles)
        .where(inArray(vehicles.externalId, [...externalIds]));
      for (const r of rows) byExternalId.set(r.externalId!, r);
    }
    for (const app of apps) {
      const vk = AcesResolver.vehicleKey(app);
      if (this.vehicles.has(vk) || !app.baseVehicleId) continue;
      const base = byExternalId.get(app.baseVehicleId);
      if (!base) this.vehicles.set(vk, null);
      else if (!app.subModel && !app.subModelId)
        this.vehicles.set(vk, { id: base.id, make: base.make, model: base.model, yearFrom: base.year, yearTo: base.year, variant: base.variant });
      else this.vehicles.set(vk, await this.findVehicle(base.make, base.model, base.year, base.year, app.subModel, app.subModelId));
    }
    for (const [vk, app] of ymm) {
      const ok = app.yearFrom !== null && app.yearTo !== null && app.make && app.model;
      this.vehicles.set(vk, ok ? await this.findVehicle(app.make!, app.model!, app.yearFrom!, app.yearTo!, app.subModel, app.subModelId) : null);
    }

    if (partKeys.size) {
      const rows = await this.db
        .select({ id: products.id, brand: products.brand, sku: products.sku })
        .from(products)
        .where(
          inArray(
            products.skuKey,
            [...partKeys.values()].map((a) => skuKey(a.partNumber)),
          ),
        );
      const found = new Map(rows.map((r) => [feedPartKey(r.brand, r.sku), { id: r.id, brand: r.brand.trim().toLowerCase() }]));
      for (const pk of partKeys.keys()) this.parts.set(pk, found.get(pk) ?? null);
    }
  }

  /**
   * A make and model (as the shop spells them, any case) listed in at least one of the years; with a SubModel, that
   * variant of it. A make, model or submodel given by VCdb id only is not known: the shop does not ship the VCdb.
   */
  private async findVehicle(make: string, model: string, yearFrom: number, yearTo: number, subModel: string | null, subModelId: string | null) {
    if (subModelId && !subModel) return null;
    const [row] = await this.db
      .select()
      .from(vehicles)
      .where(
        and(
          sql`lower(${vehicles.make}) = ${make.toLowerCase()}`,
          sql`lower(${vehicles.model}) = ${model.toLowerCase()}`,
          sql`${vehicles.year} between ${yearFrom} and ${yearTo}`,
          subModel ? sql`lower(${vehicles.variant}) = ${subModel.toLowerCase()}` : undefined,
        ),
      )
      .limit(1);
    if (!row) return null;
    return { id: row.id, make: row.make, model: row.model, yearFrom, yearTo, variant: subModel ? row.variant : null };
  }

  vehicle = (app: AcesApp): ResolvedVehicle | null => this.vehicles.get(AcesResolver.vehicleKey(app)) ?? null;
  part = (brand: string, partNumber: string) => this.parts.get(feedPartKey(brand, partNumber)) ?? null;
}

/**
 * An App as the row to stage, or why it is left out (the job's errors, by line). `seen` holds the first line of each
 * application (and action) in the file, hashed.
 */
export function acesStage(
  app: AcesApp,
  resolver: AcesResolver,
  submission: 'FULL' | 'UPDATE',
  seen: Map<string, number>,
): { staged: AcesStaged } | { error: string } {
  if (app.problems.length) return { error: app.problems.map((p) => p.message).join('; ') };
  if (app.action === 'D' && submission === 'FULL')
    return { error: 'A FULL feed replaces the brand’s applications: a delete (D) belongs in an UPDATE feed; left out' };
  const vehicle = resolver.vehicle(app);
  const part = resolver.part(app.brand, app.partNumber);
  const missing = [
    vehicle
      ? null
      : app.baseVehicleId
        ? `The shop has no vehicle with base vehicle id ${app.baseVehicleId} (give the vehicles their ids with the vehicle CSV's base_vehicle_id)`
        : `The shop has no vehicle ${acesVehicleLabel(app)}`,
    part ? null : `The shop has no part ${app.partNumber} of brand ${app.brand}`,
  ].filter(Boolean);
  if (missing.length) return { error: `${missing.join('; ')}: left out` };
  if (app.positionId && !app.position)
    return { error: `Position id ${app.positionId} has no name in the shop (the PCdb position table is not loaded): left out` };
  const notes = app.notes.join('; ');
  if (notes.length > FITMENT_NOTES_MAX) return { error: `The notes are ${notes.length} characters long; the shop keeps ${FITMENT_NOTES_MAX}: left out` };
  const staged: AcesStaged = {
    action: app.action,
    productId: part!.id,
    brand: part!.brand,
    make: vehicle!.make,
    model: vehicle!.model,
    yearFrom: vehicle!.yearFrom,
    yearTo: vehicle!.yearTo,
    variant: vehicle!.variant,
    position: app.position,
    perVehicle: app.qty,
    notes,
    sourceRef: app.id ?? '',
  };
  const key = `${app.action}${acesRowKey(staged)}`;
  const first = seen.get(key);
  if (first !== undefined) return { error: `The same application as line ${first}: left out` };
  seen.set(key, app.line);
  return { staged };
}

export interface AcesCounts {
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/**
 * Apply a chunk of staged rows, in file order, inside the commit's transaction. A adds its row, or brings the
 * quantity and App id of the same application up to date; D deletes the row of that application. The parts are
 * locked; a part deleted since the read leaves its rows out (`refused`). `kept` gathers the keys the feed adds, for
 * a FULL feed's final sweep.
 */
export async function applyAcesChunk(
  tx: Db,
  rows: { line: number; data: AcesStaged }[],
  counts: AcesCounts,
  kept: Set<string>,
  refused: CatalogImportError[],
): Promise<number> {
  const ids = [...new Set(rows.map((r) => r.data.productId))];
  if (!ids.length) return 0;
  const present = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for('update')).map((p) => p.id));
  const existing = new Map<string, (typeof productFitments.$inferSelect)[]>();
  const there = await tx
    .select()
    .from(productFitments)
    .where(and(eq(productFitments.source, ACES_SOURCE), inArray(productFitments.productId, ids)));
  for (const row of there) {
    const key = acesRowKey(row);
    existing.set(key, [...(existing.get(key) ?? []), row]);
  }
  let applied = 0;
  for (const { line, data } of rows) {
    if (!present.has(data.productId)) {
      refused.push({ line, message: 'The part was deleted from the shop after the file was read: left out' });
      continue;
    }
    applied++;
    const key = acesRowKey(data);
    const rowsOfKey = existing.get(key) ?? [];
    if (data.action === 'D') {
      kept.delete(key);
      if (!rowsOfKey.length) {
        counts.unchanged++;
        continue;
      }
      await tx.delete(productFitments).where(
        inArray(
          productFitments.id,
          rowsOfKey.map((r) => r.id),
        ),
      );
      counts.deleted += rowsOfKey.length;
      existing.delete(key);
      continue;
    }
    kept.add(key);
    const current = rowsOfKey[0];
    if (!current) {
      const [inserted] = await tx
        .insert(productFitments)
        .values(fitmentRow(data.productId, { ...data, source: ACES_SOURCE }))
        .returning();
      existing.set(key, [inserted]);
      counts.created++;
    } else if (current.perVehicle !== data.perVehicle || current.sourceRef !== data.sourceRef) {
      await tx.update(productFitments).set({ perVehicle: data.perVehicle, sourceRef: data.sourceRef }).where(eq(productFitments.id, current.id));
      current.perVehicle = data.perVehicle;
      current.sourceRef = data.sourceRef;
      counts.updated++;
    } else counts.unchanged++;
  }
  return applied;
}

/**
 * A FULL feed's last step: the ACES rows of its brands' parts that the feed does not name are deleted. Fitment
 * entered by hand (another `source`) and other brands' rows stay.
 */
export async function sweepAcesFull(tx: Db, brands: ReadonlySet<string>, kept: ReadonlySet<string>): Promise<number> {
  if (!brands.size) return 0;
  const rows = await tx
    .select({
      id: productFitments.id,
      productId: productFitments.productId,
      make: productFitments.make,
      model: productFitments.model,
      yearFrom: productFitments.yearFrom,
      yearTo: productFitments.yearTo,
      variant: productFitments.variant,
      position: productFitments.position,
      notes: productFitments.notes,
    })
    .from(productFitments)
    .innerJoin(products, eq(products.id, productFitments.productId))
    .where(and(eq(productFitments.source, ACES_SOURCE), inArray(sql`lower(trim(${products.brand}))`, [...brands])))
    .for('update');
  const gone = rows.filter((r) => !kept.has(acesRowKey(r))).map((r) => r.id);
  for (let i = 0; i < gone.length; i += 1000) await tx.delete(productFitments).where(inArray(productFitments.id, gone.slice(i, i + 1000)));
  return gone.length;
}
