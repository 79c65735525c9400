import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  JOB_SLOT_ALTERNATIVES_MAX,
  basketQuantity,
  nameHasWords,
  type AdminJobTemplate,
  type Basket,
  type BasketPart,
  type BasketSlot,
  type BasketSummary,
  type CreateJobTemplate,
  type Fitment,
  type JobQuantityRule,
  type JobSlot,
  type ProductCategory,
  type UpdateJobTemplate,
  type VehicleBaskets,
  vehicleSlug,
} from '@shop/shared';
import { jobBasketsCopy } from '@shop/shared/copy/job-baskets';
import { lineFits } from '@shop/shared/fitment';
import type { Db } from '../../db/client';
import { jobTemplateSlots, jobTemplates, productFitments, products, vehicles } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { guideMatches, toDiagramVehicle, vehicleBySlug, type BikeGuide } from '../diagrams/diagrams.service';
import { fitmentsByProduct, toProductDto, type CatalogOptions, type ProductRow } from '../products/products.service';

/**
 * Issue #36 item 3 (decision 199): job baskets. A job template lists slots (a category, words the part's name holds,
 * a position, a quantity rule); for one bike each slot is filled when the page is read with the cheapest part per
 * piece that fits the bike and is in stock, so a part added or restocked later is offered at once.
 */

type VehicleRow = typeof vehicles.$inferSelect;
type TemplateRow = typeof jobTemplates.$inferSelect;
type SlotRow = typeof jobTemplateSlots.$inferSelect;
export interface JobBasketActor {
  id: string;
  email: string;
}

const basketNotFound = () => new NotFoundError('No such job for that vehicle.', 'BASKET_NOT_FOUND');
const templateNotFound = () => new NotFoundError('No job template with that id.', 'JOB_TEMPLATE_NOT_FOUND');

const toSlot = (s: SlotRow): JobSlot => ({
  name: s.name,
  category: s.category as ProductCategory,
  nameWords: s.nameWords,
  position: s.position,
  quantityRule: s.quantityRule as JobQuantityRule,
  quantity: s.quantity,
});

/** Does a line's position cover the slot's ("front" is covered by "front" and "front left")? */
const positionCovers = (line: string | null | undefined, wanted: string) => {
  const words = new Set((line ?? '').split(' ').filter(Boolean));
  return wanted.split(' ').every((w) => words.has(w));
};

interface Candidate {
  row: ProductRow;
  fitment: Fitment[];
}

/** The parts of these categories that fit the vehicle (universal ones too), with their fitment lines. */
async function fittingParts(db: Db, v: VehicleRow, categories: string[]): Promise<Candidate[]> {
  if (categories.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        inArray(products.category, [...new Set(categories)]),
        or(
          eq(products.universal, true),
          sql`exists (select 1 from ${productFitments} f where f.product_id = ${products.id} and f.make = ${v.make} and f.model = ${v.model} and ${v.year}::int between f.year_from and f.year_to and (f.variant is null or f.variant = ${v.variant}))`,
        ),
      ),
    );
  const fitments = await fitmentsByProduct(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, fitment: fitments.get(row.id) ?? [] }));
}

const inStock = (p: ProductRow) => p.stock >= p.minOrder;

