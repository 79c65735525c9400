import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fromCents, orderNumber, refundFigures, type createRefundSchema, type Refund } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, orderRefunds, orderReturns, orders, type RefundedLine } from '../../db/schema';
import { documents } from '../../db/schema/documents';
import { BadRequestError, ConflictError, DomainError, NotFoundError, PaymentError } from '../../lib/errors';
import type { RefundMail } from '../../lib/refund-email';
import { ProviderError } from '../../payments/provider-errors';
import { recordAudit, type AuditInput } from '../audit/audit.service';
import { figuresCents } from '../checkout/checkout-rows';
import { issueCreditNote } from '../invoices/invoices.service';
import { moveLineStock } from '../stock/stock.service';
import { orderLinesOf, type OrderRow } from './orders.service';
import { orderKeyOf } from './shipments.service';
import { loadLineUnits, unitsToRestock, unitsToShip } from './line-units';

/**
 * Issue #25 item 3 (decision 162): an admin refunds a paid order, in full or in
 * part, through the payment provider.
 *
 * 1. In one transaction with the order's rows locked: check it is paid, work
 *    out the figures (@shop/shared refundFigures) against the refunds made or
 *    under way, and record the refund as `pending` under its idempotency key.
 * 2. Ask the provider, with an idempotency key of this refund's own.
 * 3. In a second transaction: mark it `succeeded`, put the units back in stock
 *    when asked (the stock ledger), issue the credit note, clear "refund due"
 *    once nothing is left, and write the Activity entry by order number.
 *
 * A provider that refuses leaves the refund `failed` (it counts for nothing)
 * and the answer says why. The same idempotency key again answers the same
 * refund; a `pending` one (the provider's answer was lost) is asked again with
 * the same provider key, so the money moves once.
 */

export type RefundRow = typeof orderRefunds.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;

const notFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');

/** The refunds of these orders (by key), oldest first, failed ones left out. */
export async function loadRefunds(db: Db, keys: string[]): Promise<Map<string, RefundRow[]>> {
  const byKey = new Map<string, RefundRow[]>();
  if (keys.length === 0) return byKey;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderKey, keys), ne(orderRefunds.status, 'failed')))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  for (const r of rows) byKey.set(r.orderKey, [...(byKey.get(r.orderKey) ?? []), r]);
  return byKey;
}

/** Units refunded per order line, by these refunds. */
export function refundedUnits(list: RefundRow[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const r of list) for (const l of r.lines) units.set(l.orderId, (units.get(l.orderId) ?? 0) + l.quantity);
  return units;
}

/** A refund as the purchase view shows it. */
export function toRefundDto(r: RefundRow, creditNoteNumber: string | null): Refund {
  return {
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    total: fromCents(r.totalCents),
    goods: fromCents(r.goodsCents),
    shipping: fromCents(r.shippingCents),
    tax: fromCents(r.taxCents),
    extra: fromCents(r.extraCents),
    reason: r.reason,
    restocked: r.restock,
    lines: r.lines.map((l) => ({
      orderId: l.orderId,
      productName: l.productName,
      quantity: l.quantity,
      amount: fromCents(l.goodsCents),
      tax: fromCents(l.taxCents),
    })),
    creditNoteNumber,
    status: r.status === 'succeeded' ? 'succeeded' : 'pending',
  };
}

