import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { RETURN_REASON_LABELS, orderNumber, type createReturnSchema, type Return, type ReturnReason, type ReturnStatus } from '@shop/shared';
import type { Db } from '../../db/client';
import { orderReturns, type ReturnedLine } from '../../db/schema';
import { BadRequestError, DomainError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { actsAsAdmin } from '../../lib/policy';
import type { ReturnMail } from '../../lib/return-email';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit, type AuditInput } from '../audit/audit.service';
import { createRefund, nothingLeftToRefund, type CreatedRefund } from './order-refunds.service';
import { loadLineUnits, unitsToReturn } from './line-units';
import { loadShipments, orderKeyOf, type ShipmentWithLines } from './shipments.service';
import { orderLinesOf, type OrderRow } from './orders.service';

/**
 * Issue #25 item 4 (decision 163): returns. The customer asks to return units
 * of lines that have shipped, within RETURN_WINDOW_DAYS of the order's last
 * parcel, with a reason; an admin approves or rejects it, marks it received,
 * and refunds it through the order's refunds (decision 162), the return's id
 * being the refund's idempotency key, so it is refunded once.
 */

export type ReturnRow = typeof orderReturns.$inferSelect;

const notFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');
const noReturn = () => new NotFoundError('No return with that id.', 'RETURN_NOT_FOUND');
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The returns of these orders (by key), oldest first. */
export async function loadReturns(db: Db, keys: string[]): Promise<Map<string, ReturnRow[]>> {
  const byKey = new Map<string, ReturnRow[]>();
  if (keys.length === 0) return byKey;
  const rows = await db.select().from(orderReturns).where(inArray(orderReturns.orderKey, keys)).orderBy(asc(orderReturns.requestedAt), asc(orderReturns.id));
  for (const r of rows) byKey.set(r.orderKey, [...(byKey.get(r.orderKey) ?? []), r]);
  return byKey;
}

export function toReturnDto(r: ReturnRow): Return {
  return {
    _id: r.id,
    status: r.status as ReturnStatus,
    reason: r.reason as ReturnReason,
    note: r.note,
    lines: r.lines,
    requestedAt: r.requestedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    refundId: r.refundId,
  };
}

/**
 * RETURN_WINDOW_DAYS, set once when the app is built (app.ts), so that the order views, which are read with the
 * database alone, can say until when a return may be asked for.
 */
let configuredWindowDays = 30;
export function configureReturnWindow(days: number): void {
  configuredWindowDays = days;
}

/** Until when the customer may ask for a return: the last parcel's day plus the window; null before anything shipped. */
export function returnableUntil(list: ShipmentWithLines[], windowDays = configuredWindowDays): Date | null {
  if (list.length === 0) return null;
  const last = Math.max(...list.map((s) => s.shippedAt.getTime()));
  return new Date(last + windowDays * 86_400_000);
}

const mailOf = (r: ReturnRow, step: ReturnMail['step'], first: OrderRow, note: string): ReturnMail => ({
  step,
  number: orderNumber(first.number ?? 0),
  to: first.email,
  userName: first.userName,
  reason: r.reason as ReturnReason,
  lines: r.lines.map((l) => ({ productName: l.productName, quantity: l.quantity })),
  note,
});

const lockedRows = (tx: Db, key: string) => orderLinesOf(tx, key, { lock: true });

export interface ReturnResult {
  key: string;
  row: ReturnRow;
  mail: ReturnMail | null;
}

