import { and, asc, between, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  DIAGRAM_CALLOUTS_MAX,
  DIAGRAM_CSV_COLUMNS,
  DIAGRAM_CSV_REQUIRED,
  diagramCalloutRowSchema,
  vehicleSlug,
  type AdminDiagram,
  type CreateDiagramInput,
  type Diagram,
  type DiagramCallout,
  type DiagramSummary,
  type DiagramVehicle,
  type HotspotInput,
  type PartDiagram,
  type VehicleDiagrams,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { assemblies, assemblyCallouts, assemblyVehicles, products, vehicles } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { fitmentsByProduct, toProductDto, type CatalogOptions, type ProductRow } from '../products/products.service';

/**
 * Issue #36 item 1 (decision 197): OEM-style parts diagrams. An assembly is a drawing with numbered callouts that
 * applies to one or more vehicles. A callout names a part number; the part sold for it is found when the page is
 * read (its own number first, then a part that lists the number as one it replaces, supersedes or equals), so a part
 * added or renumbered later is sold from the drawing at once.
 */

type VehicleRow = typeof vehicles.$inferSelect;
type AssemblyRow = typeof assemblies.$inferSelect;
type CalloutRow = typeof assemblyCallouts.$inferSelect;
export interface DiagramActor {
  id: string;
  email: string;
}

const diagramNotFound = () => new NotFoundError('No such diagram for that vehicle.', 'DIAGRAM_NOT_FOUND');

export const toDiagramVehicle = (v: VehicleRow): DiagramVehicle => ({
  _id: v.id,
  make: v.make,
  model: v.model,
  year: v.year,
  variant: v.variant,
  slug: vehicleSlug(v),
});

/** A vehicle by its address word ("2019-yamaha-mt-07"): the year leads, so only that year's vehicles are compared. */
export async function vehicleBySlug(db: Db, slug: string): Promise<VehicleRow | null> {
  const year = /^(\d{4})-/.exec(slug)?.[1];
  if (!year) return null;
  const rows = await db
    .select()
    .from(vehicles)
    .where(eq(vehicles.year, Number(year)));
  return rows.find((v) => vehicleSlug(v) === slug) ?? null;
}

async function summaries(db: Db, where: ReturnType<typeof eq>): Promise<DiagramSummary[]> {
  const rows = await db
    .select({ a: assemblies, n: sql<number>`(select count(*)::int from ${assemblyCallouts} where ${assemblyCallouts.assemblyId} = ${assemblies.id})` })
    .from(assemblies)
    .innerJoin(assemblyVehicles, eq(assemblyVehicles.assemblyId, assemblies.id))
    .where(where)
    .orderBy(asc(assemblies.name), asc(assemblies.id));
  return rows.map(({ a, n }) => toSummary(a, Number(n)));
}

const toSummary = (a: AssemblyRow, calloutCount: number): DiagramSummary => ({
  _id: a.id,
  slug: a.slug,
  name: a.name,
  description: a.description,
  imageUrl: a.imageUrl,
  calloutCount,
});

/**
 * The part sold for each number, by skuKey: a part whose own number it is first; else a part that lists it among
 * its other numbers, preferring one in stock, then the lowest price per unit, then the name (stable).
 */
async function partsForKeys(db: Db, keys: string[]): Promise<Map<string, { product: ProductRow; own: boolean }>> {
  const out = new Map<string, { product: ProductRow; own: boolean }>();
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return out;
  const keyArray = sql`array[${sql.join(
    unique.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;
  const rows = await db
    .select()
    .from(products)
    .where(sql`${products.skuKey} = any(${keyArray}) or ${products.partNumberKeys} && ${keyArray}`);
  const rank = (p: ProductRow) => [p.stock >= p.minOrder ? 0 : 1, p.unitPriceCents / p.minOrder, p.name] as const;
  const better = (a: ProductRow, b: ProductRow) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] !== rb[0] ? ra[0] < rb[0] : ra[1] !== rb[1] ? ra[1] < rb[1] : ra[2].localeCompare(rb[2], 'en') < 0;
  };
  for (const key of unique) {
    const own = rows.find((p) => p.skuKey === key);
    if (own) {
      out.set(key, { product: own, own: true });
      continue;
    }
    let best: ProductRow | null = null;
    for (const p of rows) if (p.partNumberKeys.includes(key) && (!best || better(p, best))) best = p;
    if (best) out.set(key, { product: best, own: false });
  }
  return out;
}

/** GET /diagrams/{vehicle}/{assembly}: the drawing, its callouts with the parts sold for them, and the bike's other diagrams. */
export async function getDiagram(db: Db, vehicle: string, assembly: string, opts: CatalogOptions): Promise<Diagram> {
  const v = await vehicleBySlug(db, vehicle);
  if (!v) throw diagramNotFound();
  const [a] = await db
    .select({ a: assemblies })
    .from(assemblies)
    .innerJoin(assemblyVehicles, eq(assemblyVehicles.assemblyId, assemblies.id))
    .where(and(eq(assemblyVehicles.vehicleId, v.id), eq(assemblies.slug, assembly)));
  if (!a) throw diagramNotFound();
  const [callouts, [{ n: vehicleCount }], siblings] = await Promise.all([
    db.select().from(assemblyCallouts).where(eq(assemblyCallouts.assemblyId, a.a.id)).orderBy(asc(assemblyCallouts.callout)),
    db.select({ n: count() }).from(assemblyVehicles).where(eq(assemblyVehicles.assemblyId, a.a.id)),
    summaries(db, and(eq(assemblyVehicles.vehicleId, v.id), ne(assemblies.id, a.a.id)) as ReturnType<typeof eq>),
  ]);
  const parts = await partsForKeys(
    db,
    callouts.map((c) => c.partKey),
  );
  const fitments = await fitmentsByProduct(db, [...new Set([...parts.values()].map((p) => p.product.id))]);
  const toCallout = (c: CalloutRow): DiagramCallout => {
    const found = parts.get(c.partKey);
    return {
      number: c.callout,
      partNumber: c.partNumber,
      label: c.label || found?.product.name || c.partNumber,
      quantity: c.quantity,
      notes: c.notes,
      x: c.x,
      y: c.y,
      w: c.w,
      h: c.h,
      product: found ? toProductDto(found.product, opts, fitments.get(found.product.id) ?? []) : null,
      replaces: found && !found.own ? c.partNumber : null,
    };
  };
  return {
    ...toSummary(a.a, callouts.length),
    imageWidth: a.a.imageWidth,
    imageHeight: a.a.imageHeight,
    vehicle: toDiagramVehicle(v),
    otherVehicleCount: Number(vehicleCount) - 1,
    callouts: callouts.map(toCallout),
    siblings,
  };
}

/** GET /diagrams/{vehicle}: the diagrams of one vehicle, A to Z. */
export async function listVehicleDiagrams(db: Db, vehicle: string): Promise<VehicleDiagrams> {
  const v = await vehicleBySlug(db, vehicle);
  if (!v) throw new NotFoundError('No vehicle with that address.', 'VEHICLE_NOT_FOUND');
  return { vehicle: toDiagramVehicle(v), diagrams: await summaries(db, eq(assemblyVehicles.vehicleId, v.id)) };
}

/** GET /product/{id}/diagrams: the diagrams that draw this part (by its own number or one it replaces), each once. */
export async function partDiagrams(db: Db, productId: string): Promise<PartDiagram[]> {
  if (!isUuid(productId)) return [];
  const [p] = await db.select({ skuKey: products.skuKey, keys: products.partNumberKeys }).from(products).where(eq(products.id, productId));
  if (!p) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  const keys = [p.skuKey, ...p.keys];
  const rows = await db
    .select({ a: assemblies, callout: assemblyCallouts.callout, partKey: assemblyCallouts.partKey })
    .from(assemblyCallouts)
    .innerJoin(assemblies, eq(assemblies.id, assemblyCallouts.assemblyId))
    .where(inArray(assemblyCallouts.partKey, keys))
    .orderBy(asc(assemblies.name), asc(assemblyCallouts.callout));
  if (rows.length === 0) return [];
  // A number another part carries as its own is that part's row, not this one's.
  const owners = await partsForKeys(
    db,
    rows.map((r) => r.partKey),
  );
  const mine = rows.filter((r) => owners.get(r.partKey)?.product.id === productId);
  const byAssembly = new Map<string, { a: AssemblyRow; callout: number }>();
  for (const r of mine) if (!byAssembly.has(r.a.id)) byAssembly.set(r.a.id, { a: r.a, callout: r.callout });
  if (byAssembly.size === 0) return [];
  const vs = await db
    .select({ assemblyId: assemblyVehicles.assemblyId, v: vehicles })
    .from(assemblyVehicles)
    .innerJoin(vehicles, eq(vehicles.id, assemblyVehicles.vehicleId))
    .where(inArray(assemblyVehicles.assemblyId, [...byAssembly.keys()]))
    .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.year), asc(vehicles.variant));
  return [...byAssembly.values()].map(({ a, callout }) => ({
    _id: a.id,
    slug: a.slug,
    name: a.name,
    callout,
    vehicles: vs.filter((r) => r.assemblyId === a.id).map((r) => toDiagramVehicle(r.v)),
  }));
}

// ── Admin ──

async function adminDiagram(db: Db, a: AssemblyRow): Promise<AdminDiagram> {
  const [vs, cs] = await Promise.all([
    db
      .select({ v: vehicles })
      .from(assemblyVehicles)
      .innerJoin(vehicles, eq(vehicles.id, assemblyVehicles.vehicleId))
      .where(eq(assemblyVehicles.assemblyId, a.id))
      .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.year), asc(vehicles.variant)),
    db.select().from(assemblyCallouts).where(eq(assemblyCallouts.assemblyId, a.id)).orderBy(asc(assemblyCallouts.callout)),
  ]);
  return {
    ...toSummary(a, cs.length),
    imageWidth: a.imageWidth,
    imageHeight: a.imageHeight,
    vehicles: vs.map((r) => toDiagramVehicle(r.v)),
    callouts: cs.map((c) => ({
      number: c.callout,
      partNumber: c.partNumber,
      label: c.label,
      quantity: c.quantity,
      notes: c.notes,
      x: c.x,
      y: c.y,
      w: c.w,
      h: c.h,
    })),
  };
}

/** GET /admin/diagrams: every diagram with its vehicles and callouts, A to Z. */
export async function listDiagramsAdmin(db: Db): Promise<AdminDiagram[]> {
  const rows = await db.select().from(assemblies).orderBy(asc(assemblies.name), asc(assemblies.id));
  return Promise.all(rows.map((a) => adminDiagram(db, a)));
}

async function assemblyById(db: Db, id: string): Promise<AssemblyRow> {
  if (!isUuid(id)) throw new NotFoundError('No diagram with that id.', 'DIAGRAM_NOT_FOUND');
  const [a] = await db.select().from(assemblies).where(eq(assemblies.id, id));
  if (!a) throw new NotFoundError('No diagram with that id.', 'DIAGRAM_NOT_FOUND');
  return a;
}

export async function getDiagramAdmin(db: Db, id: string): Promise<AdminDiagram> {
  return adminDiagram(db, await assemblyById(db, id));
}

/**
 * POST /admin/diagrams: a new diagram for every listed vehicle of a make and model over the years (every variant).
 * No vehicle listed for them answers 400; a vehicle that already has a diagram with that address word answers 409.
 */
export async function createDiagram(db: Db, input: CreateDiagramInput, actor: DiagramActor): Promise<AdminDiagram> {
  const row = await db.transaction(async (tx) => {
    const vs = await tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.make, input.make), eq(vehicles.model, input.model), between(vehicles.year, input.yearFrom, input.yearTo)));
    if (vs.length === 0) {
      throw new BadRequestError(`No ${input.make} ${input.model} is listed for ${input.yearFrom}–${input.yearTo}: add the vehicles first.`, 'NO_VEHICLES');
    }
    // One writer at a time per address word, so two admins cannot both give one bike two "front-brake" pages.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assembly:${input.slug}`}))`);
    const [taken] = await tx
      .select({ id: assemblies.id })
      .from(assemblies)
      .innerJoin(assemblyVehicles, eq(assemblyVehicles.assemblyId, assemblies.id))
      .where(
        and(
          eq(assemblies.slug, input.slug),
          inArray(
            assemblyVehicles.vehicleId,
            vs.map((v) => v.id),
          ),
        ),
      )
      .limit(1);
    if (taken) throw new ConflictError(`A diagram with the address word “${input.slug}” already exists for one of these vehicles.`, 'DIAGRAM_EXISTS');
    const [a] = await tx
      .insert(assemblies)
      .values({
        slug: input.slug,
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        imageWidth: input.imageWidth,
        imageHeight: input.imageHeight,
      })
      .returning();
    await tx.insert(assemblyVehicles).values(vs.map((v) => ({ assemblyId: a.id, vehicleId: v.id })));
    await recordAudit(tx, {
      actor,
      action: 'diagram.create',
      entityType: 'diagram',
      entityId: a.id,
      before: null,
      after: { name: a.name, slug: a.slug, vehicles: vs.length },
    });
    return a;
  });
  return adminDiagram(db, row);
}

/** DELETE /admin/diagrams/{id}: the diagram, its callouts and its vehicle links. */
export async function deleteDiagram(db: Db, id: string, actor: DiagramActor): Promise<void> {
  const a = await assemblyById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(assemblies).where(eq(assemblies.id, a.id));
    await recordAudit(tx, { actor, action: 'diagram.delete', entityType: 'diagram', entityId: a.id, before: { name: a.name, slug: a.slug }, after: null });
  });
}

export class CalloutCsvError extends BadRequestError {
  constructor(public readonly problems: { line: number; message: string }[]) {
    super(
      `The file was not imported: ${problems.length} ${problems.length === 1 ? 'row has a problem' : 'rows have problems'}. ${problems
        .slice(0, 5)
        .map((p) => `Line ${p.line}: ${p.message}`)
        .join(' ')}`,
      'INVALID_CSV',
      { problems },
    );
  }
}

/**
 * PUT /admin/diagrams/{id}/callouts (text/csv): replaces every callout, all or none. Every bad row is listed by its
 * line; one callout number twice is a bad row too.
 */
export async function importCallouts(db: Db, id: string, csv: string, actor: DiagramActor): Promise<{ imported: number }> {
  const a = await assemblyById(db, id);
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
    });
  } catch (err) {
    throw new BadRequestError(`The file is not valid CSV: ${err instanceof Error ? err.message : String(err)}`, 'INVALID_CSV');
  }
  const header = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((c) => c.trim().toLowerCase());
  const missing = DIAGRAM_CSV_REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length)
    throw new BadRequestError(`The header must name the columns ${DIAGRAM_CSV_COLUMNS.join(',')}; missing: ${missing.join(', ')}.`, 'INVALID_CSV');
  if (records.length === 0) throw new BadRequestError('The file has no callout rows.', 'INVALID_CSV');
  if (records.length > DIAGRAM_CALLOUTS_MAX) throw new BadRequestError(`At most ${DIAGRAM_CALLOUTS_MAX} callouts per diagram.`, 'INVALID_CSV');
  const problems: { line: number; message: string }[] = [];
  const rows: (typeof assemblyCallouts.$inferInsert)[] = [];
  const seen = new Set<number>();
  records.forEach((r, i) => {
    const line = i + 2;
    const parsed = diagramCalloutRowSchema.safeParse(r);
    if (!parsed.success) {
      problems.push({ line, message: parsed.error.issues.map((e) => e.message).join('; ') });
      return;
    }
    const c = parsed.data;
    if (seen.has(c.number)) {
      problems.push({ line, message: `callout ${c.number} is listed twice` });
      return;
    }
    seen.add(c.number);
    rows.push({
      assemblyId: a.id,
      callout: c.number,
      partNumber: c.part_number,
      label: c.label,
      quantity: c.quantity,
      notes: c.notes,
      x: c.x,
      y: c.y,
      w: c.w,
      h: c.h,
    });
  });
  if (problems.length) throw new CalloutCsvError(problems);
  await db.transaction(async (tx) => {
    await tx.select({ id: assemblies.id }).from(assemblies).where(eq(assemblies.id, a.id)).for('update');
    await tx.delete(assemblyCallouts).where(eq(assemblyCallouts.assemblyId, a.id));
    await tx.insert(assemblyCallouts).values(rows);
    await tx.update(assemblies).set({ updatedAt: new Date() }).where(eq(assemblies.id, a.id));
    await recordAudit(tx, { actor, action: 'diagram.callouts', entityType: 'diagram', entityId: a.id, before: null, after: { callouts: rows.length } });
  });
  return { imported: rows.length };
}

/** GET /admin/diagrams/{id}/callouts.csv: the callouts as the import reads them. */
export async function exportCallouts(db: Db, id: string): Promise<{ filename: string; csv: string }> {
  const a = await assemblyById(db, id);
  const cs = await db.select().from(assemblyCallouts).where(eq(assemblyCallouts.assemblyId, a.id)).orderBy(asc(assemblyCallouts.callout));
  const csv = stringify(
    cs.map((c) => [c.callout, c.partNumber, c.label, c.quantity, c.notes, c.x, c.y, c.w, c.h]),
    { header: true, columns: [...DIAGRAM_CSV_COLUMNS] },
  );
  return { filename: `${a.slug}-callouts.csv`, csv };
}

/** PATCH /admin/diagrams/{id}/callouts/{number}: moves one hotspot (placed by clicking the drawing). */
export async function placeHotspot(db: Db, id: string, number: number, box: HotspotInput, actor: DiagramActor): Promise<AdminDiagram> {
  const a = await assemblyById(db, id);
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(assemblyCallouts)
      .set({ x: box.x, y: box.y, w: box.w, h: box.h })
      .where(and(eq(assemblyCallouts.assemblyId, a.id), eq(assemblyCallouts.callout, number)))
      .returning({ id: assemblyCallouts.id });
    if (!moved) throw new NotFoundError(`This diagram has no callout ${number}.`, 'CALLOUT_NOT_FOUND');
    await recordAudit(tx, { actor, action: 'diagram.hotspot', entityType: 'diagram', entityId: a.id, before: null, after: { callout: number, ...box } });
  });
  return adminDiagram(db, a);
}

/** A diagram or job basket a search offers for the bike it named (issue #36 item 4). */
export interface BikeGuide {
  kind: 'diagram' | 'basket';
  name: string;
  vehicle: string;
  path: string;
}

/** Lower-case words of three letters or more, accents dropped: what a guide's name is matched on. */
const guideWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3);

/** Every word of `query` starts a word of `text` (its first five letters do, so "brakes" finds "brake"). */
export function guideMatches(query: string, text: string): boolean {
  const wanted = guideWords(query);
  const have = guideWords(text);
  return wanted.every((w) => have.some((h) => h.startsWith(w.slice(0, 5)) || w.startsWith(h)));
}

/**
 * Issue #36 item 4 (decision 197): the diagrams of a bike named in a search ("mt07 brake"), for the year named (any
 * variant, the base model first) or else the newest year a diagram applies to, whose name or description holds the
 * other words. At most `limit`, A to Z.
 */
export async function diagramsForBike(
  db: Db,
  bike: { make: string; model: string; year: number | null; vehicleId?: string },
  words: string,
  limit = 5,
): Promise<BikeGuide[]> {
  const rows = await db
    .select({ a: assemblies, v: vehicles })
    .from(assemblies)
    .innerJoin(assemblyVehicles, eq(assemblyVehicles.assemblyId, assemblies.id))
    .innerJoin(vehicles, eq(vehicles.id, assemblyVehicles.vehicleId))
    .where(
      bike.vehicleId
        ? eq(vehicles.id, bike.vehicleId)
        : and(eq(vehicles.make, bike.make), eq(vehicles.model, bike.model), bike.year === null ? undefined : eq(vehicles.year, bike.year)),
    )
    .orderBy(asc(assemblies.name), desc(vehicles.year), sql`${vehicles.variant} nulls first`);
  const out: BikeGuide[] = [];
  const seen = new Set<string>();
  for (const { a, v } of rows) {
    if (seen.has(a.id) || !guideMatches(words, `${a.name} ${a.description}`)) continue;
    seen.add(a.id);
    const vehicle = toDiagramVehicle(v);
    out.push({
      kind: 'diagram',
      name: a.name,
      vehicle: `${v.year} ${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''}`,
      path: `/diagrams/${vehicle.slug}/${a.slug}`,
    });
    if (out.length >= limit) break;
  }
  return out;
}

/** Every diagram page (the sitemap's): each diagram for each vehicle it applies to, and each such vehicle's list. */
export async function diagramPaths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: assemblies.slug, v: vehicles })
    .from(assemblies)
    .innerJoin(assemblyVehicles, eq(assemblyVehicles.assemblyId, assemblies.id))
    .innerJoin(vehicles, eq(vehicles.id, assemblyVehicles.vehicleId))
    .orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.year), asc(vehicles.variant), asc(assemblies.slug));
  const out: string[] = [];
  let last = '';
  for (const { slug, v } of rows) {
    const vehicle = vehicleSlug(v);
    if (vehicle !== last) out.push(`/diagrams/${vehicle}`);
    last = vehicle;
    out.push(`/diagrams/${vehicle}/${slug}`);
  }
  return out;
}
