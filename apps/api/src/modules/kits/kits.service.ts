import { asc, eq, inArray, sql } from 'drizzle-orm';
import { kitAvailability, kitShares, skuKey, type KitComponent, type KitInput } from '@shop/shared';
import type { Db } from '../../db/client';
import { kitComponents, orderLineComponents, products } from '../../db/schema';
import { BadRequestError, ConflictError, DomainError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import type { StockActor } from '../stock/stock.service';

/**
 * Issue #36 item 2 (decision 220): kits. A product is a kit when it has component rows; its stock is theirs (the
 * database keeps it at min ⌊component stock / quantity⌋ at commit, migration 0051), and buying it moves each
 * component's stock (stock.service moveLineStock). This module reads and writes what a kit is made of.
 */

/** The components of the given kits (every kit when `kitIds` is undefined), in their order, by kit id. */
export async function kitComponentsByKit(db: Db, kitIds?: readonly string[]): Promise<Map<string, KitComponent[]>> {
  const out = new Map<string, KitComponent[]>();
  if (kitIds && kitIds.length === 0) return out;
  const rows = await db
    .select({
      kitId: kitComponents.kitId,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      img: products.img,
      quantity: kitComponents.quantity,
      stock: products.stock,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.componentId))
    .where(kitIds ? inArray(kitComponents.kitId, [...kitIds]) : undefined)
    .orderBy(asc(kitComponents.kitId), asc(kitComponents.position), asc(products.name));
  for (const { kitId, ...c } of rows) {
    const list = out.get(kitId);
    if (list) list.push(c);
    else out.set(kitId, [c]);
  }
  return out;
}

/** What a kit line needs to be priced and booked: each component's product, its lot price and pieces per kit. */
export interface KitPartRow {
  kitId: string;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  position: number;
  unitPriceCents: number;
  minOrder: number;
}

/** The components of the kits among `productIds` (plain parts have none), in their order. */
export async function kitPartsOf(db: Db, productIds: readonly string[]): Promise<Map<string, KitPartRow[]>> {
  const out = new Map<string, KitPartRow[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      kitId: kitComponents.kitId,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      quantity: kitComponents.quantity,
      position: kitComponents.position,
      unitPriceCents: products.unitPriceCents,
      minOrder: products.minOrder,
    })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.componentId))
    .where(inArray(kitComponents.kitId, [...productIds]))
    .orderBy(asc(kitComponents.kitId), asc(kitComponents.position), asc(products.name));
  for (const r of rows) {
    const list = out.get(r.kitId);
    if (list) list.push(r);
    else out.set(r.kitId, [r]);
  }
  return out;
}

const kitNotFound = () => new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');

/**
 * PUT /admin/products/{id}/kit: the kit's parts, by part number, replacing what it held. An empty list makes it a
 * plain part again (with no stock of its own). A part with stock of its own cannot become a kit (its units would
 * vanish from the ledger): book them out first. No kit holds a kit, or itself, or a part twice.
 */
