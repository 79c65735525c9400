import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { carrierName, orderNumber, parseOrderNumber, trackingUrl, type createShipmentSchema, type PurchaseStatus, type Shipment } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, orders, shipmentLines, shipments } from '../../db/schema';
import { BadRequestError, DomainError, NotFoundError, isUuid } from '../../lib/errors';
import type { ShipmentMail } from '../../lib/shipment-email';
import { recordAudit, type AuditInput } from '../audit/audit.service';
import { orderLinesOf, type OrderRow } from './orders.service';
import { loadLineUnits, unitsToShip } from './line-units';

/**
 * Issue #25 (decision 157): shipments. An admin ships some or all units of a
 * paid order's lines; a line has shipped when its shipments carry its
 * quantity. A paid order is `partially_shipped` once any unit left and
 * `shipped` when every line has (a line the spec's "Dleverd" delivered counts
 * as shipped); `delivered` (every line delivered) still comes last.
 */

type ShipmentRow = typeof shipments.$inferSelect;
export interface ShipmentWithLines extends ShipmentRow {
  lines: { orderId: string; quantity: number }[];
}

/** Units shipped per order line, from these shipments. */
export function shippedUnits(list: ShipmentWithLines[]): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const s of list) for (const l of s.lines) shipped.set(l.orderId, (shipped.get(l.orderId) ?? 0) + l.quantity);
  return shipped;
}

/** The order's status once its shipments are counted: only a paid order turns (partially) shipped. */
export function shippedStatus(status: PurchaseStatus, rows: Pick<OrderRow, 'id' | 'quantity' | 'deleverd'>[], list: ShipmentWithLines[]): PurchaseStatus {
  if (status !== 'paid' || list.length === 0) return status;
  const shipped = shippedUnits(list);
  return rows.every((o) => o.deleverd || (shipped.get(o.id) ?? 0) >= o.quantity) ? 'shipped' : 'partially_shipped';
}

/**
 * The SQL twin of shippedStatus for the lists (pagePurchases): over the rows of
 * one order joined with `shipped_units` (see shippedUnitsJoin), when every line is paid.
 */
export const shippedStatusSql = sql`case when bool_or(coalesce(shipped_units.units, 0) > 0) then
    case when bool_and(${orders.deleverd} or coalesce(shipped_units.units, 0) >= ${orders.quantity}) then 'shipped' else 'partially_shipped' end
  else 'paid' end`;
/** Each order line's shipped units, to join to `orders` as `shipped_units`. */
export const shippedUnitsJoin = sql`left join (select ${shipmentLines.orderId} as order_id, sum(${shipmentLines.quantity})::int as units
    from ${shipmentLines} group by ${shipmentLines.orderId}) shipped_units on shipped_units.order_id = ${orders.id}`;

/** The shipments of these orders (by key), oldest first, each with its lines. */
export async function loadShipments(db: Db, keys: string[]): Promise<Map<string, ShipmentWithLines[]>> {
  const byKey = new Map<string, ShipmentWithLines[]>();
  if (keys.length === 0) return byKey;
  const heads = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderKey, keys))
    .orderBy(asc(shipments.shippedAt), asc(shipments.createdAt), asc(shipments.id));
  if (heads.length === 0) return byKey;
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        heads.map((h) => h.id),
      ),
    );
  for (const h of heads) {
    const list = byKey.get(h.orderKey) ?? [];
    list.push({ ...h, lines: lines.filter((l) => l.shipmentId === h.id).map((l) => ({ orderId: l.orderId, quantity: l.quantity })) });
    byKey.set(h.orderKey, list);
  }
  return byKey;
}

/** A shipment as the purchase view shows it; its lines in the order's line order. */
export function toShipmentDto(s: ShipmentWithLines, rows: Pick<OrderRow, 'id' | 'productName'>[]): Shipment {
  const name = new Map(rows.map((o) => [o.id, o.productName]));
  const order = new Map(rows.map((o, i) => [o.id, i]));
  return {
    _id: s.id,
    carrier: s.carrier,
    carrierName: carrierName(s.carrier),
    trackingNumber: s.trackingNumber,
    trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
    shippedAt: s.shippedAt.toISOString(),
    lines: [...s.lines]
      .sort((a, b) => (order.get(a.orderId) ?? 0) - (order.get(b.orderId) ?? 0))
      .map((l) => ({ orderId: l.orderId, productName: name.get(l.orderId) ?? '', quantity: l.quantity })),
  };
}

const notFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');
const quoted = (name: string) => `“${name}”`;

/** The order (its id) of a TT number, an order id or a line id, or null. */
export async function orderKeyOf(db: Db, ref: string): Promise<string | null> {
  const number = parseOrderNumber(ref);
  const key = orders.checkoutId;
  if (number !== null) {
    const [row] = await db.select({ key }).from(orders).where(eq(orders.number, number)).limit(1);
    return row?.key ?? null;
  }
  if (!isUuid(ref)) return null;
  const [row] = await db
    .select({ key })
    .from(orders)
    .where(sql`${orders.id} = ${ref}::uuid or ${orders.checkoutId} = ${ref}::uuid`)
    .limit(1);
  return row?.key ?? null;
}

/**
 * When it left: the day given (noon UTC, so the day reads the same everywhere), the moment given, or now. Not in the
 * future. Issue #39 item 7 (decision 184): the admin's Ship… dialog sends the moment for a parcel sent today, so the
 * timeline shows when it left; a day alone (an earlier day, or an API client) stays noon of that day.
 */
function shippedAtOf(input: string | undefined, now: Date): Date {
  if (!input) return now;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(input) ? new Date(`${input}T12:00:00Z`) : new Date(input);
  if (Number.isNaN(at.getTime())) throw new BadRequestError('shippedAt must be a date (YYYY-MM-DD) or an ISO date and time.', 'VALIDATION_ERROR');
  // A day ahead is allowed: "today" in the admin's time zone may be tomorrow in UTC.
  if (at.getTime() > now.getTime() + 36 * 3600_000) throw new BadRequestError('The ship date cannot be in the future.', 'SHIP_DATE_IN_FUTURE');
  return at;
}

export interface CreatedShipment {
  key: string;
  shipment: ShipmentWithLines;
  /** The shipment e-mail to send after the commit. */
  mail: ShipmentMail;
}

/**
 * Record a shipment of some units of a paid order's lines, in one transaction
 * with the order's rows locked (so two shipments of one order cannot both
 * take the same units). Refused, naming the line: a line not in this order
 * (400), a line not paid, to be refunded or already delivered, or more units
 * than are left to ship (409). Audited as `shipment.create`, named by the
 * order's number.
 */
