import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { feedPartKey, FITMENT_NOTES_MAX, skuKey, type AcesApp, type CatalogImportError } from '@shop/shared';
import type { Db } from '../../db/client';
import { importJobRows, productFitments, products, vehicles } from '../../db/schema';
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

type FitmentRow = typeof productFitments.$inferSelect;

/** The fields an application keeps whatever its years: one group's model years are merged into spans (decision 214). */
const groupKey = (r: Omit<FitmentKeyFields, 'yearFrom' | 'yearTo'>) => acesRowKey({ ...r, yearFrom: 0, yearTo: 0 });

/** A model year of a group as the feed gives it: the quantity per vehicle and the App id. */
interface YearEntry {
  perVehicle: number | null;
  sourceRef: string;
}

/** One row to write: a span of consecutive model years with one quantity (the App id of its first year). */
interface Span extends YearEntry {
  yearFrom: number;
  yearTo: number;
}

/** Consecutive model years with the same quantity per vehicle as one span each, oldest first. */
export function yearSpans(years: ReadonlyMap<number, YearEntry>): Span[] {
  const spans: Span[] = [];
  for (const year of [...years.keys()].sort((a, b) => a - b)) {
    const entry = years.get(year)!;
    const last = spans[spans.length - 1];
    if (last && last.yearTo === year - 1 && last.perVehicle === entry.perVehicle) last.yearTo = year;
    else spans.push({ yearFrom: year, yearTo: year, ...entry });
  }
  return spans;
}

/**
 * Apply the staged rows of some parts, all of each part's rows at once (in file order), inside the commit's
 * transaction (decision 214). The Apps of one part, vehicle, variant, position and notes are a group; its model
 * years (a span read year by year) with their quantity are merged into spans of consecutive years with the same
 * quantity. FULL: a part's groups become exactly the feed's (a group of the part the feed does not name is
 * deleted). UPDATE: a group the feed names starts from the shop's rows, A sets its years (with the quantity), D
 * takes them away, so a D of one year splits a span. Rows are then matched to spans: the same span is unchanged or
 * updated (quantity, App id); a span that moved updates a row of the group; the rest are created or deleted.
 * The parts are locked; a part deleted since the read leaves its rows out (`refused`).
 */
