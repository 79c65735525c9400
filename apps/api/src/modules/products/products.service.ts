import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_BRAND,
  DEFAULT_CATEGORY,
  fromCents,
  isLowStock,
  priceTiersProblem,
  skuKey,
  toCents,
  DEFAULT_WEIGHT_GRAMS,
  type CreateProductInput,
  type DimensionsMm,
  type Fitment,
  type PriceTier,
  type PriceTierCents,
  type Product,
  type ProductCategory,
  type StockAdjustInput,
  type UpdateProductInput,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { productFitments, products, vehicles } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { recordAudit } from '../audit/audit.service';
import { moveStock, type StockActor } from '../stock/stock.service';
import { kitComponentsByKit, kitsHolding } from '../kits/kits.service';

/**
 * A products row. `discontinuedAt` (decision 217) is optional here so that rows read another way (the search's
 * to_jsonb rows) need not carry it: a row without it reads as a part still made.
 */
export type ProductRow = Omit<typeof products.$inferSelect, 'discontinuedAt'> & { discontinuedAt?: Date | null };

/** What the product DTO needs from the configuration. */
export interface CatalogOptions {
  lowStockFactor: number;
}
const defaults: CatalogOptions = { lowStockFactor: 3 };

/** A product's fitment lines are read beside its row; a caller without them shows none. */
export function toProductDto(row: ProductRow, opts: CatalogOptions = defaults, fitment: Fitment[] = []): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    minOrder: row.minOrder,
    stock: row.stock,
    unitPrice: fromCents(row.unitPriceCents),
    sku: row.sku,
    brand: row.brand,
    category: row.category as ProductCategory,
    images: row.images.length > 0 ? row.images : [row.img],
    version: row.version,
    lowStock: isLowStock(row.stock, row.minOrder, opts.lowStockFactor),
    universal: row.universal,
    fitment,
    priceTiers: tiersToDto(row.priceTiers),
    weightGrams: row.weightGrams,
    dimensionsMm: dimensionsOf(row),
    oversize: row.oversize,
    taxCategory: row.taxCategory,
    partNumbers: row.partNumbers ?? [],
    // Decision 217: only on a discontinued part, so every other answer keeps its shape.
    ...(row.discontinuedAt ? { discontinuedAt: new Date(row.discontinuedAt).toISOString() } : {}),
  };
}

/** Issue #24: the packed size, when all three sides are known. */
export function dimensionsOf(row: Pick<ProductRow, 'lengthMm' | 'widthMm' | 'heightMm'>): DimensionsMm | null {
  return row.lengthMm != null && row.widthMm != null && row.heightMm != null ? { length: row.lengthMm, width: row.widthMm, height: row.heightMm } : null;
}

/** The three dimension columns of a DimensionsMm (null clears them all). */
export const dimensionColumns = (d: DimensionsMm | null) => ({ lengthMm: d?.length ?? null, widthMm: d?.width ?? null, heightMm: d?.height ?? null });

/** Stored tiers (cents) to the DTO's (dollars), sorted by minQuantity. */
export function tiersToDto(tiers: readonly PriceTierCents[] | null | undefined): PriceTier[] {
  return [...(tiers ?? [])].sort((a, b) => a.minQuantity - b.minQuantity).map((t) => ({ minQuantity: t.minQuantity, unitPrice: fromCents(t.unitPriceCents) }));
}

/** Tiers as stored: cents, sorted by minQuantity. */
export function tiersToCents(tiers: readonly PriceTier[]): PriceTierCents[] {
  return [...tiers].sort((a, b) => a.minQuantity - b.minQuantity).map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: toCents(t.unitPrice) }));
}

/** 400 when the tiers do not fit the product's minimum order (decision 131). */
export function assertPriceTiers(tiers: readonly PriceTier[], minOrder: number): void {
  const problem = priceTiersProblem(tiers, minOrder);
  if (problem) throw new BadRequestError(`${problem}.`, 'INVALID_PRICE_TIERS', { minOrder });
}