/** POST /purchases/{ref}/returns: the order's customer asks to return units of lines that have shipped. */
export async function createReturn(
  app: FastifyInstance,
  user: AuthUser,
  ref: string,
  input: z.output<typeof createReturnSchema>,
  now: Date,
): Promise<ReturnResult> {
  const key = await orderKeyOf(app.db, ref);
  if (!key) throw notFound();
  const shipments = (await loadShipments(app.db, [key])).get(key) ?? [];
  return app.db.transaction(async (tx) => {
    const rows = await lockedRows(tx, key);
    if (rows.length === 0) throw notFound();
    if (rows[0].userId !== user.id) {
      if (actsAsAdmin(user)) throw new ForbiddenError('Only the customer who placed this order can ask to return its parts.', 'NOT_ORDER_OWNER');
      throw notFound();
    }
    const number = orderNumber(rows[0].number ?? 0);
    const until = returnableUntil(shipments, app.config.RETURN_WINDOW_DAYS);
    if (!until) throw new DomainError(409, 'RETURN_NOT_SHIPPED', `Nothing of order ${number} has shipped yet: parts can be returned once they have arrived.`);
    if (now.getTime() > until.getTime()) {
      throw new DomainError(
        409,
        'RETURN_WINDOW_CLOSED',
        `The ${app.config.RETURN_WINDOW_DAYS}-day return window of order ${number} closed on ${dayFormat.format(until)}. Contact us if something is wrong with a part.`,
      );
    }
    // Read after the lock: units shipped, returned (in any return not rejected), and refunded already (issue #34).
    const units = await loadLineUnits(
      tx,
      key,
      rows.map((o) => o.id),
    );
    if (await nothingLeftToRefund(tx, key, rows)) {
      throw new DomainError(
        409,
        'RETURN_NOTHING_TO_REFUND',
        `Order ${number} was refunded in full already: there is nothing left to return for a refund. Contact us if something is wrong with a part.`,
      );
    }
    const byId = new Map(rows.map((o) => [o.id, o]));
    const lines: ReturnedLine[] = [];
    for (const l of input.lines) {
      const o = byId.get(l.orderId);
      if (!o) throw new BadRequestError(`Line ${l.orderId} is not part of order ${number}.`, 'RETURN_LINE_UNKNOWN', { orderId: l.orderId });
      const left = unitsToReturn(o.quantity, units.get(o.id)!);
      if (l.quantity > left) {
        throw new DomainError(
          409,
          'RETURN_TOO_MANY_UNITS',
          left === 0
            ? `No units of “${o.productName}” can be returned: none has shipped, or they are returned or refunded already.`
            : `Only ${left.toLocaleString('en-US')} units of “${o.productName}” can be returned; you asked for ${l.quantity.toLocaleString('en-US')}.`,
          { orderId: o.id, left },
        );
      }
      lines.push({ orderId: o.id, productName: o.productName, quantity: l.quantity });
    }
    const [row] = await tx
      .insert(orderReturns)
      .values({ orderKey: key, reason: input.reason, note: input.note, lines, requestedBy: user.id, requestedAt: now })
      .returning();
    await recordAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: 'return.request',
      entityType: 'order',
      entityId: number,
      before: null,
      after: { returnId: row.id, reason: input.reason, lines: lines.map((l) => ({ productName: l.productName, quantity: l.quantity })) },
      note: `The customer asked to return ${lines.map((l) => `${l.quantity.toLocaleString('en-US')} × ${l.productName}`).join(', ')} of order ${number} (${RETURN_REASON_LABELS[input.reason].toLowerCase()}).`,
    });
    return { key, row, mail: mailOf(row, 'requested', rows[0], '') };
  });
}

const STEPS = {
  approve: { from: ['requested'], to: 'approved', mail: 'approved', verb: 'approved' },
  reject: { from: ['requested'], to: 'rejected', mail: 'rejected', verb: 'rejected' },
  receive: { from: ['approved'], to: 'received', mail: 'received', verb: 'marked received' },
} as const;