/** Credit note numbers by document id. */
export async function creditNoteNumbersOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: documents.id, number: documents.number }).from(documents).where(inArray(documents.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** What the order's one payment took, its id, and its shipping, from its rows and head. */
function paidOrder(rows: OrderRow[], checkout: CheckoutRow) {
  // The spec's one-product purchase keeps its payment on its line (decision 212).
  return {
    paymentId: checkout.transactionId ?? rows.find((o) => o.transactionId)?.transactionId ?? null,
    paidCents: figuresCents(checkout, rows).total,
    shippingCents: checkout.shippingCents,
    shippingTaxCents: checkout.shippingTaxCents,
    taxIncluded: checkout.taxIncluded,
  };
}

export interface CreatedRefund {
  key: string;
  refund: RefundRow;
  /** The e-mail to send once the money is back; null when this answer repeats an earlier one. */
  mail: RefundMail | null;
}

/**
 * Issue #39 item 9 (decision 189): what a caller other than the admin's refund form adds, in the refund's own
 * transaction: `underLock` checks the order once its rows are locked (and may refuse), `afterPending` writes beside
 * the pending refund (the customer's cancellation marks the order cancelled there).
 */
export interface RefundHooks {
  underLock?: (tx: Db, rows: OrderRow[], number: string) => Promise<void>;
  afterPending?: (tx: Db, rows: OrderRow[], refund: RefundRow) => Promise<void>;
}

/** Who a refund the shop made on its own is recorded as (issue #34: a payment that came after its parts sold out). */
export const SHOP_ACTOR_EMAIL = 'the shop (automatic)';

export async function createRefund(
  app: FastifyInstance,
  /** The admin (or customer, decision 189) who asks for it; null for a refund the shop makes on its own. */
  admin: AuditInput['actor'],
  ref: string,
  input: z.output<typeof createRefundSchema>,
  hooks: RefundHooks = {},
): Promise<CreatedRefund> {
  const db = app.db;
  const key = await orderKeyOf(db, ref);
  if (!key) throw notFound();

  const [earlier] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
  if (earlier) return answerFor(app, key, earlier);

  let pending: RefundRow;
  try {
    pending = await db.transaction(async (tx) => {
      const rows = await orderLinesOf(tx, key, { lock: true });
      if (rows.length === 0) throw notFound();
      // Issue #34: the same request sent at the same moment waited for the lock above; the refund it made is this one.
      const [meanwhile] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
      if (meanwhile) return meanwhile;
      const number = orderNumber(rows[0].number ?? 0);
      if (hooks.underLock) await hooks.underLock(tx, rows, number);
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, key));
      const paid = paidOrder(rows, checkout);
      if (!rows.every((o) => o.paid) || !paid.paymentId) {
        throw new DomainError(409, 'REFUND_NOT_PAID', `Order ${number} is not paid: only a paid order can be refunded. Cancel an unpaid order instead.`);
      }
      // Read after the lock: every refund of this order committed before it counts.
      const done = await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderKey, key), ne(orderRefunds.status, 'failed')));
      const units = refundedUnits(done);
      const result = refundFigures(
        {
          lines: rows.map((o) => ({
            orderId: o.id,
            quantity: o.quantity,
            priceCents: o.priceCents,
            taxCents: o.taxCents,
            refundedQuantity: units.get(o.id) ?? 0,
          })),
          shippingCents: paid.shippingCents,
          shippingTaxCents: paid.shippingTaxCents,
          shippingRefunded: done.some((r) => r.shippingCents > 0),
          taxIncluded: paid.taxIncluded,
          paidCents: paid.paidCents,
          refundedCents: done.reduce((s, r) => s + r.totalCents, 0),
        },
        { lines: input.lines, shipping: input.shipping, extraCents: Math.round(input.amount * 100) },
      );
      if (!result.ok) {
        const unknown = input.lines.find((l) => !rows.some((o) => o.id === l.orderId));
        if (unknown) throw new BadRequestError(`Line ${unknown.orderId} is not part of order ${number}.`, 'REFUND_LINE_UNKNOWN', { orderId: unknown.orderId });
        throw new DomainError(409, 'REFUND_NOT_POSSIBLE', `${result.message} (order ${number})`);
      }
      const f = result.figures;
      const byId = new Map(rows.map((o) => [o.id, o]));
      // Issue #34: units refunded as units are units that will never ship. Outside a return (whose id is its refund's
      // key), only units not shipped yet can be; a shipped unit is refunded when it comes back, or as an amount.
      const [viaReturn] = await tx
        .select({ id: orderReturns.id })
        .from(orderReturns)
        .where(and(eq(orderReturns.id, input.idempotencyKey), eq(orderReturns.orderKey, key)));
      if (!viaReturn && f.lines.length) {
        const units = await loadLineUnits(
          tx,
          key,
          rows.map((o) => o.id),
        );
        for (const l of f.lines) {
          const o = byId.get(l.orderId)!;
          const left = unitsToShip(o.quantity, units.get(o.id)!);
          if (l.quantity > left) {
            throw new DomainError(
              409,
              'REFUND_UNITS_SHIPPED',
              `Only ${left.toLocaleString('en-US')} ${left === 1 ? 'unit' : 'units'} of “${o.productName}” of order ${number} ${left === 1 ? 'has' : 'have'} not shipped and can be refunded as units; a shipped unit is refunded through a return once it is back, or as an amount.`,
              { orderId: o.id, left },
            );
          }
        }
      }
      const lines: RefundedLine[] = f.lines.map((l) => ({
        orderId: l.orderId,
        productName: byId.get(l.orderId)!.productName,
        quantity: l.quantity,
        goodsCents: l.goodsCents,
        taxCents: l.taxCents,
      }));
      const [row] = await tx
        .insert(orderRefunds)
        .values({
          orderKey: key,
          idempotencyKey: input.idempotencyKey,
          paymentId: paid.paymentId,
          status: 'pending',
          goodsCents: f.goodsCents,
          shippingCents: f.shippingCents,
          taxCents: f.taxCents,
          extraCents: f.extraCents,
          totalCents: f.totalCents,
          lines,
          reason: input.reason,
          restock: input.restock,
          actorId: admin?.id ?? null,
          actorEmail: admin?.email ?? SHOP_ACTOR_EMAIL,
        })
        .returning();
      if (hooks.afterPending) await hooks.afterPending(tx, rows, row);
      return row;
    });
  } catch (err) {
    // The same key used at the same moment for a refund of another order: that refund holds it.
    if (!isUniqueViolation(err)) throw err;
    const [other] = await db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, input.idempotencyKey));
    if (!other) throw err;
    pending = other;
  }
  return answerFor(app, key, pending);
}