const fitmentOrder = [
  asc(productFitments.make),
  asc(productFitments.model),
  asc(productFitments.yearFrom),
  asc(productFitments.yearTo),
  asc(productFitments.variant),
  asc(productFitments.position),
  asc(productFitments.id),
] as const;

/** An application's fields as a stored row, an API line or a staged feed row has them (empty ones null or absent). */
export interface FitmentFields {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant?: string | null;
  position?: string | null;
  perVehicle?: number | null;
  notes?: string | null;
  source?: string | null;
  sourceRef?: string | null;
}

/** A stored line as the API answers it: the application's optional fields only where they are set (decision 192). */
function fitmentLine(row: FitmentFields): Fitment {
  const line: Fitment = { make: row.make.trim(), model: row.model.trim(), yearFrom: row.yearFrom, yearTo: row.yearTo };
  if (row.variant) line.variant = row.variant;
  if (row.position) line.position = row.position;
  if (row.perVehicle) line.perVehicle = row.perVehicle;
  if (row.notes) line.notes = row.notes;
  if (row.source) line.source = row.source;
  if (row.sourceRef) line.sourceRef = row.sourceRef;
  return line;
}

/**
 * The columns of a line to insert: every field of the application, empty ones at the table's defaults. The one
 * mapping of an application to a row, for the product form, the catalogue CSV and the ACES import.
 */
export const fitmentRow = (productId: string, f: FitmentFields) => ({
  productId,
  make: f.make,
  model: f.model,
  yearFrom: f.yearFrom,
  yearTo: f.yearTo,
  variant: f.variant ?? null,
  position: f.position ?? null,
  perVehicle: f.perVehicle ?? null,
  notes: f.notes ?? '',
  source: f.source ?? '',
  sourceRef: f.sourceRef ?? '',
});

/** The fitment lines of these products (all products when `ids` is omitted), by product id. */
export async function fitmentsByProduct(db: Db, ids?: readonly string[]): Promise<Map<string, Fitment[]>> {
  const out = new Map<string, Fitment[]>();
  if (ids && ids.length === 0) return out;
  const query = db
    .select({
      productId: productFitments.productId,
      make: productFitments.make,
      model: productFitments.model,
      yearFrom: productFitments.yearFrom,
      yearTo: productFitments.yearTo,
      variant: productFitments.variant,
      position: productFitments.position,
      perVehicle: productFitments.perVehicle,
      notes: productFitments.notes,
      source: productFitments.source,
      sourceRef: productFitments.sourceRef,
    })
    .from(productFitments);
  const rows = await (ids ? query.where(inArray(productFitments.productId, [...ids])) : query).orderBy(...fitmentOrder);
  for (const { productId, ...row } of rows) {
    const line = fitmentLine(row);
    const list = out.get(productId);
    if (list) list.push(line);
    else out.set(productId, [line]);
  }
  return out;
}

/** Rows to DTOs with their fitment, read in one query. */
export async function toProductDtos(db: Db, rows: readonly ProductRow[], opts?: CatalogOptions, all = false): Promise<Product[]> {
  const ids = all ? undefined : rows.map((r) => r.id);
  const fitments = await fitmentsByProduct(db, ids);
  const kits = await kitComponentsByKit(db, ids);
  return rows.map((r) => {
    const dto = toProductDto(r, opts, fitments.get(r.id) ?? []);
    // Issue #36 item 2 (decision 220): a kit shows its parts.
    const parts = kits.get(r.id);
    return parts ? { ...dto, kitComponents: parts } : dto;
  });
}

/** Replace a product's fitment lines (inside the caller's transaction). Duplicates are written once. */
export async function replaceFitment(db: Db, productId: string, lines: readonly Fitment[]): Promise<void> {
  await db.delete(productFitments).where(eq(productFitments.productId, productId));
  const unique = normalizeFitment(lines);
  if (unique.length) await db.insert(productFitments).values(unique.map((f) => fitmentRow(productId, f)));
}

