import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fromCents,
  percentFromRate,
  rateFromPercent,
  toCents,
  type shippingMethodInputSchema,
  type ShippingMethod,
  type ShippingZone,
  type shippingZoneInputSchema,
  type TaxRate,
  type taxRateInputSchema,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { shippingMethods, shippingZones, shopSettings, taxRates } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation } from '../products/products.service';

/**
 * Issue #24 (decision 153): where and how the shop ships, and the tax it
 * charges there. The admin edits them (every write is audited); checkout
 * reads them to price an order.
 */

export interface Actor {
  id: string;
  email: string;
}

type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;
type RateRow = typeof taxRates.$inferSelect;

const zoneNotFound = () => new NotFoundError('No shipping zone with that id.', 'SHIPPING_ZONE_NOT_FOUND');
const methodNotFound = () => new NotFoundError('No shipping method with that id.', 'SHIPPING_METHOD_NOT_FOUND');
const rateNotFound = () => new NotFoundError('No tax rate with that id.', 'TAX_RATE_NOT_FOUND');

const toMethodDto = (m: MethodRow): ShippingMethod => ({
  _id: m.id,
  zoneId: m.zoneId,
  name: m.name,
  carrier: m.carrier,
  minDays: m.minDays,
  maxDays: m.maxDays,
  bands: m.bands.map((b) => ({ upToGrams: b.upToGrams, price: fromCents(b.priceCents) })),
  freeOver: m.freeOverCents === null ? null : fromCents(m.freeOverCents),
  takesOversize: m.takesOversize,
});

const toZoneDto = (z: ZoneRow, methods: MethodRow[]): ShippingZone => ({
  _id: z.id,
  name: z.name,
  countries: z.countries,
  regions: z.regions,
  methods: methods.filter((m) => m.zoneId === z.id).map(toMethodDto),
});

/** Every zone with its methods, as the admin sees them (zones by name, methods cheapest first). */
export async function listZones(db: Db): Promise<ShippingZone[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.name), asc(shippingZones.id));
  const methods = zones.length
    ? await db
        .select()
        .from(shippingMethods)
        .where(
          inArray(
            shippingMethods.zoneId,
            zones.map((z) => z.id),
          ),
        )
        .orderBy(asc(shippingMethods.createdAt), asc(shippingMethods.id))
    : [];
  return zones.map((z) => toZoneDto(z, methods));
}

const zoneValues = (input: z.output<typeof shippingZoneInputSchema>) => ({
  name: input.name,
  countries: [...new Set(input.countries)],
  regions: [...new Set(input.regions)],
});

async function zoneWithMethods(db: Db, id: string): Promise<ShippingZone> {
  const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!zone) throw zoneNotFound();
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.zoneId, id))
    .orderBy(asc(shippingMethods.createdAt), asc(shippingMethods.id));
  return toZoneDto(zone, methods);
}

export async function createZone(db: Db, actor: Actor, input: z.output<typeof shippingZoneInputSchema>): Promise<ShippingZone> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(shippingZones).values(zoneValues(input)).returning();
    await recordAudit(tx, { actor, action: 'shipping_zone.create', entityType: 'shipping_zone', entityId: row.id, before: null, after: zoneValues(input) });
    return toZoneDto(row, []);
  });
}

export async function updateZone(db: Db, actor: Actor, id: string, input: z.output<typeof shippingZoneInputSchema>): Promise<ShippingZone> {
  if (!isUuid(id)) throw zoneNotFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id)).for('update');
    if (!before) throw zoneNotFound();
    await tx.update(shippingZones).set(zoneValues(input)).where(eq(shippingZones.id, id));
    await recordAudit(tx, { actor, action: 'shipping_zone.update', entityType: 'shipping_zone', entityId: id, before, after: zoneValues(input) });
    return zoneWithMethods(tx, id);
  });
}

export async function deleteZone(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw zoneNotFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning();
    if (!gone) throw zoneNotFound();
    await recordAudit(tx, { actor, action: 'shipping_zone.delete', entityType: 'shipping_zone', entityId: id, before: gone, after: null });
  });
}

const methodValues = (input: z.output<typeof shippingMethodInputSchema>) => ({
  name: input.name,
  carrier: input.carrier,
  minDays: input.minDays,
  maxDays: input.maxDays,
  bands: input.bands.map((b) => ({ upToGrams: b.upToGrams, priceCents: toCents(b.price) })),
  freeOverCents: input.freeOver === null || input.freeOver === undefined ? null : toCents(input.freeOver),
  takesOversize: input.takesOversize,
});