/**
 * The answer to a refund request whose refund exists: the same refund for the same key (never a second one), its
 * refusal again, or, while it is pending, the provider asked once more with the same provider key.
 */
export async function answerFor(app: FastifyInstance, key: string, row: RefundRow): Promise<CreatedRefund> {
  if (row.orderKey !== key) throw new ConflictError('That idempotency key belongs to a refund of another order.', 'IDEMPOTENCY_KEY_REUSED');
  if (row.status === 'failed') throw refused(app, row.failure);
  if (row.status === 'succeeded') return { key, refund: row, mail: null };
  return finishOnce(app, row);
}

const refused = (app: FastifyInstance, failure: string | null) =>
  new PaymentError(`The ${app.payments.name} payment provider refused the refund: ${failure ?? 'no reason given'}`, 'REFUND_FAILED', 502);

/**
 * Issue #34: the requests of one refund that arrive together in this process share one provider call and one
 * outcome; only the first tells the customer. Other processes ask the provider with the same key, which answers the
 * same refund, and the conditional update below records it once.
 */
const inFlight = new Map<string, Promise<CreatedRefund>>();
function finishOnce(app: FastifyInstance, row: RefundRow): Promise<CreatedRefund> {
  const running = inFlight.get(row.id);
  if (running) return running.then((done) => ({ ...done, mail: null }));
  const started = finish(app, row).finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, started);
  return started;
}

/** A refusal by the provider (final), as opposed to a provider that could not be reached or was busy (try again). */
function isRefusal(err: unknown): boolean {
  if (err instanceof ProviderError) return err.refusal;
  if (err instanceof PaymentError) return err.code === 'REFUND_FAILED';
  const type = (err as { type?: unknown } | null)?.type;
  return type === 'StripeInvalidRequestError' || type === 'StripeCardError';
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Issue #34: nothing is left to refund of this paid order: its refunds (done or under way) add up to what it was paid. */
export async function nothingLeftToRefund(tx: Db, key: string, lines?: OrderRow[]): Promise<boolean> {
  const rows = lines ?? (await orderLinesOf(tx, key));
  if (rows.length === 0 || !rows.every((o) => o.paid)) return false;
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, key));
  const paid = paidOrder(rows, checkout);
  const [{ refunded }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${orderRefunds.totalCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderKey, key), ne(orderRefunds.status, 'failed')));
  return Number(refunded) >= paid.paidCents;
}