/** Sorted like the DTO, without repeated lines: what is stored and compared. */
export function normalizeFitment(lines: readonly Fitment[]): Fitment[] {
  const seen = new Set<string>();
  return [...lines]
    .map(fitmentLine)
    .filter((f) => {
      // One application per vehicle span, variant and position: a front and a rear line are two applications.
      const key = [f.make, f.model, f.yearFrom, f.yearTo, f.variant ?? '', f.position ?? ''].join('\n');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(
      (a, b) =>
        a.make.localeCompare(b.make, 'en') ||
        a.model.localeCompare(b.model, 'en') ||
        a.yearFrom - b.yearFrom ||
        a.yearTo - b.yearTo ||
        (a.variant ?? '').localeCompare(b.variant ?? '', 'en') ||
        (a.position ?? '').localeCompare(b.position ?? '', 'en'),
    );
}

const sameFitment = (a: readonly Fitment[], b: readonly Fitment[]) => JSON.stringify(normalizeFitment(a)) === JSON.stringify(normalizeFitment(b));

const vehicleNotFound = () => new NotFoundError('No vehicle with that id.', 'VEHICLE_NOT_FOUND');

/**
 * GET /products?vehicle={id}: one page of the parts that fit the vehicle
 * (same make and model, its year within year_from..year_to, both included),
 * plus universal parts, in catalogue order.
 */
export async function pageProductsForVehicle(db: Db, vehicleId: string, page: number, limit: number, opts?: CatalogOptions) {
  if (!isUuid(vehicleId)) throw vehicleNotFound();
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  if (!vehicle) throw vehicleNotFound();
  const fits: SQL = or(
    eq(products.universal, true),
    sql`exists (select 1 from ${productFitments} f where f.product_id = ${products.id} and f.make = ${vehicle.make} and f.model = ${vehicle.model} and ${vehicle.year}::int between f.year_from and f.year_to and (f.variant is null or f.variant = ${vehicle.variant}))`,
  )!;
  const [{ total }] = await db.select({ total: count() }).from(products).where(fits);
  const pages = Math.max(1, Math.ceil(total / limit));
  const rows = await db
    .select()
    .from(products)
    .where(fits)
    .orderBy(...catalogueOrder)
    .limit(limit)
    .offset((page - 1) * limit);
  const items = await toProductDtos(db, rows, opts);
  return {
    items,
    total,
    page,
    limit,
    pages,
    vehicle: { _id: vehicle.id, make: vehicle.make, model: vehicle.model, year: vehicle.year, variant: vehicle.variant },
  };
}

/** Oldest first, so the catalogue order is stable and new products appear at the end. */
const catalogueOrder = [asc(products.createdAt), asc(products.id)] as const;
const productNotFound = () => new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');

export async function listProducts(db: Db, opts?: CatalogOptions): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .orderBy(...catalogueOrder);
  return toProductDtos(db, rows, opts, true);
}

export async function pageProducts(db: Db, page: number, limit: number, opts?: CatalogOptions) {
  const [{ total }] = await db.select({ total: count() }).from(products);
  const pages = Math.max(1, Math.ceil(total / limit));
  const rows = await db
    .select()
    .from(products)
    .orderBy(...catalogueOrder)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: await toProductDtos(db, rows, opts), total, page, limit, pages };
}

/**
 * Issue #25: what Manage Products' search box matches: the name or the brand
 * holding the text, or the part number however it is typed ("hf 204" finds
 * HF-204: the skuKey of both, like the part number's uniqueness).
 */
export function adminProductSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const key = skuKey(term);
  return or(
    ilike(products.name, containsPattern(term)),
    ilike(products.brand, containsPattern(term)),
    key ? like(products.skuKey, containsPattern(key)) : undefined,
  );
}