/** One slot for one bike: its fitting parts, in stock first, then by price per piece, name and id (stable). */
function fillSlot(slot: SlotRow, v: VehicleRow, candidates: Candidate[], opts: CatalogOptions): BasketSlot {
  const parts: { c: Candidate; line: Fitment | null }[] = [];
  for (const c of candidates) {
    if (c.row.category !== slot.category || !nameHasWords(c.row.name, slot.nameWords)) continue;
    const lines = c.fitment.filter((f) => lineFits(f, v) && (!slot.position || positionCovers(f.position, slot.position)));
    if (c.row.universal) parts.push({ c, line: lines[0] ?? null });
    else if (lines.length > 0) parts.push({ c, line: lines[0] });
  }
  parts.sort(
    (a, b) =>
      Number(inStock(b.c.row)) - Number(inStock(a.c.row)) ||
      a.c.row.unitPriceCents / a.c.row.minOrder - b.c.row.unitPriceCents / b.c.row.minOrder ||
      a.c.row.name.localeCompare(b.c.row.name, 'en') ||
      a.c.row.id.localeCompare(b.c.row.id),
  );
  const toPart = ({ c, line }: (typeof parts)[number]): BasketPart => ({
    product: toProductDto(c.row, opts, c.fitment),
    quantity: basketQuantity(slot.quantityRule as JobQuantityRule, slot.quantity, line?.perVehicle, c.row.minOrder),
    perVehicle: line?.perVehicle ?? null,
    position: line?.position ?? null,
  });
  const chosen = parts[0] && inStock(parts[0].c.row) ? parts[0] : null;
  const rest = chosen ? parts.slice(1) : parts;
  return {
    ...toSlot(slot),
    chosen: chosen ? toPart(chosen) : null,
    alternatives: rest.slice(0, JOB_SLOT_ALTERNATIVES_MAX).map(toPart),
    unavailable: chosen ? null : parts.length === 0 ? jobBasketsCopy.noPart(slot.name) : jobBasketsCopy.noneInStock(slot.name),
  };
}

async function slotsOf(db: Pick<Db, 'select'>, templateIds: string[]): Promise<Map<string, SlotRow[]>> {
  const out = new Map<string, SlotRow[]>();
  if (templateIds.length === 0) return out;
  const rows = await db
    .select()
    .from(jobTemplateSlots)
    .where(inArray(jobTemplateSlots.templateId, templateIds))
    .orderBy(asc(jobTemplateSlots.sort), asc(jobTemplateSlots.id));
  for (const r of rows) out.set(r.templateId, [...(out.get(r.templateId) ?? []), r]);
  return out;
}

/** GET /baskets/{vehicle}/{template}: every slot of the job filled for the bike. */
export async function getBasket(db: Db, vehicle: string, template: string, opts: CatalogOptions): Promise<Basket> {
  const v = await vehicleBySlug(db, vehicle);
  if (!v) throw basketNotFound();
  const [tpl] = await db.select().from(jobTemplates).where(eq(jobTemplates.slug, template));
  if (!tpl) throw basketNotFound();
  const slots = (await slotsOf(db, [tpl.id])).get(tpl.id) ?? [];
  const candidates = await fittingParts(
    db,
    v,
    slots.map((s) => s.category),
  );
  return {
    _id: tpl.id,
    slug: tpl.slug,
    name: tpl.name,
    description: tpl.description,
    vehicle: toDiagramVehicle(v),
    slots: slots.map((s) => fillSlot(s, v, candidates, opts)),
  };
}

/** GET /baskets/{vehicle}: every job, A to Z, each with how many of its slots the bike's parts in stock fill. */
export async function listVehicleBaskets(db: Db, vehicle: string, opts: CatalogOptions): Promise<VehicleBaskets> {
  const v = await vehicleBySlug(db, vehicle);
  if (!v) throw new NotFoundError('No vehicle with that address.', 'VEHICLE_NOT_FOUND');
  const templates = await db.select().from(jobTemplates).orderBy(asc(jobTemplates.name), asc(jobTemplates.id));
  const slots = await slotsOf(
    db,
    templates.map((t) => t.id),
  );
  const candidates = await fittingParts(
    db,
    v,
    [...slots.values()].flat().map((s) => s.category),
  );
  const summaries: BasketSummary[] = templates.map((t) => {
    const own = slots.get(t.id) ?? [];
    return {
      _id: t.id,
      slug: t.slug,
      name: t.name,
      description: t.description,
      slotCount: own.length,
      filledCount: own.filter((s) => fillSlot(s, v, candidates, opts).chosen !== null).length,
    };
  });
  return { vehicle: toDiagramVehicle(v), templates: summaries };
}

// ── Admin ──