/** Ask the provider again for refunds left pending (its answer was lost, or it could not be reached): the reconciliation's part. */
export async function finishPendingRefunds(app: FastifyInstance, olderThan: Date, limit = 50): Promise<number> {
  const rows = await app.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.createdAt, olderThan)))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(limit);
  let done = 0;
  for (const row of rows) {
    try {
      const result = await finishOnce(app, row);
      if (result.refund.status === 'succeeded') done += 1;
    } catch (err) {
      app.log.warn({ err, refundId: row.id }, 'a pending refund could not be finished; trying again next sweep');
    }
  }
  return done;
}

/** Ask the provider for a pending refund, then record what it answered. */
async function finish(app: FastifyInstance, pending: RefundRow): Promise<CreatedRefund> {
  // The admin who asked for it (kept on the refund, so the reconciliation can finish it in their name).
  // Null for a refund the shop made on its own (no one asked for it).
  const admin: AuditInput['actor'] =
    !pending.actorId && pending.actorEmail === SHOP_ACTOR_EMAIL ? null : { id: pending.actorId ?? '', email: pending.actorEmail };
  let providerRefundId: string;
  try {
    const refund = await app.payments.refundPayment({
      paymentId: pending.paymentId,
      amountCents: pending.totalCents,
      idempotencyKey: `order-refund-${pending.id}`,
      reason: pending.reason,
    });
    providerRefundId = refund.id;
  } catch (err) {
    // Issue #34: only the provider's own refusal fails the refund. Unreachable or busy, the money may have moved:
    // the refund stays pending, and asking again (the same request, or the reconciliation) uses the same provider key.
    if (!isRefusal(err)) {
      app.log.warn({ err, refundId: pending.id }, 'the payment provider did not answer a refund; it stays pending');
      throw new PaymentError(
        'The payment provider could not be reached: the refund is recorded as pending and will be completed; you can also send it again.',
        'PAYMENT_PROVIDER_UNAVAILABLE',
        502,
      );
    }
    const message = err instanceof Error ? err.message : String(err);
    await app.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(orderRefunds)
        .set({ status: 'failed', failure: message })
        .where(and(eq(orderRefunds.id, pending.id), eq(orderRefunds.status, 'pending')))
        .returning({ id: orderRefunds.id });
      // Issue #39 item 9 (decision 189): a paid order is cancelled (by its customer) only while its refund stands; the
      // provider refused it, so the order is paid again, as it was.
      if (failed) await undoPaidCancel(tx, pending.orderKey);
    });
    app.log.warn({ err, refundId: pending.id }, 'the payment provider refused a refund');
    throw refused(app, message);
  }
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderRefunds)
      .set({ status: 'succeeded', providerRefundId })
      .where(and(eq(orderRefunds.id, pending.id), eq(orderRefunds.status, 'pending')))
      .returning();
    // Another request finished it meanwhile: the money moved once, and that request told the customer.
    if (!row) {
      const [now] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, pending.id));
      return { key: pending.orderKey, refund: now, mail: null };
    }
    const rows = await orderLinesOf(tx, row.orderKey, { lock: true });
    const byId = new Map(rows.map((o) => [o.id, o]));
    const number = orderNumber(rows[0]?.number ?? 0);
    let restocked = 0;
    if (row.restock) {
      // Issue #34: only units the order still holds go back (none of a "refund due" line, none that left in a parcel
      // and did not come back), counted after the lock, so two refunds never put the same unit back twice.
      const units = await loadLineUnits(
        tx,
        row.orderKey,
        rows.map((o) => o.id),
      );
      for (const l of row.lines) {
        const o = byId.get(l.orderId);
        const u = units.get(l.orderId);
        if (!o?.productId || !u) continue;
        const back = Math.min(l.quantity, unitsToRestock(o.quantity, !o.refundDue, u));
        if (back <= 0) continue;
        await moveLineStock(tx, o, back, { kind: 'refund_restock', actor: admin });
        restocked += back;
      }
    }
    const issuedAt = new Date();
    const note = await issueCreditNote(tx, {
      key: row.orderKey,
      refundId: providerRefundId,
      issuedAt,
      lines: row.lines.map((l) => {
        const o = byId.get(l.orderId)!;
        return {
          sku: o.sku,
          name: o.productName,
          quantity: l.quantity,
          lotSize: o.minOrder,
          lotPriceCents: o.unitPriceCents,
          amountCents: l.goodsCents,
          taxCents: l.taxCents,
        };
      }),
      shipping: row.shippingCents > 0 ? { amountCents: row.shippingCents, taxCents: row.taxCents - row.lines.reduce((s, l) => s + l.taxCents, 0) } : null,
      extraCents: row.extraCents,
      totalCents: row.totalCents,
      reason: row.reason,
    });
    const [kept] = await tx
      .update(orderRefunds)
      .set({ creditNoteId: note?.id ?? null })
      .where(eq(orderRefunds.id, row.id))
      .returning();
    // A "refund due" line (paid after its parts sold out) is settled once its units are refunded, or the whole
    // order is (issue #34: the shop refunds such lines on its own, and other lines of the order may still ship).
    const succeeded = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderKey, row.orderKey), eq(orderRefunds.status, 'succeeded')));
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, row.orderKey));
    const paidCents = rows.length ? paidOrder(rows, checkout).paidCents : 0;
    const full = succeeded.reduce((sum, r) => sum + r.totalCents, 0) >= paidCents;
    const due = rows.filter((o) => o.refundDue);
    if (due.length) {
      const units = refundedUnits(succeeded);
      const settled = due.filter((o) => full || (units.get(o.id) ?? 0) >= o.quantity);
      if (settled.length) {
        await tx
          .update(orders)
          .set({ refundDue: false })
          .where(
            inArray(
              orders.id,
              settled.map((o) => o.id),
            ),
          );
      }
    }
    const what = [
      ...row.lines.map((l) => `${l.quantity.toLocaleString('en-US')} × ${l.productName}`),
      ...(row.shippingCents > 0 ? ['shipping'] : []),
      ...(row.extraCents > 0 ? [`${usd(row.extraCents)} extra`] : []),
    ].join(', ');
    await recordAudit(tx, {
      actor: admin,
      action: 'order.refund',
      entityType: 'order',
      entityId: number,
      before: null,
      after: {
        refundId: row.id,
        providerRefundId,
        amount: fromCents(row.totalCents),
        lines: row.lines.map((l) => ({ productName: l.productName, quantity: l.quantity })),
        shipping: fromCents(row.shippingCents),
        extra: fromCents(row.extraCents),
        restocked: row.restock && restocked > 0,
        creditNote: note?.number ?? null,
      },
      note: `Refunded ${usd(row.totalCents)} of order ${number} (${what})${restocked ? ', units back in stock' : ''}${note ? `; credit note ${note.number}` : ''}. Reason: ${row.reason}`,
    });
    const first = rows[0];
    return {
      key: row.orderKey,
      refund: kept,
      mail: first
        ? {
            number,
            to: first.email,
            userName: first.userName,
            totalCents: row.totalCents,
            lines: row.lines.map((l) => ({ productName: l.productName, quantity: l.quantity })),
            shippingCents: row.shippingCents,
            extraCents: row.extraCents,
            reason: row.reason,
            fullyRefunded: full,
            creditNote: note ? { number: note.number, documentId: note.id } : null,
          }
        : null,
    };
  });
}

/** A paid order whose lines were cancelled with a refund that failed: back to paid (delivered lines stay delivered). */
async function undoPaidCancel(tx: Db, key: string): Promise<void> {
  await tx
    .update(orders)
    .set({ status: sql`case when ${orders.deleverd} then 'delivered' else 'paid' end`, cancelledAt: null })
    .where(and(eq(orders.checkoutId, key), eq(orders.paid, true), eq(orders.status, 'cancelled')));
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