/**
 * GET /products/manage (admin): newest first, so a part just added is on the
 * first page; `lowStock` keeps the parts below LOW_STOCK_FACTOR minimum orders
 * (the rule of isLowStock, in SQL); `q` searches (the counts are then those of
 * the matches, like the orders' tabs). Offset paging: an admin screen, read fresh.
 */
export async function pageProductsForAdmin(db: Db, query: { page: number; limit: number; lowStock: boolean; q?: string }, opts: CatalogOptions = defaults) {
  const low: SQL = sql`${products.stock} < ${opts.lowStockFactor} * ${products.minOrder}`;
  const search = adminProductSearchCondition(query.q);
  const [counts] = await db
    .select({ all: count(), lowStock: sql<number>`count(*) filter (where ${low})`.mapWith(Number) })
    .from(products)
    .where(search);
  const total = query.lowStock ? counts.lowStock : counts.all;
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const rows = await db
    .select()
    .from(products)
    .where(and(search, query.lowStock ? low : undefined))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { items: await toProductDtos(db, rows, opts), total, page: query.page, limit: query.limit, pages, counts };
}

/** Every product id in catalogue order: the catalogue cache pages from it at any depth (decision 100). */
export async function catalogueIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(...catalogueOrder);
  return rows.map((r) => r.id);
}

/**
 * The products with these ids, in the order given (ids of deleted products
 * are skipped). Sorted here, not in SQL: an ORDER BY would tempt the planner
 * to walk the catalogue-order index from its start, which is slow deep in a
 * large catalogue; primary-key lookups cost the same at any depth.
 */
export async function productsByIds(db: Db, ids: readonly string[], opts?: CatalogOptions): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
  const dtos = new Map((await toProductDtos(db, rows, opts)).map((p) => [p._id, p]));
  return ids.flatMap((id) => dtos.get(id) ?? []);
}

export async function findProductRow(db: Db, id: string): Promise<ProductRow> {
  if (!isUuid(id)) throw productNotFound();
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw productNotFound();
  return row;
}

export async function getProduct(db: Db, id: string, opts?: CatalogOptions): Promise<Product> {
  const [product] = await toProductDtos(db, [await findProductRow(db, id)], opts);
  return product;
}

/** `image` first, then the other pictures in their order, without repeats. */
export function orderedImages(image: string, images: readonly string[] = []): string[] {
  return [image, ...images.filter((u) => u !== image)].filter((u, i, all) => all.indexOf(u) === i);
}

const skuTaken = (sku: string, other?: string) =>
  new ConflictError(
    `Part number ${sku} is already used${other ? ` by "${other}"` : ''}. Part numbers are unique (case, spaces, dots and dashes do not count).`,
    'SKU_TAKEN',
  );

async function assertSkuFree(db: Db, sku: string, exceptId?: string): Promise<void> {
  const key = skuKey(sku);
  const [other] = await db
    .select({ name: products.name })
    .from(products)
    .where(exceptId ? and(eq(products.skuKey, key), ne(products.id, exceptId)) : eq(products.skuKey, key));
  if (other) throw skuTaken(sku, other.name);
}

export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, '23505');
}

const isForeignKeyViolation = (err: unknown) => hasSqlState(err, '23503');

function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/**
 * Add a product. Its opening stock is the first row of its ledger, written
 * in the same transaction. Without a part number one is generated; a taken
 * one (however it is spelled) answers 409.
 */
