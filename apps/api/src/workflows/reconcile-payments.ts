import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { orderNumber } from '@shop/shared';
import { checkouts, orders, paymentRefunds } from '../db/schema';
import { DomainError, NotFoundError, isUuid } from '../lib/errors';
import { recordAudit } from '../modules/audit/audit.service';
import { alreadyPaidWithAnother, isSinglePurchase, markOrderPaid, type PaidResult } from '../modules/orders/orders.service';
import { finishPendingRefunds } from '../modules/orders/order-refunds.service';
import { checkPaymentFitsOrder, markCheckoutPaid, payWithCheckout, paymentModeOf, sendCheckoutReceipt, sendReceipt } from './record-payment';
import { refundAfterFailedRecording, refundOf, retryDueRefunds, UnrecordablePaymentError } from '../modules/payments/refunds.service';
import type { RetrievedPayment } from '../payments/providers/payment-provider';
import { issueMissingAccountInvoices } from './account-invoices';

/**
 * Payment reconciliation (#12). A payment the provider confirmed can miss its
 * order when the process dies between the two, or the customer closes the tab
 * and no webhook comes (the test processor sends none). On start and every
 * PAYMENT_RECONCILE_INTERVAL_SECONDS, the provider is asked about each unpaid
 * order that has a payment intent; a succeeded one that fits is recorded
 * exactly as the customer's own confirmation would (same rule, same receipt),
 * and written to the audit log.
 *
 * Several processes: one sweep at a time holds a PostgreSQL advisory lock
 * (others skip theirs); the order row is locked while it is marked paid, and
 * marking is conditional on `paid = false`, so a payment reported at the same
 * moment by the customer or a webhook is still recorded once, with one
 * receipt and one audit entry. The reconciliation only reads at the provider:
 * it never charges.
 */

/** Orders older than this are not asked about any more (abandoned checkouts). */
const LOOKBACK_DAYS = 30;
/** Orders looked at per sweep; the next sweep takes the rest. */
const BATCH = 200;
/** Any constant shared by every process of the shop: the key of the sweep's advisory lock. */
const SWEEP_LOCK_KEY = 120_012;

export interface ReconcileResult {
  /** False when another process was sweeping. */
  ran: boolean;
  checked: number;
  /** Orders this sweep marked paid. */
  paid: string[];
  /** Orders whose provider call or recording failed (tried again next sweep). */
  failed: string[];
  /** Issue #22: succeeded payments that could not be recorded and were refunded by this sweep (payment ids)… */
  refunded: string[];
  /** …and those whose refund failed: due for the admin, tried again next sweep. */
  refundsDue: string[];
}

async function withSweepLock<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T | null> {
  // PGlite lives inside one process: nobody else can sweep.
  if (app.database.kind === 'pglite') return work();
  // A transaction-scoped lock is released by PostgreSQL itself if this process dies mid-sweep.
  return app.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked;
    if (!locked) return null;
    return work();
  });
}

/** A succeeded payment of this very order or checkout that cannot be recorded is refunded (issue #22), never only logged. */
async function giveBack(app: FastifyInstance, payment: RetrievedPayment, err: DomainError, email: string | null, refunds: SweepRefunds): Promise<void> {
  app.log.warn({ paymentIntentId: payment.id, reason: err.message }, 'payment reconciliation: a succeeded payment cannot be recorded; refunding it');
  const told = await refundAfterFailedRecording(app, payment, err, { email });
  if (told instanceof UnrecordablePaymentError) (told.refund === 'refunded' ? refunds.refunded : refunds.due).push(payment.id);
}

/** What one sweep refunded, and what stays due. */
interface SweepRefunds {
  refunded: string[];
  due: string[];
}