export async function createShipment(
  db: Db,
  admin: NonNullable<AuditInput['actor']>,
  ref: string,
  input: z.output<typeof createShipmentSchema>,
  now: Date,
): Promise<CreatedShipment> {
  const key = await orderKeyOf(db, ref);
  if (!key) throw notFound();
  const shippedAt = shippedAtOf(input.shippedAt, now);
  return db.transaction(async (tx) => {
    const rows = await orderLinesOf(tx, key, { lock: true });
    if (rows.length === 0) throw notFound();
    const number = orderNumber(rows[0].number ?? 0);
    // Read after the lock: every shipment, return and refund of this order committed before it is counted.
    const units = await loadLineUnits(
      tx,
      key,
      rows.map((o) => o.id),
    );
    const shipped = new Map([...units].map(([id, u]) => [id, u.shipped]));
    // Decision 208: an order on the company's account ships before it is paid (its lines hold their stock).
    const [account] = rows[0].checkoutId
      ? await tx
          .select({ id: checkouts.id })
          .from(checkouts)
          .where(and(eq(checkouts.id, rows[0].checkoutId), eq(checkouts.onAccount, true)))
      : [];
    const byId = new Map(rows.map((o) => [o.id, o]));

    for (const line of input.lines) {
      const o = byId.get(line.orderId);
      if (!o) {
        throw new BadRequestError(`Line ${line.orderId} is not part of order ${number}.`, 'SHIPMENT_LINE_UNKNOWN', { orderId: line.orderId });
      }
      const ordered = o.quantity;
      const done = shipped.get(o.id) ?? 0;
      // Issue #34: units refunded before they shipped never ship.
      const u = units.get(o.id)!;
      const refundedUnshipped = u.refunded - u.refundedByReturn;
      const left = unitsToShip(ordered, u);
      const details = { orderId: o.id, productName: o.productName, ordered, shipped: done, refunded: refundedUnshipped, left };
      if (!o.paid && !(account && o.status === 'unpaid')) {
        throw new DomainError(
          409,
          'SHIPMENT_LINE_NOT_PAID',
          `${quoted(o.productName)} of order ${number} is not paid: only paid lines can be shipped.`,
          details,
        );
      }
      if (o.refundDue) {
        throw new DomainError(
          409,
          'SHIPMENT_LINE_REFUND_DUE',
          `${quoted(o.productName)} of order ${number} was paid after its parts sold out: refund it instead of shipping it.`,
          details,
        );
      }
      if (o.deleverd) {
        throw new DomainError(409, 'SHIPMENT_LINE_DELIVERED', `${quoted(o.productName)} of order ${number} is already delivered.`, details);
      }
      if (line.quantity > left) {
        throw new DomainError(
          409,
          'SHIPMENT_TOO_MANY_UNITS',
          left === 0 && refundedUnshipped > 0
            ? `${quoted(o.productName)} of order ${number} has nothing left to ship: ${refundedUnshipped.toLocaleString('en-US')} of its ${ordered.toLocaleString('en-US')} units were refunded${done ? ` and ${done.toLocaleString('en-US')} shipped` : ''}.`
            : left === 0
              ? `${quoted(o.productName)} of order ${number} has shipped already: all ${ordered.toLocaleString('en-US')} units.`
              : `Only ${left.toLocaleString('en-US')} of ${ordered.toLocaleString('en-US')} units of ${quoted(o.productName)} are left to ship in order ${number}; you asked to ship ${line.quantity.toLocaleString('en-US')}.`,
          details,
        );
      }
    }

    const [head] = await tx
      .insert(shipments)
      .values({ orderKey: key, carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt, createdBy: admin.id })
      .returning();
    await tx.insert(shipmentLines).values(input.lines.map((l) => ({ shipmentId: head.id, orderId: l.orderId, quantity: l.quantity })));
    for (const l of input.lines) shipped.set(l.orderId, (shipped.get(l.orderId) ?? 0) + l.quantity);
    const unitsLeft = rows.reduce((sum, o) => {
      const u = units.get(o.id)!;
      return sum + (o.deleverd ? 0 : unitsToShip(o.quantity, { ...u, shipped: shipped.get(o.id) ?? 0 }));
    }, 0);
    const shippedLines = input.lines.map((l) => ({ productName: byId.get(l.orderId)!.productName, sku: byId.get(l.orderId)!.sku, quantity: l.quantity }));

    await recordAudit(tx, {
      actor: admin,
      action: 'shipment.create',
      entityType: 'order',
      entityId: number,
      before: null,
      after: {
        shipmentId: head.id,
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        shippedAt: shippedAt.toISOString(),
        lines: shippedLines.map((l) => ({ productName: l.productName, quantity: l.quantity })),
      },
      note: `Shipped ${shippedLines.map((l) => `${l.quantity.toLocaleString('en-US')} × ${l.productName}`).join(', ')} of order ${number} via ${carrierName(input.carrier)} ${input.trackingNumber}${unitsLeft ? `; ${unitsLeft.toLocaleString('en-US')} units left to ship` : '; every line has shipped'}.`,
    });

    const first = rows[0];
    return {
      key,
      shipment: { ...head, lines: input.lines.map((l) => ({ orderId: l.orderId, quantity: l.quantity })) },
      mail: {
        number,
        to: first.email,
        userName: first.userName,
        carrierName: carrierName(input.carrier),
        trackingNumber: input.trackingNumber,
        trackingUrl: trackingUrl(input.carrier, input.trackingNumber),
        shippedAt,
        lines: shippedLines,
        complete: unitsLeft === 0,
        unitsLeft,
      },
    };
  });
}