export async function createProduct(db: Db, input: CreateProductInput, actor: StockActor | null = null, opts?: CatalogOptions): Promise<Product> {
  // Without a part number the column's default generates one: TT- and 8 random hex digits (decision 090).
  if (input.sku) await assertSkuFree(db, input.sku);
  assertPriceTiers(input.priceTiers ?? [], input.minOrder);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(products)
        .values({
          name: input.name,
          img: input.image,
          images: orderedImages(input.image, input.images),
          description: input.description,
          minOrder: input.minOrder,
          stock: 0,
          unitPriceCents: toCents(input.unitPrice),
          sku: input.sku,
          brand: input.brand ?? DEFAULT_BRAND,
          category: input.category ?? DEFAULT_CATEGORY,
          universal: input.universal ?? false,
          priceTiers: tiersToCents(input.priceTiers ?? []),
          weightGrams: input.weightGrams ?? DEFAULT_WEIGHT_GRAMS,
          ...dimensionColumns(input.dimensionsMm ?? null),
          oversize: input.oversize ?? false,
          taxCategory: input.taxCategory ?? 'standard',
          partNumbers: input.partNumbers ?? [],
        })
        .returning();
      const fitment = normalizeFitment(input.fitment ?? []);
      if (fitment.length) await replaceFitment(tx, inserted.id, fitment);
      const moved = await moveStock(tx, { productId: inserted.id, delta: input.stock, kind: 'initial', reason: 'new product', actor, bumpVersion: false });
      const created = { ...inserted, stock: moved?.stock ?? 0 };
      await recordAudit(tx, {
        actor,
        action: 'product.create',
        entityType: 'product',
        entityId: created.id,
        before: null,
        after: {
          ...auditFields(created),
          ...(fitment.length ? { fitment } : {}),
          ...(created.priceTiers.length ? { priceTiers: tiersToDto(created.priceTiers) } : {}),
          ...(created.partNumbers.length ? { partNumbers: created.partNumbers } : {}),
        },
      });
      return { created, fitment };
    });
    return toProductDto(row.created, opts, row.fitment);
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken(input.sku ?? '');
    throw err;
  }
}

/** The fields an edit changed, as they were and as they are (for the audit log). */
export interface ProductChange {
  product: Product;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const staleVersion = (current: number) =>
  new ConflictError(
    `Someone else changed this product while you were editing it (it is now at version ${current}). Reload it to see their changes, then make your edit again.`,
    'PRODUCT_CHANGED',
  );

/**
 * PATCH /product/{id}: change any field, based on `version`. The row is
 * locked, so the version check and the write cannot interleave with another
 * edit or an order. A new stock figure is booked in the ledger as a
 * correction. An edit that changes nothing keeps the version.
 */
export async function updateProduct(
  db: Db,
  id: string,
  input: UpdateProductInput,
  actor: StockActor | null = null,
  opts?: CatalogOptions,
): Promise<ProductChange> {
  if (!isUuid(id)) throw productNotFound();
  if (input.sku !== undefined) await assertSkuFree(db, input.sku, id);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!row) throw productNotFound();
      if (row.version !== input.version) throw staleVersion(row.version);