export async function createMethod(db: Db, actor: Actor, zoneId: string, input: z.output<typeof shippingMethodInputSchema>): Promise<ShippingMethod> {
  if (!isUuid(zoneId)) throw zoneNotFound();
  return db.transaction(async (tx) => {
    const [zone] = await tx.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.id, zoneId)).for('update');
    if (!zone) throw zoneNotFound();
    const [row] = await tx
      .insert(shippingMethods)
      .values({ zoneId, ...methodValues(input) })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'shipping_method.create',
      entityType: 'shipping_method',
      entityId: row.id,
      before: null,
      after: methodValues(input),
    });
    return toMethodDto(row);
  });
}

export async function updateMethod(db: Db, actor: Actor, id: string, input: z.output<typeof shippingMethodInputSchema>): Promise<ShippingMethod> {
  if (!isUuid(id)) throw methodNotFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, id)).for('update');
    if (!before) throw methodNotFound();
    const [row] = await tx.update(shippingMethods).set(methodValues(input)).where(eq(shippingMethods.id, id)).returning();
    await recordAudit(tx, { actor, action: 'shipping_method.update', entityType: 'shipping_method', entityId: id, before, after: methodValues(input) });
    return toMethodDto(row);
  });
}

export async function deleteMethod(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw methodNotFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
    if (!gone) throw methodNotFound();
    await recordAudit(tx, { actor, action: 'shipping_method.delete', entityType: 'shipping_method', entityId: id, before: gone, after: null });
  });
}

/* ---------------------------------------------------------------------- tax */

const toRateDto = (r: RateRow): TaxRate => ({
  _id: r.id,
  country: r.country,
  region: r.region,
  category: r.category,
  ratePercent: percentFromRate(r.rate),
  taxShipping: r.taxShipping,
});

export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region), asc(taxRates.category));
  return rows.map(toRateDto);
}

const rateValues = (input: z.output<typeof taxRateInputSchema>) => ({
  country: input.country,
  region: input.region,
  category: input.category,
  rate: rateFromPercent(input.ratePercent),
  taxShipping: input.taxShipping,
});
const rateExists = () => new ConflictError('There is already a rate for that country, region and category: change that one instead.', 'TAX_RATE_EXISTS');

export async function createTaxRate(db: Db, actor: Actor, input: z.output<typeof taxRateInputSchema>): Promise<TaxRate> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(taxRates).values(rateValues(input)).returning();
      await recordAudit(tx, { actor, action: 'tax_rate.create', entityType: 'tax_rate', entityId: row.id, before: null, after: rateValues(input) });
      return toRateDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw rateExists();
    throw err;
  }
}

export async function updateTaxRate(db: Db, actor: Actor, id: string, input: z.output<typeof taxRateInputSchema>): Promise<TaxRate> {
  if (!isUuid(id)) throw rateNotFound();
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
      if (!before) throw rateNotFound();
      const [row] = await tx.update(taxRates).set(rateValues(input)).where(eq(taxRates.id, id)).returning();
      await recordAudit(tx, { actor, action: 'tax_rate.update', entityType: 'tax_rate', entityId: id, before, after: rateValues(input) });
      return toRateDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw rateExists();
    throw err;
  }
}

export async function deleteTaxRate(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw rateNotFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
    if (!gone) throw rateNotFound();
    await recordAudit(tx, { actor, action: 'tax_rate.delete', entityType: 'tax_rate', entityId: id, before: gone, after: null });
  });
}

export async function getTaxSettings(db: Db): Promise<{ pricesIncludeTax: boolean }> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return { pricesIncludeTax: row?.pricesIncludeTax ?? false };
}

export async function setTaxSettings(db: Db, actor: Actor, input: { pricesIncludeTax: boolean }): Promise<{ pricesIncludeTax: boolean }> {
  return db.transaction(async (tx) => {
    const before = await getTaxSettings(tx);
    await tx
      .insert(shopSettings)
      .values({ id: 1, pricesIncludeTax: input.pricesIncludeTax, updatedAt: new Date() })
      .onConflictDoUpdate({ target: shopSettings.id, set: { pricesIncludeTax: input.pricesIncludeTax, updatedAt: new Date() } });
    await recordAudit(tx, { actor, action: 'tax_settings.update', entityType: 'shop_settings', entityId: '1', before, after: input });
    return { pricesIncludeTax: input.pricesIncludeTax };
  });
}