const toAdmin = (t: TemplateRow, slots: SlotRow[]): AdminJobTemplate => ({
  _id: t.id,
  slug: t.slug,
  name: t.name,
  description: t.description,
  slots: slots.map(toSlot),
  updatedAt: t.updatedAt.toISOString(),
});

/** GET /admin/job-templates: every job with its slots, A to Z. */
export async function listJobTemplatesAdmin(db: Db): Promise<AdminJobTemplate[]> {
  const rows = await db.select().from(jobTemplates).orderBy(asc(jobTemplates.name), asc(jobTemplates.id));
  const slots = await slotsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAdmin(r, slots.get(r.id) ?? []));
}

async function templateById(db: Db, id: string): Promise<TemplateRow> {
  if (!isUuid(id)) throw templateNotFound();
  const [t] = await db.select().from(jobTemplates).where(eq(jobTemplates.id, id));
  if (!t) throw templateNotFound();
  return t;
}

async function adminTemplate(db: Db, t: TemplateRow): Promise<AdminJobTemplate> {
  return toAdmin(t, (await slotsOf(db, [t.id])).get(t.id) ?? []);
}

const slotRows = (templateId: string, slots: CreateJobTemplate['slots']) =>
  slots.map((s, i) => ({
    templateId,
    sort: i + 1,
    name: s.name,
    category: s.category,
    nameWords: s.nameWords,
    position: s.position || null,
    quantityRule: s.quantityRule,
    quantity: s.quantity,
  }));

const auditView = (t: { name: string; slug: string; description: string }, slots: readonly { name: string }[]) => ({
  name: t.name,
  slug: t.slug,
  description: t.description,
  slots: slots.map((s) => s.name),
});

/** POST /admin/job-templates: a new job; an address word already used answers 409. */
export async function createJobTemplate(db: Db, input: CreateJobTemplate, actor: JobBasketActor): Promise<AdminJobTemplate> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-template:${input.slug}`}))`);
    const [taken] = await tx.select({ id: jobTemplates.id }).from(jobTemplates).where(eq(jobTemplates.slug, input.slug));
    if (taken) throw new ConflictError(`A job with the address word “${input.slug}” already exists.`, 'JOB_TEMPLATE_EXISTS');
    const [t] = await tx.insert(jobTemplates).values({ slug: input.slug, name: input.name, description: input.description }).returning();
    await tx.insert(jobTemplateSlots).values(slotRows(t.id, input.slots));
    await recordAudit(tx, {
      actor,
      action: 'job-template.create',
      entityType: 'job-template',
      entityId: t.id,
      before: null,
      after: auditView(t, input.slots),
    });
    return t;
  });
  return adminTemplate(db, row);
}

/** PUT /admin/job-templates/{id}: replaces the name, description and every slot, all or none. */
export async function updateJobTemplate(db: Db, id: string, input: UpdateJobTemplate, actor: JobBasketActor): Promise<AdminJobTemplate> {
  const before = await templateById(db, id);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobTemplates).where(eq(jobTemplates.id, before.id)).for('update');
    if (!locked) throw templateNotFound();
    const oldSlots = (await slotsOf(tx, [locked.id])).get(locked.id) ?? [];
    const [t] = await tx
      .update(jobTemplates)
      .set({ name: input.name, description: input.description, updatedAt: new Date() })
      .where(eq(jobTemplates.id, locked.id))
      .returning();
    await tx.delete(jobTemplateSlots).where(eq(jobTemplateSlots.templateId, t.id));
    await tx.insert(jobTemplateSlots).values(slotRows(t.id, input.slots));
    await recordAudit(tx, {
      actor,
      action: 'job-template.update',
      entityType: 'job-template',
      entityId: t.id,
      before: auditView(locked, oldSlots),
      after: auditView(t, input.slots),
    });
    return t;
  });
  return adminTemplate(db, row);
}