      const set: Partial<typeof products.$inferInsert> = {};
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const change = (field: string, was: unknown, now: unknown) => {
        before[field] = was;
        after[field] = now;
      };
      if (input.name !== undefined && input.name !== row.name) {
        set.name = input.name;
        change('name', row.name, input.name);
      }
      if (input.description !== undefined && input.description !== row.description) {
        set.description = input.description;
        change('description', row.description, input.description);
      }
      if (input.unitPrice !== undefined && toCents(input.unitPrice) !== row.unitPriceCents) {
        set.unitPriceCents = toCents(input.unitPrice);
        change('unitPrice', fromCents(row.unitPriceCents), fromCents(set.unitPriceCents));
      }
      if (input.minOrder !== undefined && input.minOrder !== row.minOrder) {
        set.minOrder = input.minOrder;
        change('minOrder', row.minOrder, input.minOrder);
      }
      if (input.sku !== undefined && input.sku !== row.sku) {
        set.sku = input.sku;
        change('sku', row.sku, input.sku);
      }
      if (input.brand !== undefined && input.brand !== row.brand) {
        set.brand = input.brand;
        change('brand', row.brand, input.brand);
      }
      if (input.category !== undefined && input.category !== row.category) {
        set.category = input.category;
        change('category', row.category, input.category);
      }
      if (input.universal !== undefined && input.universal !== row.universal) {
        set.universal = input.universal;
        change('universal', row.universal, input.universal);
      }
      // Issue #24: shipping and tax.
      if (input.weightGrams !== undefined && input.weightGrams !== row.weightGrams) {
        set.weightGrams = input.weightGrams;
        change('weightGrams', row.weightGrams, input.weightGrams);
      }
      if (input.dimensionsMm !== undefined && JSON.stringify(input.dimensionsMm) !== JSON.stringify(dimensionsOf(row))) {
        Object.assign(set, dimensionColumns(input.dimensionsMm));
        change('dimensionsMm', dimensionsOf(row), input.dimensionsMm);
      }
      if (input.oversize !== undefined && input.oversize !== row.oversize) {
        set.oversize = input.oversize;
        change('oversize', row.oversize, input.oversize);
      }
      if (input.taxCategory !== undefined && input.taxCategory !== row.taxCategory) {
        set.taxCategory = input.taxCategory;
        change('taxCategory', row.taxCategory, input.taxCategory);
      }
      // Decision 217: discontinued (sold while stock lasts, never restocked) or sold again.
      if (input.discontinued !== undefined && input.discontinued !== (row.discontinuedAt != null)) {
        set.discontinuedAt = input.discontinued ? new Date() : null;
        change('discontinued', !input.discontinued, input.discontinued);
      }
      if (input.partNumbers !== undefined && JSON.stringify(input.partNumbers) !== JSON.stringify(row.partNumbers)) {
        set.partNumbers = input.partNumbers;
        change('partNumbers', row.partNumbers, input.partNumbers);
      }
      // Tiers are checked against the minimum order the product will have after this edit.
      const currentTiers = tiersToDto(row.priceTiers);
      const nextTiers = input.priceTiers !== undefined ? tiersToDto(tiersToCents(input.priceTiers)) : currentTiers;
      if (input.priceTiers !== undefined || input.minOrder !== undefined) assertPriceTiers(nextTiers, input.minOrder ?? row.minOrder);
      if (JSON.stringify(nextTiers) !== JSON.stringify(currentTiers)) {
        set.priceTiers = tiersToCents(nextTiers);
        change('priceTiers', currentTiers, nextTiers);
      }
      const currentFitment = (await fitmentsByProduct(tx, [id])).get(id) ?? [];
      let fitment = currentFitment;
      if (input.fitment !== undefined && !sameFitment(input.fitment, currentFitment)) {
        fitment = normalizeFitment(input.fitment);
        // Rows of product_fitments notify the catalogue cache through their trigger; the version bump below does too.
        await replaceFitment(tx, id, fitment);
        change('fitment', currentFitment, fitment);
      }
      if (input.image !== undefined || input.images !== undefined) {
        const currentImages = row.images.length > 0 ? row.images : [row.img];
        const first = input.image ?? input.images?.[0] ?? row.img;
        const images = orderedImages(first, input.images ?? currentImages);
        if (first !== row.img) {
          set.img = first;
          change('img', row.img, first);
        }
        if (images.join('\n') !== currentImages.join('\n')) {
          set.images = images;
          change('images', currentImages, images);
        }
      }

      let stock = row.stock;
      if (input.stock !== undefined && input.stock !== row.stock) {
        const moved = await moveStock(tx, {
          productId: id,
          delta: input.stock - row.stock,
          kind: 'adjustment',
          reason: 'correction',
          note: 'stock set in the product form',
          actor,
          bumpVersion: false,
        });
        stock = moved?.stock ?? input.stock;
        change('stock', row.stock, stock);
      }