async function reconcileOrder(app: FastifyInstance, orderId: string, paymentIntentId: string, refunds: SweepRefunds): Promise<PaidResult | null> {
  const payment = await app.payments.retrievePayment(paymentIntentId);
  if (!payment || payment.status !== 'succeeded' || (await refundOf(app, payment.id))) return null;
  let unrecordable: { err: DomainError; email: string } | null = null;
  const result = await app.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.paid) return null;
    try {
      await checkPaymentFitsOrder(tx, order, payment);
      // A line of a checkout paid on its own (an intent from before the rule) is given back.
      if (!isSinglePurchase(order)) throw payWithCheckout(order.checkoutId);
    } catch (err) {
      if (err instanceof DomainError) {
        app.log.warn({ orderId, paymentIntentId, reason: err.message }, 'payment reconciliation: a succeeded payment does not fit its order');
        if (payment.orderId === order.id) unrecordable = { err, email: order.email };
        return null;
      }
      throw err;
    }
    const paid = await markOrderPaid(tx, order.id, payment.id, paymentModeOf(payment));
    if (paid.newlyPaid) {
      await recordAudit(tx, {
        actor: null,
        action: 'payment.reconcile',
        entityType: 'order',
        // Issue #25 item 5: the Activity log names orders by their number.
        entityId: orderNumber(order.number ?? 0),
        before: { paid: false, transactionId: order.transactionId, paymentIntentId: order.paymentIntentId },
        after: { paid: true, transactionId: paid.order.transactionId, paymentIntentId: paid.order.paymentIntentId },
        note: `The ${app.payments.name} payment provider confirmed payment ${payment.id} for ${payment.amountCents} cents, which was not recorded on the order; marked paid by the reconciliation.`,
      });
    }
    return paid;
  });
  const giveBackNow = unrecordable as { err: DomainError; email: string } | null;
  if (giveBackNow) await giveBack(app, payment, giveBackNow.err, giveBackNow.email, refunds);
  if (result) await sendReceipt(app, result);
  return result;
}

/** A checkout's payment the provider confirmed but nobody recorded: every order of it is marked paid, with one audit entry each. */
async function reconcileCheckout(app: FastifyInstance, checkoutId: string, paymentIntentId: string, orderId: string, refunds: SweepRefunds): Promise<string[]> {
  const payment = await app.payments.retrievePayment(paymentIntentId);
  if (!payment || payment.status !== 'succeeded' || (await refundOf(app, payment.id))) return [];
  // An intent of this one line (from before a line could no longer be paid alone): its order's rule gives it back.
  if (payment.checkoutId !== checkoutId) {
    if (payment.orderId === orderId) await reconcileOrder(app, orderId, paymentIntentId, refunds);
    return [];
  }
  let result;
  try {
    result = await markCheckoutPaid(app.db, checkoutId, payment);
  } catch (err) {
    if (err instanceof DomainError) {
      app.log.warn({ checkoutId, paymentIntentId, reason: err.message }, 'payment reconciliation: a succeeded payment does not fit its checkout');
      await giveBack(app, payment, err, null, refunds);
      return [];
    }
    throw err;
  }
  for (const paid of result.newlyPaid) {
    await recordAudit(app.db, {
      actor: null,
      action: 'payment.reconcile',
      entityType: 'order',
      entityId: orderNumber(paid.order.number ?? 0),
      before: { paid: false, transactionId: null, paymentIntentId },
      after: { paid: true, transactionId: paid.order.transactionId, paymentIntentId: paid.order.paymentIntentId },
      note: `The ${app.payments.name} payment provider confirmed payment ${payment.id} for order ${orderNumber(paid.order.number ?? 0)} (${payment.amountCents} cents), which was not recorded; marked paid by the reconciliation.`,
    });
  }
  await sendCheckoutReceipt(app, result.newlyPaid);
  return result.newlyPaid.map((p) => p.order.id);
}

/** Payments asked about per sweep when looking for the ones nobody recorded. */
const STRAY_BATCH = 500;
/** A refund still pending this long after it was asked for has lost its answer: the sweep asks again. */
const PENDING_REFUND_GRACE_MS = 60_000;

/**
 * Issue #34 (decision 179): the provider's succeeded payments that no order or checkout recorded (and that were not
 * given back already) are recorded on what they pay when it still takes them, or refunded: a checkout cancelled
 * while its intent was being made, a second payment, an order that is gone.
 */
async function settleStrayPayments(app: FastifyInstance, since: Date, refunds: SweepRefunds): Promise<string[]> {
  const found = await app.payments.listSucceededPayments({ since, limit: STRAY_BATCH });
  if (found.length === 0) return [];
  const ids = found.map((p) => p.id);
  const recorded = new Set(
    [
      ...(await app.db.select({ id: checkouts.transactionId }).from(checkouts).where(inArray(checkouts.transactionId, ids))),
      ...(await app.db.select({ id: orders.transactionId }).from(orders).where(inArray(orders.transactionId, ids))),
      ...(await app.db.select({ id: paymentRefunds.paymentId }).from(paymentRefunds).where(inArray(paymentRefunds.paymentId, ids))),
    ].map((r) => r.id),
  );
  const paid: string[] = [];
  for (const payment of found) {
    if (recorded.has(payment.id)) continue;
    if (payment.checkoutId) {
      paid.push(...(await reconcileCheckout(app, payment.checkoutId, payment.id, '', refunds)));
      continue;
    }
    // Not the shop's own intent (it names no order and no checkout): an invoice's payment (decision 208), recorded
    // through its invoice, or another integration's on the same account. Never refunded here.
    if (!payment.orderId) continue;
    const [order] = payment.orderId && isUuid(payment.orderId) ? await app.db.select().from(orders).where(eq(orders.id, payment.orderId)) : [];
    if (order && !order.paid) {
      const result = await reconcileOrder(app, order.id, payment.id, refunds);
      if (result?.newlyPaid) paid.push(order.id);
      continue;
    }
    const why = order ? alreadyPaidWithAnother() : new NotFoundError('No order with that id.', 'ORDER_NOT_FOUND');
    await giveBack(app, payment, why, order?.email ?? null, refunds);
  }
  return paid;
}

