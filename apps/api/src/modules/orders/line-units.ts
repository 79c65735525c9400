import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLineComponents, orderRefunds, orderReturns, shipmentLines, stockMovements } from '../../db/schema';

/**
 * Issue #34 (decision 179): what happened to each unit of an order's lines, derived every time from the rows that
 * record it (shipment lines, returns, refunds, the stock ledger), never kept in a counter that could drift. The
 * rules of shipping, returning, refunding and restocking all read these figures, under the order's row locks.
 */
export interface LineUnits {
  shipped: number;
  /** In a return that was not rejected (asked for, approved, received or refunded). */
  returned: number;
  /** In a return received or refunded: back in the shop's hands. */
  returnedReceived: number;
  /** In a return asked for, approved or received, not refunded yet. */
  returnOpen: number;
  /** Refunded, by any refund that did not fail. */
  refunded: number;
  /** Refunded through a return (those units had shipped and came back). */
  refundedByReturn: number;
  /** Put back in stock by refunds. */
  restocked: number;
}

const empty = (): LineUnits => ({ shipped: 0, returned: 0, returnedReceived: 0, returnOpen: 0, refunded: 0, refundedByReturn: 0, restocked: 0 });

/** The figures of every line of the order `key`, by line id (a line with nothing yet has zeros). */
export async function loadLineUnits(tx: Db, key: string, lineIds: string[]): Promise<Map<string, LineUnits>> {
  const units = new Map(lineIds.map((id) => [id, empty()]));
  if (lineIds.length === 0) return units;
  const add = (id: string, field: keyof LineUnits, n: number) => {
    const u = units.get(id);
    if (u) u[field] += n;
  };
  for (const s of await tx.select().from(shipmentLines).where(inArray(shipmentLines.orderId, lineIds))) add(s.orderId, 'shipped', s.quantity);
  const returns = await tx
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.orderKey, key), ne(orderReturns.status, 'rejected')));
  const refunds = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderKey, key), ne(orderRefunds.status, 'failed')));
  // A return's refund carries the return's id as its idempotency key (returns.service refundReturn).
  const returnIds = new Set(returns.map((r) => r.id));
  for (const r of returns) {
    for (const l of r.lines) {
      add(l.orderId, 'returned', l.quantity);
      if (r.status === 'received' || r.status === 'refunded') add(l.orderId, 'returnedReceived', l.quantity);
      if (r.status !== 'refunded') add(l.orderId, 'returnOpen', l.quantity);
    }
  }
  for (const r of refunds) {
    for (const l of r.lines) {
      add(l.orderId, 'refunded', l.quantity);
      if (returnIds.has(r.idempotencyKey)) add(l.orderId, 'refundedByReturn', l.quantity);
    }
  }
  const moved = await tx
    .select({ orderId: stockMovements.orderId, productId: stockMovements.productId, delta: stockMovements.delta })
    .from(stockMovements)
    .where(and(inArray(stockMovements.orderId, lineIds), eq(stockMovements.kind, 'refund_restock')));
  // Decision 220: a kit line's units went back as its parts, a ledger row each; they are counted by one part
  // (the first still sold), in kits.
  const counted = new Map<string, { productId: string; quantity: number }>();
  for (const c of await tx
    .select({ lineId: orderLineComponents.lineId, productId: orderLineComponents.productId, quantity: orderLineComponents.quantity })
    .from(orderLineComponents)
    .where(and(inArray(orderLineComponents.lineId, lineIds), isNotNull(orderLineComponents.productId)))
    .orderBy(asc(orderLineComponents.position))) {
    if (!counted.has(c.lineId)) counted.set(c.lineId, { productId: c.productId!, quantity: c.quantity });
  }
  for (const m of moved) {
    if (!m.orderId) continue;
    const kit = counted.get(m.orderId);
    if (!kit) add(m.orderId, 'restocked', m.delta);
    else if (m.productId === kit.productId) add(m.orderId, 'restocked', m.delta / kit.quantity);
  }
  return units;
}

/** Units of a line still to ship: bought, less shipped, less refunded without having shipped (they never will). */
export const unitsToShip = (quantity: number, u: LineUnits) => Math.max(0, quantity - u.shipped - (u.refunded - u.refundedByReturn));

/** Units a customer may still ask to return: shipped and not returned yet, and not more than is left to refund. */
export const unitsToReturn = (quantity: number, u: LineUnits) => Math.max(0, Math.min(u.shipped - u.returned, quantity - u.refunded - u.returnOpen));

/**
 * Units a refund may put back in stock: those the order still holds (none for a line paid after its units were sold
 * to someone else: "refund due"), less those that left in a parcel, plus those that came back in a return, less
 * those already put back.
 */
export const unitsToRestock = (quantity: number, heldByOrder: boolean, u: LineUnits) =>
  Math.max(0, (heldByOrder ? quantity : 0) - u.shipped + u.returnedReceived - u.restocked);
