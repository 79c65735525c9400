import type { FastifyInstance } from 'fastify';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { copy, formatUsd, fromCents, orderNumber, type RefundDue } from '@shop/shared';
import { orders, paymentRefunds } from '../../db/schema';
import { DomainError, isUuid } from '../../lib/errors';
import type { RetrievedPayment } from '../../payments/providers/payment-provider';
import { recordAudit } from '../audit/audit.service';

/**
 * Issue #22: a payment that succeeded at the provider but cannot be recorded
 * against anything payable (a second payment of an order or checkout, a line
 * of a checkout paid on its own, an amount that no longer fits) is never
 * dropped: it is refunded through the provider, or, when the refund fails,
 * kept as "refund due" with its amount for the admin (Activity log and
 * GET /refunds-due), and tried again by every payment reconciliation sweep.
 *
 * The row is written before the provider is asked, so a crash in between
 * leaves it due, never forgotten; the provider call carries one idempotency
 * key per payment, so concurrent or repeated attempts refund once.
 */

export type RefundOutcome = 'refunded' | 'refund_due';
type RefundRow = typeof paymentRefunds.$inferSelect;

/** Why a succeeded payment was not recorded, with what became of the money (error.details.refund). */
export class UnrecordablePaymentError extends DomainError {
  constructor(
    cause: DomainError,
    readonly refund: RefundOutcome,
  ) {
    const told = refund === 'refunded' ? copy.orderRules.paymentRefunded : copy.orderRules.paymentRefundDue;
    super(cause.statusCode, cause.code, `${cause.message} ${told}`, { ...(cause.details as object | undefined), refund });
  }
}

/** Errors after which a succeeded payment can still be recorded (not yet succeeded, or recorded already elsewhere): no refund. */
const STILL_RECORDABLE = new Set(['PAYMENT_NOT_SUCCEEDED', 'PAYMENT_ALREADY_USED', 'PAYMENT_PROVIDER_UNAVAILABLE']);

/**
 * A payment of this target (its metadata names it) succeeded but recording it
 * failed with `err`: give the money back when that failure is final. Returns
 * the error to throw (with the refund told), or `err` unchanged.
 */
export async function refundAfterFailedRecording(
  app: FastifyInstance,
  payment: RetrievedPayment,
  err: unknown,
  context: { email?: string | null } = {},
): Promise<unknown> {
  if (!(err instanceof DomainError) || err instanceof UnrecordablePaymentError || STILL_RECORDABLE.has(err.code)) return err;
  const outcome = await refundUnrecordablePayment(app, payment, err.message, context);
  return outcome ? new UnrecordablePaymentError(err, outcome) : err;
}

export const paymentWasRefunded = () => new DomainError(409, 'PAYMENT_REFUNDED', copy.orderRules.paymentWasRefunded);

const dollars = (cents: number) => formatUsd(fromCents(cents));

export async function refundUnrecordablePayment(
  app: FastifyInstance,
  payment: RetrievedPayment,
  reason: string,
  context: { email?: string | null } = {},
): Promise<RefundOutcome | null> {
  // Nothing was taken: nothing to give back.
  if (payment.status !== 'succeeded') return null;
  await app.db
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      orderId: payment.orderId && isUuid(payment.orderId) ? payment.orderId : null,
      checkoutId: payment.checkoutId && isUuid(payment.checkoutId) ? payment.checkoutId : null,
      email: context.email ?? null,
      reason,
      status: 'refund_due',
    })
    .onConflictDoNothing();
  const [row] = await app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
  if (row.status === 'refunded') return 'refunded';
  return attemptRefund(app, row);
}

/** Whether this payment was (or is due to be) refunded because it could not be recorded. */
export async function refundOf(app: FastifyInstance, paymentId: string): Promise<RefundOutcome | null> {
  const [row] = await app.db.select({ status: paymentRefunds.status }).from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  return (row?.status as RefundOutcome | undefined) ?? null;
}

/** Issue #25 item 5: the Activity log names an order by its number (a payment of nothing we know keeps its ids). */
async function auditedOrderOf(app: FastifyInstance, row: RefundRow): Promise<{ entityType: string; entityId: string | null }> {
  const key = row.checkoutId ?? row.orderId;
  const [line] = key
    ? await app.db
        .select({ number: orders.number })
        .from(orders)
        .where(row.checkoutId ? eq(orders.checkoutId, row.checkoutId) : eq(orders.id, key))
        .limit(1)
    : [];
  if (line?.number) return { entityType: 'order', entityId: orderNumber(line.number) };
  return row.checkoutId ? { entityType: 'checkout', entityId: row.checkoutId } : { entityType: 'order', entityId: row.orderId };
}

