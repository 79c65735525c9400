import { and, desc, eq, gte, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testInvoices, testPaymentIntents, testPaymentMethods, testPaymentRefunds } from '../../db/schema';
import { PaymentError } from '../../lib/errors';
import { PAYMENT_ID_RE, randomId } from '../provider-common';
import { DECLINE_MESSAGES, checkCard, isCardFailure } from '../test-cards';
import type { AccountInvoice, PaymentProvider, RetrievedPayment } from './payment-provider';

type IntentRow = typeof testPaymentIntents.$inferSelect;
type InvoiceRow = typeof testInvoices.$inferSelect;

export const INVOICE_ID_RE = /^in_[A-Za-z0-9_]{1,200}$/;

/** The built-in processor's invoice page, in the web app (as Stripe's hosted invoice page). */
export const testInvoiceUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/$/, '')}/pay-invoice/${id}`;

function toInvoice(row: InvoiceRow, publicUrl: string): AccountInvoice {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    amountPaidCents: row.status === 'paid' ? row.amountCents : 0,
    currency: row.currency,
    checkoutId: row.checkoutId,
    dueAt: row.dueAt,
    hostedUrl: testInvoiceUrl(publicUrl, row.id),
    paymentId: row.paymentId,
    livemode: false,
  };
}

function toPayment(row: IntentRow): RetrievedPayment {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    orderId: row.orderId,
    checkoutId: row.checkoutId,
    clientSecret: row.clientSecret,
    // The built-in processor never moves money.
    livemode: false,
  };
}

/**
 * The built-in processor, used when no Stripe keys are configured. Its state
 * lives in the database (never in one process's memory), so several API
 * processes behind a load balancer agree on every payment.
 */
export function createTestProvider(db: Db, publicUrl = ''): PaymentProvider {
  return {
    name: 'test',
    publishableKey: null,

    async createInvoice({ checkoutId, email, amountCents, daysUntilDue, idempotencyKey }) {
      await db
        .insert(testInvoices)
        .values({
          id: randomId('in'),
          checkoutId,
          amountCents,
          status: 'open',
          dueAt: new Date(Date.now() + daysUntilDue * 86_400_000),
          email,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: testInvoices.idempotencyKey });
      const [row] = await db.select().from(testInvoices).where(eq(testInvoices.idempotencyKey, idempotencyKey));
      return toInvoice(row, publicUrl);
    },

    async retrieveInvoice(id) {
      if (!INVOICE_ID_RE.test(id)) return null;
      const [row] = await db.select().from(testInvoices).where(eq(testInvoices.id, id));
      return row ? toInvoice(row, publicUrl) : null;
    },

    async voidInvoice(id) {
      if (!INVOICE_ID_RE.test(id)) return null;
      await db
        .update(testInvoices)
        .set({ status: 'void' })
        .where(and(eq(testInvoices.id, id), eq(testInvoices.status, 'open')));
      const [row] = await db.select().from(testInvoices).where(eq(testInvoices.id, id));
      return row ? toInvoice(row, publicUrl) : null;
    },

    async createPayment({ orderId, checkoutId, amountCents, idempotencyKey }) {
      const id = randomId('pi');
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          orderId: orderId ?? null,
          checkoutId: checkoutId ?? null,
          amountCents,
          currency: 'usd',
          status: 'requires_payment_method',
          clientSecret: `${id}_secret_${randomId('x').slice(2)}`,
          idempotencyKey,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      // On a repeated key the insert did nothing and the first intent is returned, as Stripe does.
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrievePayment(id) {
      if (!PAYMENT_ID_RE.test(id)) return null;
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toPayment(row) : null;
    },

    async listSucceededPayments({ since, limit }) {
      const rows = await db
        .select()
        .from(testPaymentIntents)
        .where(and(eq(testPaymentIntents.status, 'succeeded'), gte(testPaymentIntents.createdAt, since)))
        .orderBy(desc(testPaymentIntents.createdAt))
        .limit(limit);
      return rows.map(toPayment);
    },

    async cancelPayment(id) {
      if (!PAYMENT_ID_RE.test(id)) return null;
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(testPaymentIntents.id, id), notInArray(testPaymentIntents.status, ['succeeded', 'canceled'])));
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      return row ? toPayment(row) : null;
    },

    async refundPayment({ paymentId, amountCents, idempotencyKey }) {
      // Whole or part, as Stripe's Refunds API (issue #25, decision 162): never more than is left of the payment, and
      // each idempotency key refunds once (a repeat answers the same refund). The payment's row is the lock.
      return db.transaction(async (tx) => {
        const [done] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
        if (done) return { id: done.id, status: 'succeeded', amountCents: done.amountCents };
        const [row] = PAYMENT_ID_RE.test(paymentId) ? await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, paymentId)).for('update') : [];
        if (!row) throw new PaymentError(`No payment ${paymentId} to refund.`, 'REFUND_FAILED', 502);
        // Asked twice at once with one key (issue #34): the second waited for the lock; it answers the first's refund.
        const [meanwhile] = await tx.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, idempotencyKey));
        if (meanwhile) return { id: meanwhile.id, status: 'succeeded', amountCents: meanwhile.amountCents };
        if (row.status !== 'succeeded') {
          throw new PaymentError(`Payment ${paymentId} has not succeeded (${row.status}): there is nothing to refund.`, 'REFUND_FAILED', 502);
        }
        const left = row.amountCents - row.amountRefundedCents;
        if (amountCents < 1 || amountCents > left) {
          throw new PaymentError(`Payment ${paymentId} has ${left} of its ${row.amountCents} cents left to refund, not ${amountCents}.`, 'REFUND_FAILED', 502);
        }
        const refundId = randomId('re');
        await tx.insert(testPaymentRefunds).values({ id: refundId, paymentId, amountCents, idempotencyKey });
        await tx
          .update(testPaymentIntents)
          .set({ refundId, amountRefundedCents: row.amountRefundedCents + amountCents })
          .where(eq(testPaymentIntents.id, paymentId));
        return { id: refundId, status: 'succeeded', amountCents };
      });
    },
  };
}

/** What the processor's HTTP endpoints answer: a body and its status. */
export type ProcessorResult<T, Status extends number = 400 | 402 | 404> =
  { ok: true; value: T } | { ok: false; status: Status; error: { code: string; message: string; decline_code?: string } };

export async function createTestPaymentMethod(
  db: Db,
  input: { number: string; expMonth: string | number; expYear: string | number; cvc: string; billingDetails?: { name?: string; email?: string } },
): Promise<ProcessorResult<{ id: string; card: { brand: string; last4: string } }, 400>> {
  const card = checkCard(input);
  if (isCardFailure(card)) return { ok: false, status: 400, error: card };
  const id = randomId('pm');
  await db.insert(testPaymentMethods).values({
    id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    outcome: card.outcome,
    billingName: input.billingDetails?.name || null,
    billingEmail: input.billingDetails?.email || null,
  });
  return { ok: true, value: { id, card: { brand: card.brand, last4: card.last4 } } };
}

/**
 * Confirm a PaymentIntent with a payment method, as stripe.confirmCardPayment
 * does. Succeeding is a conditional update, so two confirmations racing (or a
 * replay) charge once; confirming an intent that already succeeded answers it
 * unchanged.
 */
export async function confirmTestPayment(
  db: Db,
  input: { clientSecret: string; paymentMethod: string },
): Promise<ProcessorResult<{ paymentIntent: { id: string; status: string; amount: number } }>> {
  const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, input.clientSecret));
  if (!intent) return { ok: false, status: 404, error: { code: 'resource_missing', message: 'No such payment_intent: the client secret is not valid.' } };
  const answer = (row: IntentRow) => ({ ok: true as const, value: { paymentIntent: { id: row.id, status: row.status, amount: row.amountCents } } });
  if (intent.status === 'succeeded') return answer(intent);
  if (intent.status === 'canceled') {
    return {
      ok: false,
      status: 400,
      error: { code: 'payment_intent_unexpected_state', message: 'This payment was cancelled with its order and can no longer be paid.' },
    };
  }

  const [method] = await db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, input.paymentMethod));
  if (!method) return { ok: false, status: 400, error: { code: 'resource_missing', message: 'No such PaymentMethod: please enter your card again.' } };

  if (method.outcome !== 'succeeded') {
    const declineCode = method.outcome as keyof typeof DECLINE_MESSAGES;
    const message = DECLINE_MESSAGES[declineCode] ?? DECLINE_MESSAGES.generic_decline;
    await db
      .update(testPaymentIntents)
      .set({ status: 'requires_payment_method', lastError: declineCode, cardLast4: method.last4 })
      .where(and(eq(testPaymentIntents.id, intent.id), notInArray(testPaymentIntents.status, ['succeeded', 'canceled'])));
    return { ok: false, status: 402, error: { code: 'card_declined', decline_code: declineCode, message } };
  }

  const [updated] = await db
    .update(testPaymentIntents)
    .set({ status: 'succeeded', lastError: null, cardLast4: method.last4, billingName: method.billingName, billingEmail: method.billingEmail })
    .where(and(eq(testPaymentIntents.id, intent.id), notInArray(testPaymentIntents.status, ['succeeded', 'canceled'])))
    .returning();
  if (updated) return answer(updated);
  // Lost a race: another confirmation or a cancellation got there first.
  const [now] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intent.id));
  if (now.status === 'succeeded') return answer(now);
  return {
    ok: false,
    status: 400,
    error: { code: 'payment_intent_unexpected_state', message: 'This payment was cancelled with its order and can no longer be paid.' },
  };
}

/** Decision 208: what the built-in processor's invoice page shows (no secret: the invoice's id is its link, as Stripe's). */
export async function getTestInvoice(db: Db, id: string, publicUrl: string): Promise<ProcessorResult<AccountInvoice, 404>> {
  const [row] = INVOICE_ID_RE.test(id) ? await db.select().from(testInvoices).where(eq(testInvoices.id, id)) : [];
  if (!row) return { ok: false, status: 404, error: { code: 'resource_missing', message: 'No such invoice.' } };
  return { ok: true, value: toInvoice(row, publicUrl) };
}

/**
 * Decision 208: pay an open invoice with a test card, as on Stripe's hosted invoice page. The invoice's row is the
 * lock: two payments at once charge once. Paying makes a succeeded payment for the invoice's checkout (what Stripe's
 * invoice makes), and answers the invoice paid; the caller then tells the shop, as Stripe's `invoice.paid` webhook.
 */
export async function payTestInvoice(db: Db, input: { invoiceId: string; paymentMethod: string }, publicUrl: string): Promise<ProcessorResult<AccountInvoice>> {
  if (!INVOICE_ID_RE.test(input.invoiceId)) return { ok: false, status: 404, error: { code: 'resource_missing', message: 'No such invoice.' } };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(testInvoices).where(eq(testInvoices.id, input.invoiceId)).for('update');
    if (!row) return { ok: false, status: 404, error: { code: 'resource_missing', message: 'No such invoice.' } };
    if (row.status === 'paid') return { ok: true, value: toInvoice(row, publicUrl) };
    if (row.status !== 'open') {
      return { ok: false, status: 400, error: { code: 'invoice_not_open', message: 'This invoice was voided with its order and can no longer be paid.' } };
    }
    const [method] = await tx.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, input.paymentMethod));
    if (!method) return { ok: false, status: 400, error: { code: 'resource_missing', message: 'No such PaymentMethod: please enter your card again.' } };
    if (method.outcome !== 'succeeded') {
      const declineCode = method.outcome as keyof typeof DECLINE_MESSAGES;
      return {
        ok: false,
        status: 402,
        error: { code: 'card_declined', decline_code: declineCode, message: DECLINE_MESSAGES[declineCode] ?? DECLINE_MESSAGES.generic_decline },
      };
    }
    const paymentId = randomId('pi');
    await tx.insert(testPaymentIntents).values({
      id: paymentId,
      checkoutId: row.checkoutId,
      amountCents: row.amountCents,
      currency: row.currency,
      status: 'succeeded',
      clientSecret: `${paymentId}_secret_${randomId('x').slice(2)}`,
      idempotencyKey: `invoice:${row.id}`,
      cardLast4: method.last4,
      billingName: method.billingName,
      billingEmail: method.billingEmail,
    });
    const [paid] = await tx.update(testInvoices).set({ status: 'paid', paymentId, paidAt: new Date() }).where(eq(testInvoices.id, row.id)).returning();
    return { ok: true, value: toInvoice(paid, publicUrl) };
  });
}