      if (Object.keys(after).length === 0) return { product: toProductDto(row, opts, fitment), before, after };
      const [updated] = await tx
        .update(products)
        .set({ ...set, version: row.version + 1, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before,
        after,
        note: `version ${row.version} → ${updated.version}`,
      });
      return { product: toProductDto({ ...updated, stock }, opts, fitment), before, after };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw skuTaken(input.sku ?? '');
    throw err;
  }
}

/** POST /product/{id}/stock: a quick +/- with its reason, booked in the ledger. */
export async function adjustStock(db: Db, id: string, input: StockAdjustInput, actor: StockActor | null, opts?: CatalogOptions): Promise<ProductChange> {
  if (!isUuid(id)) throw productNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw productNotFound();
    // Decision 217: a discontinued part is sold while its stock lasts; a count correction or damage still books.
    if (row.discontinuedAt && input.reason === 'restock' && input.delta > 0) {
      throw new ConflictError(
        `${row.name} (${row.sku}) is discontinued: it cannot be restocked. Clear “Discontinued” on the product form first, or book a count correction.`,
        'PRODUCT_DISCONTINUED',
      );
    }
    await moveStock(tx, {
      productId: id,
      delta: input.delta,
      kind: 'adjustment',
      reason: input.reason,
      note: input.note ?? null,
      actor,
      insufficient: (available) => new ConflictError(`Only ${available} units are in stock: you cannot take out ${-input.delta}.`, 'STOCK_TOO_LOW'),
    });
    const [updated] = await tx.select().from(products).where(eq(products.id, id));
    const change = { before: { stock: row.stock }, after: { stock: updated.stock } };
    await recordAudit(tx, {
      actor,
      action: 'product.stock_adjust',
      entityType: 'product',
      entityId: id,
      ...change,
      note: `${input.delta > 0 ? '+' : ''}${input.delta} (${input.reason})${input.note ? `: ${input.note}` : ''}`,
    });
    return { product: toProductDto(updated, opts, (await fitmentsByProduct(tx, [id])).get(id) ?? []), ...change };
  });
}

/** Orders keep their copy of name and price; their product_id becomes null. The ledger keeps its rows. */
export async function deleteProduct(db: Db, id: string, actor: StockActor | null = null): Promise<ProductRow> {
  if (!isUuid(id)) throw productNotFound();
  const partOfKit = (kits: string[]) =>
    new ConflictError(
      `This part is in the kit${kits.length === 1 ? '' : 's'} ${kits.join(', ')}: take it out of ${kits.length === 1 ? 'that kit' : 'those kits'} (Kit parts) before deleting it.`,
      'PART_IN_KIT',
    );
  return db.transaction(async (tx) => {
    // Decision 220: a kit's parts stay while the kit holds them (the foreign key restricts it too).
    const kits = await kitsHolding(tx, id);
    if (kits.length) throw partOfKit(kits);
    let deleted: ProductRow[];
    try {
      deleted = await tx.delete(products).where(eq(products.id, id)).returning();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw partOfKit(await kitsHolding(db, id));
      throw err;
    }
    if (deleted.length === 0) throw productNotFound();
    await recordAudit(tx, { actor, action: 'product.delete', entityType: 'product', entityId: id, before: auditFields(deleted[0]), after: null });
    return deleted[0];
  });
}

/** A product as the audit log keeps it: the fields an admin edits, prices in dollars. */
function auditFields(row: ProductRow): Record<string, unknown> {
  return {
    name: row.name,
    sku: row.sku,
    brand: row.brand,
    category: row.category,
    unitPrice: fromCents(row.unitPriceCents),
    minOrder: row.minOrder,
    stock: row.stock,
    description: row.description,
    img: row.img,
    images: row.images,
    universal: row.universal,
    weightGrams: row.weightGrams,
    dimensionsMm: dimensionsOf(row),
    oversize: row.oversize,
    taxCategory: row.taxCategory,
  };
}