/** POST /returns/{id}/{approve|reject|receive}: an admin's step, in order: requested → approved or rejected; approved → received. */
export async function stepReturn(
  app: FastifyInstance,
  admin: NonNullable<AuditInput['actor']>,
  id: string,
  step: keyof typeof STEPS,
  note: string,
  now: Date,
): Promise<ReturnResult> {
  const rule = STEPS[step];
  return app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update');
    if (!current) throw noReturn();
    const rows = await lockedRows(tx, current.orderKey);
    const number = orderNumber(rows[0]?.number ?? 0);
    if (!(rule.from as readonly string[]).includes(current.status)) {
      throw new DomainError(409, 'RETURN_STEP_NOT_ALLOWED', `This return of order ${number} is ${current.status}: it cannot be ${rule.verb} now.`, {
        status: current.status,
      });
    }
    const [row] = await tx
      .update(orderReturns)
      .set(step === 'receive' ? { status: rule.to, receivedAt: now } : { status: rule.to, decidedAt: now, decisionNote: note })
      .where(eq(orderReturns.id, id))
      .returning();
    await recordAudit(tx, {
      actor: admin,
      action: `return.${step}`,
      entityType: 'order',
      entityId: number,
      before: { status: current.status },
      after: { returnId: id, status: rule.to, note },
      note: `Return of ${row.lines.map((l) => `${l.quantity.toLocaleString('en-US')} × ${l.productName}`).join(', ')} of order ${number} ${rule.verb}${note ? `: ${note}` : ''}.`,
    });
    return { key: row.orderKey, row, mail: rows[0] ? mailOf(row, rule.mail, rows[0], note) : null };
  });
}

/**
 * POST /returns/{id}/refund: a received return is refunded, its units (and the
 * shipping when asked) through the order's refunds, with the return's id as
 * the idempotency key: asked twice, it is refunded once.
 */
export async function refundReturn(
  app: FastifyInstance,
  admin: NonNullable<AuditInput['actor']>,
  id: string,
  input: { restock: boolean; shipping: boolean },
  now: Date,
): Promise<{ key: string; refund: CreatedRefund | null }> {
  const [current] = await app.db.select().from(orderReturns).where(eq(orderReturns.id, id));
  if (!current) throw noReturn();
  if (current.status === 'refunded') return { key: current.orderKey, refund: null };
  if (current.status !== 'received') {
    throw new DomainError(409, 'RETURN_NOT_RECEIVED', `This return is ${current.status}: refund it once the parts have arrived and it is marked received.`, {
      status: current.status,
    });
  }
  // Issue #34: the order was refunded in full meanwhile (by an amount, say): the return is closed, not left stuck.
  if (await nothingLeftToRefund(app.db, current.orderKey)) {
    const closed = await app.db.transaction(async (tx) => {
      const rows = await lockedRows(tx, current.orderKey);
      const [row] = await tx
        .update(orderReturns)
        .set({ status: 'refunded', refundedAt: now })
        .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'received')))
        .returning();
      if (!row) return false;
      const number = orderNumber(rows[0]?.number ?? 0);
      await recordAudit(tx, {
        actor: admin,
        action: 'return.refund',
        entityType: 'order',
        entityId: number,
        before: { status: 'received' },
        after: { returnId: id, status: 'refunded', refund: null },
        note: `Return of ${row.lines.map((l) => `${l.quantity.toLocaleString('en-US')} × ${l.productName}`).join(', ')} of order ${number} closed: the order was refunded in full already, so nothing more was refunded.`,
      });
      return true;
    });
    if (closed) return { key: current.orderKey, refund: null };
  }
  const refund = await createRefund(app, admin, current.orderKey, {
    lines: current.lines.map((l) => ({ orderId: l.orderId, quantity: l.quantity })),
    shipping: input.shipping,
    amount: 0,
    reason: `Return: ${RETURN_REASON_LABELS[current.reason as ReturnReason].toLowerCase()}${current.note ? ` (${current.note})` : ''}`,
    restock: input.restock,
    idempotencyKey: current.id,
  });
  await app.db
    .update(orderReturns)
    .set({ status: 'refunded', refundedAt: now, refundId: refund.refund.id })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'received')));
  return { key: current.orderKey, refund };
}