/** One sweep over unpaid orders with a payment intent. */
export async function reconcilePayments(app: FastifyInstance): Promise<ReconcileResult> {
  const outcome = await withSweepLock(app, async () => {
    const since = new Date(Date.now() - LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
    const candidates = await app.db
      .select({ id: orders.id, paymentIntentId: orders.paymentIntentId, checkoutId: orders.checkoutId })
      .from(orders)
      .where(and(eq(orders.paid, false), ne(orders.status, 'cancelled'), isNotNull(orders.paymentIntentId), gte(orders.createdAt, since)))
      .orderBy(desc(orders.createdAt))
      .limit(BATCH);
    const paid: string[] = [];
    const failed: string[] = [];
    const refunds: SweepRefunds = { refunded: [], due: [] };
    // Issue #9: a checkout's orders share one payment, recorded on all of them at once; a line may carry
    // an intent of its own (from before issue #22), so each intent is looked at once, not each checkout.
    const intentsSeen = new Set<string>();
    for (const c of candidates) {
      try {
        if (!isSinglePurchase(c)) {
          if (intentsSeen.has(c.paymentIntentId!)) continue;
          intentsSeen.add(c.paymentIntentId!);
          paid.push(...(await reconcileCheckout(app, c.checkoutId, c.paymentIntentId!, c.id, refunds)));
          continue;
        }
        const result = await reconcileOrder(app, c.id, c.paymentIntentId!, refunds);
        if (result?.newlyPaid) paid.push(c.id);
      } catch (err) {
        failed.push(c.id);
        app.log.warn({ err, orderId: c.id }, 'payment reconciliation: could not check this order, trying again next sweep');
      }
    }
    // Issue #34: every payment the provider took lately that no order recorded, whatever became of its order.
    try {
      paid.push(...(await settleStrayPayments(app, since, refunds)));
    } catch (err) {
      app.log.warn({ err }, 'payment reconciliation: could not list the provider’s payments; trying again next sweep');
    }
    // Decision 208: orders on account whose invoice the provider could not issue at checkout.
    try {
      await issueMissingAccountInvoices(app);
    } catch (err) {
      app.log.warn({ err }, 'payment reconciliation: could not issue the missing invoices on account; trying again next sweep');
    }
    // Refunds that failed before (the provider away) are tried again; the ones failed just now wait for the next sweep.
    const retried = await retryDueRefunds(app, refunds.due);
    // Issue #34: admins' refunds left pending (the provider's answer was lost) are asked again with the same key.
    await finishPendingRefunds(app, new Date(Date.now() - PENDING_REFUND_GRACE_MS));
    return {
      ran: true,
      checked: candidates.length,
      paid,
      failed,
      refunded: [...refunds.refunded, ...retried.refunded],
      refundsDue: [...refunds.due, ...retried.due],
    };
  });
  const result = outcome ?? { ran: false, checked: 0, paid: [], failed: [], refunded: [], refundsDue: [] };
  if (result.paid.length) app.log.warn({ orders: result.paid }, `payment reconciliation marked ${result.paid.length} order(s) paid`);
  return result;
}

/**
 * Sweep once the server is ready, then every intervalSeconds (0: only at
 * start). A sweep never overlaps the previous one, and a failing sweep (the
 * database or the provider away) is logged and retried on the next tick.
 */
export function scheduleReconciliation(app: FastifyInstance, intervalSeconds: number): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const sweep = () => {
    if (running || closed) return;
    running = reconcilePayments(app)
      .catch((err: unknown) => app.log.warn({ err }, 'payment reconciliation failed; retrying on the next sweep'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    sweep();
    if (intervalSeconds > 0) {
      timer = setInterval(sweep, intervalSeconds * 1000);
      timer.unref();
    }
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