export async function setKitComponents(db: Db, kitId: string, input: KitInput, actor: StockActor): Promise<KitComponent[]> {
  if (!isUuid(kitId)) throw kitNotFound();
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: a checkout holding the kit against deletion (KEY SHARE) goes on meanwhile.
    const [kit] = await tx.select().from(products).where(eq(products.id, kitId)).for('no key update');
    if (!kit) throw kitNotFound();
    const before = (await kitComponentsByKit(tx, [kitId])).get(kitId) ?? [];
    const keys = input.components.map((c) => skuKey(c.sku));
    const seen = new Set<string>();
    for (const [i, k] of keys.entries()) {
      if (seen.has(k)) throw new BadRequestError(`Part ${input.components[i].sku} is listed twice: give it once with the total quantity.`, 'KIT_PART_TWICE');
      seen.add(k);
    }
    const found = keys.length
      ? await tx
          .select({ id: products.id, sku: products.sku, skuKey: products.skuKey, name: products.name })
          .from(products)
          .where(inArray(products.skuKey, keys))
      : [];
    const byKey = new Map(found.map((p) => [p.skuKey, p]));
    const unknown = input.components.filter((_, i) => !byKey.has(keys[i])).map((c) => c.sku);
    if (unknown.length) {
      throw new BadRequestError(`No part has the number ${unknown.join(', ')}: a kit is made of parts the shop sells.`, 'KIT_PART_UNKNOWN', { unknown });
    }
    const parts = keys.map((k) => byKey.get(k)!);
    if (parts.some((p) => p.id === kitId)) throw new BadRequestError('A kit cannot hold itself.', 'KIT_HOLDS_ITSELF');
    if (parts.length) {
      const nested = await tx
        .selectDistinct({ sku: products.sku })
        .from(kitComponents)
        .innerJoin(products, eq(products.id, kitComponents.kitId))
        .where(
          inArray(
            kitComponents.kitId,
            parts.map((p) => p.id),
          ),
        );
      if (nested.length) {
        throw new BadRequestError(
          `${nested.map((n) => n.sku).join(', ')} ${nested.length === 1 ? 'is a kit' : 'are kits'}: a kit holds parts, not other kits.`,
          'KIT_IN_KIT',
        );
      }
      const [inKit] = await tx
        .select({ sku: products.sku })
        .from(kitComponents)
        .innerJoin(products, eq(products.id, kitComponents.kitId))
        .where(eq(kitComponents.componentId, kitId))
        .limit(1);
      if (inKit) throw new ConflictError(`${kit.sku} is a part of the kit ${inKit.sku}, so it cannot be a kit itself.`, 'KIT_IN_KIT');
      if (before.length === 0 && kit.stock !== 0) {
        throw new DomainError(
          409,
          'KIT_HAS_OWN_STOCK',
          `${kit.sku} has ${kit.stock} in stock of its own. A kit's stock is its parts' stock: book those units out (stock adjustment) before making it a kit.`,
          { stock: kit.stock },
        );
      }
    }
    await tx.delete(kitComponents).where(eq(kitComponents.kitId, kitId));
    if (parts.length) {
      await tx.insert(kitComponents).values(parts.map((p, i) => ({ kitId, componentId: p.id, quantity: input.components[i].quantity, position: i })));
    }
    // The stock trigger runs at commit; the answer reads the kit as it will be.
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(eq(products.id, kitId));
    const after = (await kitComponentsByKit(tx, [kitId])).get(kitId) ?? [];
    const summary = (list: KitComponent[]) => list.map((c) => `${c.quantity} × ${c.sku}`);
    await recordAudit(tx, {
      actor,
      action: 'product.kit',
      entityType: 'product',
      entityId: kitId,
      before: { components: summary(before) },
      after: { components: summary(after) },
      note: after.length ? `${kit.sku} is a kit of ${after.length} ${after.length === 1 ? 'part' : 'parts'}` : `${kit.sku} is no longer a kit`,
    });
    return after;
  });
}

/**
 * What each kit line among `lines` is made of, written beside it before its stock moves (moveLineStock reads it):
 * the parts and pieces per kit, and each part's share of the line's amount (kitShares: they add up to it).
 */
export async function recordKitLines(
  db: Db,
  lines: readonly { id: string; productId: string | null; priceCents: number }[],
  kits: ReadonlyMap<string, readonly KitPartRow[]>,
): Promise<void> {
  const rows = lines.flatMap((line) => {
    const parts = line.productId ? kits.get(line.productId) : undefined;
    if (!parts?.length) return [];
    const shares = kitShares(
      line.priceCents,
      parts.map((p) => ({ lotPriceCents: p.unitPriceCents, minOrder: p.minOrder, quantity: p.quantity })),
    );
    return parts.map((p, i) => ({
      lineId: line.id,
      position: i,
      productId: p.productId,
      sku: p.sku,
      name: p.name,
      quantity: p.quantity,
      shareCents: shares[i],
    }));
  });
  if (rows.length) await db.insert(orderLineComponents).values(rows);
}

/** What the kit lines among `lineIds` were made of, in order, by line id. */
export async function kitLineParts(db: Db, lineIds: readonly string[]) {
  const out = new Map<string, (typeof orderLineComponents.$inferSelect)[]>();
  if (lineIds.length === 0) return out;
  const rows = await db
    .select()
    .from(orderLineComponents)
    .where(inArray(orderLineComponents.lineId, [...lineIds]))
    .orderBy(asc(orderLineComponents.lineId), asc(orderLineComponents.position));
  for (const r of rows) {
    const list = out.get(r.lineId);
    if (list) list.push(r);
    else out.set(r.lineId, [r]);
  }
  return out;
}

/** Kit rows held against deletion for the transaction (KEY SHARE: their stock can still be set). */
export async function lockKits(db: Db, kitIds: readonly string[]) {
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...kitIds]))
    .orderBy(asc(products.id))
    .for('key share');
}

/**
 * A kit bought on its own (POST /order): its row held against deletion, its parts locked (by id, NO KEY UPDATE as
 * in a checkout), and how many kits they make now.
 */