async function attemptRefund(app: FastifyInstance, row: RefundRow): Promise<RefundOutcome> {
  const what = await auditedOrderOf(app, row);
  try {
    const refund = await app.payments.refundPayment({
      paymentId: row.paymentId,
      amountCents: row.amountCents,
      idempotencyKey: `refund-${row.paymentId}`,
      reason: row.reason,
    });
    await app.db.transaction(async (tx) => {
      const [done] = await tx
        .update(paymentRefunds)
        .set({ status: 'refunded', refundId: refund.id, refundedAt: new Date(), attempts: sql`${paymentRefunds.attempts} + 1`, lastError: null })
        .where(and(eq(paymentRefunds.paymentId, row.paymentId), eq(paymentRefunds.status, 'refund_due')))
        .returning({ paymentId: paymentRefunds.paymentId });
      // Another attempt recorded the same refund first: one audit entry.
      if (!done) return;
      await recordAudit(tx, {
        actor: null,
        action: 'payment.refund',
        ...what,
        before: { paymentId: row.paymentId, refunded: false },
        after: { paymentId: row.paymentId, refunded: true, refundId: refund.id, amount: fromCents(row.amountCents) },
        note: `Payment ${row.paymentId} of ${dollars(row.amountCents)} could not be recorded (${row.reason}); refunded in full through the ${app.payments.name} payment provider (${refund.id}).`,
      });
    });
    app.log.warn(
      { paymentId: row.paymentId, refundId: refund.id, amountCents: row.amountCents, reason: row.reason },
      'refunded a payment that could not be recorded',
    );
    return 'refunded';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await app.db.transaction(async (tx) => {
      const [counted] = await tx
        .update(paymentRefunds)
        .set({ attempts: sql`${paymentRefunds.attempts} + 1`, lastError: message.slice(0, 1000) })
        .where(and(eq(paymentRefunds.paymentId, row.paymentId), eq(paymentRefunds.status, 'refund_due')))
        .returning({ attempts: paymentRefunds.attempts });
      // The admin is told once; the sweep keeps trying.
      if (counted?.attempts !== 1) return;
      await recordAudit(tx, {
        actor: null,
        action: 'payment.refund_due',
        ...what,
        after: { paymentId: row.paymentId, refundDue: true, amount: fromCents(row.amountCents) },
        note: `Refund due: ${dollars(row.amountCents)} of payment ${row.paymentId} could not be recorded (${row.reason}) and the ${app.payments.name} payment provider refused the refund (${message}). The reconciliation tries again; otherwise refund it at the provider.`,
      });
    });
    app.log.error(
      { err, paymentId: row.paymentId, amountCents: row.amountCents, reason: row.reason },
      'a payment that could not be recorded could not be refunded: refund due',
    );
    return 'refund_due';
  }
}

/** The reconciliation's part: every refund still due is tried again (oldest first, a batch per sweep). */
export async function retryDueRefunds(app: FastifyInstance, skip: readonly string[] = [], limit = 50): Promise<{ refunded: string[]; due: string[] }> {
  const due = [eq(paymentRefunds.status, 'refund_due')];
  if (skip.length) due.push(notInArray(paymentRefunds.paymentId, [...skip]));
  const rows = await app.db
    .select()
    .from(paymentRefunds)
    .where(and(...due))
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
  const refunded: string[] = [];
  const still: string[] = [];
  for (const row of rows) ((await attemptRefund(app, row)) === 'refunded' ? refunded : still).push(row.paymentId);
  return { refunded, due: still };
}

/** GET /refunds-due (admin): payments the shop owes back and could not refund automatically, oldest first. */
export async function listRefundsDue(app: FastifyInstance): Promise<RefundDue[]> {
  const rows = await app.db.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'refund_due')).orderBy(asc(paymentRefunds.createdAt)).limit(500);
  return rows.map((r) => ({
    paymentId: r.paymentId,
    amount: fromCents(r.amountCents),
    currency: r.currency,
    orderId: r.orderId,
    checkoutId: r.checkoutId,
    email: r.email,
    reason: r.reason,
    lastError: r.lastError,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
  }));
}
