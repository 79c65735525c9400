import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fromCents, orderNumber } from '@shop/shared';
import type { Db } from '../db/client';
import { checkouts, orderRefunds, orderReturns, orders, shipmentLines } from '../db/schema';
import { DomainError, NotFoundError } from '../lib/errors';
import type { AuthUser } from '../plugins/auth';
import { recordAudit } from '../modules/audit/audit.service';
import { answerFor, createRefund, type CreatedRefund } from '../modules/orders/order-refunds.service';
import { orderLinesOf, type OrderRow } from '../modules/orders/orders.service';
import { orderKeyOf } from '../modules/orders/shipments.service';

/**
 * Issue #39 item 9 (decision 189): a customer cancels their own paid order while nothing of it has shipped, and is
 * refunded in full through the payment provider.
 *
 * It is a refund of every unit and the shipping, made by the refund service (decision 162, 179): the order's rows are
 * locked, and under that lock the order must be paid, have no parcel, no delivered line, no refund and no return
 * yet. The pending refund and the order's lines marked `cancelled` are written in that one transaction, so an admin
 * shipping at the same moment either ships first (then the cancel is refused) or finds every unit refunded (then the
 * shipment is refused): never both. The provider is then asked once per refund (its idempotency key); a refusal
 * fails the refund and puts the order back to paid. The units go back in stock and the credit note is issued when
 * the provider said yes.
 *
 * A second cancel (a double click, a second tab) finds the order cancelled by the first and answers its refund: the
 * money moves once.
 */

export const CUSTOMER_CANCEL_REASON = 'Order cancelled by the customer before it shipped';

const notFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');

/** Thrown under the lock when another request cancelled the order first; answered with that request's refund. */
class AlreadyCancelled extends Error {}

export interface CustomerCancel {
  key: string;
  /** TT-10042 */
  number: string;
  created: CreatedRefund;
  /** False when this request repeated an earlier cancel (nothing new to tell anyone). */
  fresh: boolean;
  rows: OrderRow[];
}

/** Why a paid order can no longer be cancelled by its customer, or null when it can (read under the order's lock). */
async function refusal(tx: Db, key: string, rows: OrderRow[], number: string): Promise<DomainError | null> {
  const ids = rows.map((o) => o.id);
  const [parcel] = await tx.select({ id: shipmentLines.orderId }).from(shipmentLines).where(inArray(shipmentLines.orderId, ids)).limit(1);
  if (parcel || rows.some((o) => o.deleverd)) {
    return new DomainError(
      409,
      'ORDER_SHIPPED',
      `Order ${number} has already shipped, so it can no longer be cancelled. Once it arrives you can ask to return the parts from the order page.`,
    );
  }
  const [refund] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderKey, key), ne(orderRefunds.status, 'failed')))
    .limit(1);
  const [ret] = await tx
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .where(and(eq(orderReturns.orderKey, key), ne(orderReturns.status, 'rejected')))
    .limit(1);
  if (refund || ret) {
    return new DomainError(
      409,
      'ORDER_REFUND_IN_PROGRESS',
      `Order ${number} already has a ${refund ? 'refund' : 'return'}, so it cannot be cancelled here. Reply to your order e-mail or contact us and we will settle the rest.`,
    );
  }
  return null;
}

/** The order is paid and every line of it is cancelled: a customer's cancellation of a paid order stands. */
const cancelledPaid = (rows: OrderRow[]) => rows.length > 0 && rows.every((o) => o.paid && o.status === 'cancelled');

/** The refund of an order its customer cancelled (the one refund that did not fail). */
async function cancelRefundOf(db: Db, key: string) {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderKey, key), ne(orderRefunds.status, 'failed')))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(1);
  return row ?? null;
}

export async function cancelPaidOrder(app: FastifyInstance, user: AuthUser, ref: string): Promise<CustomerCancel> {
  const key = await orderKeyOf(app.db, ref);
  if (!key) throw notFound();
  const rows = await orderLinesOf(app.db, key);
  // Only the order's own customer: anyone else (an admin too, who refunds from the admin tools) is told there is none.
  if (rows.length === 0 || rows[0].userId !== user.id) throw notFound();
  const number = orderNumber(rows[0].number ?? 0);
  const repeat = async (): Promise<CustomerCancel> => {
    const refund = await cancelRefundOf(app.db, key);
    if (!refund) throw notFound();
    const created = await answerFor(app, key, refund);
    return { key, number, created: { ...created, mail: null }, fresh: false, rows: await orderLinesOf(app.db, key) };
  };
  if (cancelledPaid(rows)) return repeat();
  if (!rows.every((o) => o.paid)) {
    if (rows.every((o) => o.status === 'cancelled')) {
      throw new DomainError(409, 'ORDER_CANCELLED', `Order ${number} is already cancelled.`);
    }
    throw new DomainError(
      409,
      'ORDER_NOT_PAID',
      `Order ${number} is not paid yet, so there is nothing to refund: cancel it with “Cancel” on the order page (DELETE /orders/{line}) and its parts go back on sale.`,
    );
  }
  try {
    const created = await createRefund(
      app,
      { id: user.id, email: user.email },
      key,
      {
        lines: rows.map((o) => ({ orderId: o.id, quantity: o.quantity })),
        // The order's shipping, read from its head.
        shipping: await hasShipping(app.db, key),
        amount: 0,
        reason: CUSTOMER_CANCEL_REASON,
        restock: true,
        idempotencyKey: randomUUID(),
      },
      {
        underLock: async (tx, locked, lockedNumber) => {
          if (cancelledPaid(locked)) throw new AlreadyCancelled();
          const why = await refusal(tx, key, locked, lockedNumber);
          if (why) throw why;
        },
        afterPending: async (tx, locked, refund) => {
          const now = new Date();
          await tx
            .update(orders)
            .set({ status: 'cancelled', cancelledAt: now })
            .where(
              inArray(
                orders.id,
                locked.map((o) => o.id),
              ),
            );
          await recordAudit(tx, {
            actor: { id: user.id, email: user.email },
            action: 'order.cancel',
            entityType: 'order',
            entityId: number,
            before: { status: 'paid' },
            after: { status: 'cancelled', refundId: refund.id, refund: fromCents(refund.totalCents) },
            note: `The customer cancelled paid order ${number} before it shipped; refunding ${usd(refund.totalCents)} in full through the payment provider.`,
          });
        },
      },
    );
    return { key, number, created, fresh: created.mail !== null, rows: await orderLinesOf(app.db, key) };
  } catch (err) {
    if (err instanceof AlreadyCancelled) return repeat();
    throw err;
  }
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Whether the order charged shipping (a checkout's is on its head). */
async function hasShipping(db: Db, key: string): Promise<boolean> {
  const [head] = await db.select({ cents: checkouts.shippingCents }).from(checkouts).where(eq(checkouts.id, key));
  return (head?.cents ?? 0) > 0;
}