export async function lockKitParts(db: Db, kitId: string): Promise<{ parts: KitPartRow[]; available: number }> {
  await lockKits(db, [kitId]);
  const parts = (await kitPartsOf(db, [kitId])).get(kitId) ?? [];
  if (parts.length === 0) return { parts, available: 0 };
  const locked = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        parts.map((p) => p.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('no key update');
  const stock = new Map(locked.map((p) => [p.id, p.stock]));
  return { parts, available: kitAvailability(parts.map((p) => ({ stock: stock.get(p.productId) ?? 0, quantity: p.quantity }))) };
}

/** A feed's kit (PIES `Kits`): the kit's part number and brand, and its parts'. */
export interface FeedKit {
  line: number;
  brand: string;
  partNumber: string;
  components: readonly { brand: string | null; partNumber: string; quantity: number }[];
}

/**
 * Decision 220: the kits of a PIES feed, applied after its parts are written (a kit's parts may come later in the
 * file). A kit's parts become what the feed lists; a part not in the shop, a kit inside a kit or a kit with stock
 * of its own refuses that kit alone, with its line and why. Components are found by part number and brand (the
 * kit's brand when the component names none).
 */
export async function applyFeedKits(db: Db, kits: readonly FeedKit[]): Promise<{ made: number; refused: { line: number; message: string }[] }> {
  const refused: { line: number; message: string }[] = [];
  let made = 0;
  if (kits.length === 0) return { made, refused };
  const keys = [...new Set(kits.flatMap((k) => [k.partNumber, ...k.components.map((c) => c.partNumber)]).map(skuKey))];
  const found = await db
    .select({ id: products.id, brand: products.brand, skuKey: products.skuKey, stock: products.stock })
    .from(products)
    .where(inArray(products.skuKey, keys));
  const find = (brand: string, partNumber: string) =>
    found.find((p) => p.skuKey === skuKey(partNumber) && p.brand.toLowerCase() === brand.toLowerCase()) ?? found.find((p) => p.skuKey === skuKey(partNumber));
  // Kits of this feed, and parts that are kits already.
  const kitIds = new Set<string>(kits.map((k) => find(k.brand, k.partNumber)?.id).filter((id): id is string => Boolean(id)));
  for (const id of await kitIdsAmong(
    db,
    found.map((p) => p.id),
  ))
    kitIds.add(id);
  for (const k of kits) {
    const kit = find(k.brand, k.partNumber);
    if (!kit) continue; // the kit's own row was refused; its problem is reported already
    const parts: { id: string; quantity: number }[] = [];
    const problems: string[] = [];
    for (const c of k.components) {
      const part = find(c.brand ?? k.brand, c.partNumber);
      if (!part) problems.push(`its part ${c.partNumber} is not in the shop`);
      else if (part.id === kit.id) problems.push('it lists itself');
      else if (kitIds.has(part.id)) problems.push(`its part ${c.partNumber} is a kit`);
      else {
        const same = parts.find((p) => p.id === part.id);
        if (same) same.quantity += c.quantity;
        else parts.push({ id: part.id, quantity: Math.min(c.quantity, 1000) });
      }
    }
    const [wasKit] = await db
      .select({ one: sql<number>`1` })
      .from(kitComponents)
      .where(eq(kitComponents.kitId, kit.id))
      .limit(1);
    const [inKit] = await db
      .select({ one: sql<number>`1` })
      .from(kitComponents)
      .where(eq(kitComponents.componentId, kit.id))
      .limit(1);
    if (inKit) problems.push('it is a part of another kit');
    if (!wasKit && kit.stock !== 0) problems.push(`it has ${kit.stock} in stock of its own (book them out first)`);
    if (problems.length) {
      refused.push({ line: k.line, message: `Kit ${k.partNumber} was not made: ${problems.join('; ')}` });
      continue;
    }
    await db.delete(kitComponents).where(eq(kitComponents.kitId, kit.id));
    await db.insert(kitComponents).values(parts.map((p, i) => ({ kitId: kit.id, componentId: p.id, quantity: p.quantity, position: i })));
    made += 1;
  }
  return { made, refused };
}

/** Which of these products are kits. */
export async function kitIdsAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: kitComponents.kitId })
    .from(kitComponents)
    .where(inArray(kitComponents.kitId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** The part numbers of the kits that hold this product, A to Z. */
export async function kitsHolding(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(kitComponents)
    .innerJoin(products, eq(products.id, kitComponents.kitId))
    .where(eq(kitComponents.componentId, productId))
    .orderBy(asc(products.sku));
  return rows.map((r) => r.sku);
}
