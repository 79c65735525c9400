import { and, asc, desc, eq, gte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kitComponents, orderLineComponents, products, stockMovements } from '../../db/schema';
import { ConflictError, DomainError } from '../../lib/errors';

export const STOCK_MOVEMENT_KINDS = [
  'initial',
  'order_placed',
  'order_cancelled',
  'reservation_expired',
  'reservation_renewed',
  'adjustment',
  'import',
  // Issue #25 (decision 162): refunded units put back on the shelf.
  'refund_restock',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** Who caused a movement; null for the system (expiry sweep, webhook, seed). */
export interface StockActor {
  id: string;
  email: string;
}

export interface MoveStockInput {
  productId: string;
  /** Signed: negative takes units out, positive puts them back. */
  delta: number;
  kind: StockMovementKind;
  /** restock | correction | damaged for adjustments; free text otherwise. */
  reason?: string | null;
  note?: string | null;
  orderId?: string | null;
  actor?: StockActor | null;
  /**
   * Raise the product's version (default). Only the insert of a new product
   * books its opening stock without a new version.
   */
  bumpVersion?: boolean;
  /** The error when the stock would go below zero (default: 409 OUT_OF_STOCK). */
  insufficient?: (available: number) => DomainError;
}

export interface StockMoved {
  stock: number;
  version: number;
}

const outOfStock = () => new ConflictError('Not enough stock left for that quantity.', 'OUT_OF_STOCK');

/**
 * THE one way stock changes (issue #8): a conditional update that can never
 * take stock below zero, and the ledger row, written with the same `db`
 * handle. Call it inside the transaction of the change it belongs to (an
 * order insert, a cancel, an expiry, an import), so the product's stock
 * always equals the sum of its ledger. Returns null when the product no
 * longer exists (its orders outlive it; nothing to give back then).
 */
export async function moveStock(db: Db, input: MoveStockInput): Promise<StockMoved | null> {
  if (!Number.isInteger(input.delta)) throw new TypeError(`stock delta must be a whole number, got ${input.delta}`);
  const [found] = await db
    .select({
      stock: products.stock,
      version: products.version,
      kit: sql<boolean>`exists (select 1 from ${kitComponents} where ${kitComponents.kitId} = ${products.id})`,
    })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!found) return null;
  const { kit, ...current } = found;
  if (input.delta === 0) return current;
  // Decision 220: a kit's stock is its parts' (the database keeps it); a kit line moves them (moveLineStock).
  if (kit) throw kitStock();

  const bump = input.bumpVersion ?? true;
  const [moved] = await db
    .update(products)
    .set({
      stock: sql`${products.stock} + ${input.delta}`,
      ...(bump ? { version: sql`${products.version} + 1`, updatedAt: new Date() } : {}),
    })
    .where(and(eq(products.id, input.productId), gte(products.stock, -input.delta)))
    .returning({ stock: products.stock, version: products.version });
  if (!moved) {
    const [now] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, input.productId));
    if (!now) return null;
    throw (input.insufficient ?? outOfStock)(now.stock);
  }
  await db.insert(stockMovements).values({
    productId: input.productId,
    kind: input.kind,
    delta: input.delta,
    stockAfter: moved.stock,
    reason: input.reason ?? null,
    note: input.note ?? null,
    orderId: input.orderId ?? null,
    actorId: input.actor?.id ?? null,
    actorEmail: input.actor?.email ?? null,
  });
  return moved;
}

const kitStock = () => new ConflictError("This part is a kit: its stock is its parts' stock, so change theirs instead.", 'KIT_STOCK');

/** An order line as far as its stock goes. */
export interface StockLine {
  id: string;
  productId: string | null;
}

/**
 * Decision 220: `units` of an order line go back to stock (positive) or are taken (negative). A plain line moves its product. A
 * kit line moves each part it was made of when bought (order_line_components, whatever the kit holds now), one
 * ledger row per part, all or none (a savepoint: a part short undoes the parts already taken, and the caller's
 * transaction goes on). Returns null when nothing could move (the product, or every part, is gone).
 */
export async function moveLineStock(
  db: Db,
  line: StockLine,
  units: number,
  input: Omit<MoveStockInput, 'productId' | 'delta' | 'orderId'>,
): Promise<StockMoved | null> {
  const parts = await db
    .select({ productId: orderLineComponents.productId, quantity: orderLineComponents.quantity })
    .from(orderLineComponents)
    .where(eq(orderLineComponents.lineId, line.id))
    // One order of locks for every kit line: by product id.
    .orderBy(asc(orderLineComponents.productId));
  if (parts.length === 0) {
    return line.productId ? moveStock(db, { ...input, productId: line.productId, delta: units, orderId: line.id }) : null;
  }
  return db.transaction(async (sp) => {
    let moved: StockMoved | null = null;
    for (const p of parts) {
      if (!p.productId) continue;
      moved = (await moveStock(sp, { ...input, productId: p.productId, delta: units * p.quantity, orderId: line.id })) ?? moved;
    }
    return moved;
  });
}

export type StockMovementRow = typeof stockMovements.$inferSelect;

/** A product's ledger, newest first. */
export async function listStockMovements(db: Db, productId: string, limit = 100): Promise<StockMovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
}

/** Products whose stock differs from the sum of their ledger (should always be none). A kit has no ledger: see kitStockMismatches. */
export async function ledgerMismatches(db: Db): Promise<{ productId: string; stock: number; ledger: number }[]> {
  const rows = await db
    .select({ productId: products.id, stock: products.stock, ledger: sql<string>`coalesce(sum(${stockMovements.delta}), 0)` })
    .from(products)
    .leftJoin(stockMovements, eq(stockMovements.productId, products.id))
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(kitComponents)
          .where(eq(kitComponents.kitId, products.id)),
      ),
    )
    .groupBy(products.id, products.stock)
    .orderBy(asc(products.id));
  return rows.map((r) => ({ ...r, ledger: Number(r.ledger) })).filter((r) => r.ledger !== r.stock);
}

/** Kits whose stock is not min ⌊part stock / quantity⌋ after a commit (should always be none; decision 220). */
export async function kitStockMismatches(db: Db): Promise<{ productId: string; stock: number; parts: number }[]> {
  const rows = await db.execute<{ id: string; stock: number; parts: number }>(sql`
    select k.id, k.stock, min(c.stock / kc.quantity)::int as parts
      from ${products} k join ${kitComponents} kc on kc.kit_id = k.id join ${products} c on c.id = kc.component_id
     group by k.id, k.stock having k.stock <> min(c.stock / kc.quantity)`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { id: string; stock: number; parts: number }[] }).rows;
  return list.map((r) => ({ productId: r.id, stock: Number(r.stock), parts: Number(r.parts) }));
}