/** DELETE /admin/job-templates/{id}: the job and its slots. */
export async function deleteJobTemplate(db: Db, id: string, actor: JobBasketActor): Promise<void> {
  const t = await templateById(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(jobTemplates).where(eq(jobTemplates.id, t.id));
    await recordAudit(tx, {
      actor,
      action: 'job-template.delete',
      entityType: 'job-template',
      entityId: t.id,
      before: { name: t.name, slug: t.slug },
      after: null,
    });
  });
}

// ── Search and sitemap ──

/** A part is made for the vehicle: a fitment line of its own names it (universal parts fit every vehicle). */
const madeFor = sql`exists (select 1 from ${productFitments} f where f.make = ${vehicles.make} and f.model = ${vehicles.model} and ${vehicles.year} between f.year_from and f.year_to and (f.variant is null or f.variant = ${vehicles.variant}))`;

/**
 * Issue #36 item 4 (decision 199, amended): the jobs of a bike named in a search ("mt07 oil service"), whose name or
 * description holds the other words and for a slot of which we sell a part made for the bike (not a universal one), in
 * stock or not: the page says what is out of stock, and a job does not vanish from search while a part is sold out. The bike is the
 * vehicle chosen, or the named model in the year named, else the newest year a part is made for (the base model before a
 * variant).
 */
export async function basketsForBike(
  db: Db,
  bike: { make: string; model: string; year: number | null; vehicleId?: string },
  words: string,
  opts: CatalogOptions = { lowStockFactor: 3 },
  limit = 3,
): Promise<BikeGuide[]> {
  const templates = (await db.select().from(jobTemplates).orderBy(asc(jobTemplates.name), asc(jobTemplates.id))).filter((t) =>
    guideMatches(words, `${t.name} ${t.description}`),
  );
  if (templates.length === 0) return [];
  const [v] = await db
    .select()
    .from(vehicles)
    .where(
      bike.vehicleId
        ? eq(vehicles.id, bike.vehicleId)
        : and(eq(vehicles.make, bike.make), eq(vehicles.model, bike.model), bike.year === null ? madeFor : eq(vehicles.year, bike.year)),
    )
    .orderBy(desc(vehicles.year), sql`${vehicles.variant} nulls first`)
    .limit(1);
  if (!v) return [];
  const slots = await slotsOf(
    db,
    templates.map((t) => t.id),
  );
  const candidates = await fittingParts(
    db,
    v,
    [...slots.values()].flat().map((s) => s.category),
  );
  const slug = vehicleSlug(v);
  const label = `${v.year} ${v.make} ${v.model}${v.variant ? ` ${v.variant}` : ''}`;
  return templates
    .filter((t) =>
      (slots.get(t.id) ?? []).some((s) => {
        const slot = fillSlot(s, v, candidates, opts);
        return [...(slot.chosen ? [slot.chosen] : []), ...slot.alternatives].some((p) => !p.product.universal);
      }),
    )
    .slice(0, limit)
    .map((t) => ({ kind: 'basket' as const, name: t.name, vehicle: label, path: `/baskets/${slug}/${t.slug}` }));
}

/**
 * The sitemap's job pages: each job for each vehicle that a part fits by its own fitment line (not only universal
 * parts), so a crawler is not sent to thousands of empty baskets. `vehicleSlugs` is `fittedVehicleSlugs`, which the
 * caller may cache with the catalogue; the jobs are read each time (they have no change notice).
 */
export async function basketPaths(db: Db, vehicleSlugs: string[]): Promise<string[]> {
  if (vehicleSlugs.length === 0) return [];
  const templates = await db.select({ slug: jobTemplates.slug }).from(jobTemplates).orderBy(asc(jobTemplates.slug));
  return vehicleSlugs.flatMap((v) => templates.map((t) => `/baskets/${v}/${t.slug}`));
}

/** The address words of the vehicles a part fits by its own fitment line, make, model, year and variant in order. */
export async function fittedVehicleSlugs(db: Db): Promise<string[]> {
  const rows = await db.select().from(vehicles).where(madeFor).orderBy(asc(vehicles.make), asc(vehicles.model), asc(vehicles.year), asc(vehicles.variant));
  return rows.map(vehicleSlug);
}