export async function applyAcesParts(
  tx: Db,
  rows: readonly { line: number; data: AcesStaged }[],
  full: boolean,
  counts: AcesCounts,
  refused: CatalogImportError[],
): Promise<number> {
  const ids = [...new Set(rows.map((r) => r.data.productId))];
  if (!ids.length) return 0;
  const present = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for('update')).map((p) => p.id));
  const existing = new Map<string, FitmentRow[]>();
  const there = await tx
    .select()
    .from(productFitments)
    .where(and(eq(productFitments.source, ACES_SOURCE), inArray(productFitments.productId, ids)))
    .orderBy(asc(productFitments.yearFrom), asc(productFitments.id));
  for (const row of there) {
    const key = groupKey(row);
    existing.set(key, [...(existing.get(key) ?? []), row]);
  }

  const groups = new Map<string, { sample: AcesStaged; ops: AcesStaged[] }>();
  let applied = 0;
  for (const { line, data } of [...rows].sort((a, b) => a.line - b.line)) {
    if (!present.has(data.productId)) {
      refused.push({ line, message: 'The part was deleted from the shop after the file was read: left out' });
      continue;
    }
    applied++;
    const key = groupKey(data);
    const group = groups.get(key);
    if (group) group.ops.push(data);
    else groups.set(key, { sample: data, ops: [data] });
  }
  // FULL: a present part's groups the feed does not name have no years left.
  if (full)
    for (const [key, old] of existing)
      if (present.has(old[0].productId) && !groups.has(key)) {
        const { productId, make, model, variant, position, notes } = old[0];
        groups.set(key, {
          sample: { action: 'A', productId, brand: '', make, model, variant, position, notes, yearFrom: 0, yearTo: 0, perVehicle: null, sourceRef: '' },
          ops: [],
        });
      }

  const inserts: ReturnType<typeof fitmentRow>[] = [];
  const deletes: string[] = [];
  for (const [key, { sample, ops }] of groups) {
    const rowsOfGroup = existing.get(key) ?? [];
    const years = new Map<number, YearEntry>();
    if (!full)
      for (const r of rowsOfGroup)
        for (let y = r.yearFrom; y <= r.yearTo; y++) if (!years.has(y)) years.set(y, { perVehicle: r.perVehicle, sourceRef: r.sourceRef });
    for (const op of ops)
      for (let y = op.yearFrom; y <= op.yearTo; y++) {
        if (op.action === 'D') years.delete(y);
        // A FULL feed's first App for a year holds; an UPDATE's A sets the year as the feed now gives it.
        else if (!full || !years.has(y)) years.set(y, { perVehicle: op.perVehicle, sourceRef: op.sourceRef });
      }
    const spans = yearSpans(years);
    const unmatched = new Map(rowsOfGroup.map((r) => [`${r.yearFrom}-${r.yearTo}`, r]));
    const moved: Span[] = [];
    for (const span of spans) {
      const row = unmatched.get(`${span.yearFrom}-${span.yearTo}`);
      if (!row) {
        moved.push(span);
        continue;
      }
      unmatched.delete(`${span.yearFrom}-${span.yearTo}`);
      if (row.perVehicle === span.perVehicle && row.sourceRef === span.sourceRef) counts.unchanged++;
      else {
        await tx.update(productFitments).set({ perVehicle: span.perVehicle, sourceRef: span.sourceRef }).where(eq(productFitments.id, row.id));
        counts.updated++;
      }
    }
    const spare = [...unmatched.values()];
    for (const span of moved) {
      const row = spare.shift();
      if (row) {
        await tx.update(productFitments).set(span).where(eq(productFitments.id, row.id));
        counts.updated++;
      } else {
        inserts.push(fitmentRow(sample.productId, { ...sample, ...span, source: ACES_SOURCE }));
        counts.created++;
      }
    }
    deletes.push(...spare.map((r) => r.id));
    counts.deleted += spare.length;
  }
  // One JSON array per 2,000 rows, split by the database: no per-value work in the query builder.
  for (let i = 0; i < inserts.length; i += 2000)
    await tx.execute(
      sql`insert into ${productFitments} (product_id, make, model, year_from, year_to, variant, position, per_vehicle, notes, source, source_ref)
          select "productId", make, model, "yearFrom", "yearTo", variant, position, "perVehicle", notes, source, "sourceRef"
          from jsonb_to_recordset(${JSON.stringify(inserts.slice(i, i + 2000))}::jsonb) as x("productId" uuid, make text, model text,
            "yearFrom" int, "yearTo" int, variant text, position text, "perVehicle" int, notes text, source text, "sourceRef" text)`,
    );
  for (let i = 0; i < deletes.length; i += 2000) await tx.delete(productFitments).where(inArray(productFitments.id, deletes.slice(i, i + 2000)));
  return applied;
}

/**
 * A FULL feed's last step: the ACES rows of its brands' parts that the feed names nowhere (no staged row of the job)
 * are deleted. Fitment entered by hand (another `source`) and other brands' rows stay. A feed none of whose
 * applications the shop could take has no brands here, and deletes nothing.
 */
export async function sweepAcesFull(tx: Db, jobId: string, brands: ReadonlySet<string>): Promise<number> {
  if (!brands.size) return 0;
  const gone = await tx
    .delete(productFitments)
    .where(
      and(
        eq(productFitments.source, ACES_SOURCE),
        inArray(
          productFitments.productId,
          tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(sql`lower(trim(${products.brand}))`, [...brands])),
        ),
        sql`not exists (select 1 from ${importJobRows} where ${importJobRows.jobId} = ${jobId} and ${importJobRows.skuKey} = ${productFitments.productId}::text)`,
      ),
    )
    .returning({ id: productFitments.id });
  return gone.length;
}
