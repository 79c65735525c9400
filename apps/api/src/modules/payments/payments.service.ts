import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { fromCents, type Order, type PaymentIntentResponse } from '@shop/shared';
import { orders, processedWebhookEvents } from '../../db/schema';
import { BadRequestError, ConflictError, DomainError, PaymentError, isUuid } from '../../lib/errors';
import { receiptEmail } from '../../lib/receipt-email';
import type { AuthUser } from '../../plugins/auth';
import type { RetrievedPayment } from '../../payments/providers/payment-provider';
import {
  alreadyPaidWithAnother,
  deleteUnpaidOrder,
  findOrderFor,
  markOrderPaid,
  paidCannotBeCancelled,
  toOrderDto,
  type OrderRow,
  type PaidResult,
} from '../orders/orders.service';

const alreadyPaid = () => new ConflictError('This order is already paid.', 'ALREADY_PAID');

/**
 * The one rule for accepting a payment, whichever path reports it (the
 * customer's PATCH /orders/{id} or Stripe's webhook): it must belong to this
 * order, be for exactly its amount in dollars, and have succeeded.
 */
function checkPaymentFitsOrder(order: Pick<OrderRow, 'id' | 'priceCents'>, payment: RetrievedPayment): void {
  if (payment.orderId !== order.id) throw new BadRequestError('That payment belongs to another order.', 'PAYMENT_ORDER_MISMATCH');
  if (payment.currency.toLowerCase() !== 'usd' || payment.amountCents !== order.priceCents) {
    throw new BadRequestError(`That payment's amount does not match this order (${fromCents(order.priceCents).toFixed(2)} USD).`, 'PAYMENT_AMOUNT_MISMATCH');
  }
  if (payment.status !== 'succeeded') {
    throw new PaymentError(`That payment has not succeeded (status: ${payment.status}). Please complete the payment first.`, 'PAYMENT_NOT_SUCCEEDED');
  }
}

async function sendReceipt(app: FastifyInstance, result: PaidResult): Promise<void> {
  if (!result.newlyPaid) return;
  try {
    await app.mailer.send(receiptEmail(result.order, app.config.publicUrl));
  } catch (err) {
    // The payment is recorded either way; a mail outage must not turn a paid order into an error.
    app.log.error({ err, orderId: result.order.id }, 'could not send the payment receipt');
  }
}

/** Check a payment against its order and record it; sends the receipt once. */
export async function recordPayment(app: FastifyInstance, order: OrderRow, payment: RetrievedPayment): Promise<PaidResult> {
  checkPaymentFitsOrder(order, payment);
  const result = await markOrderPaid(app.db, order.id, payment.id);
  await sendReceipt(app, result);
  return result;
}

/**
 * POST /create-payment-intent. The amount is the order's, never the body's.
 * An order keeps one intent: asking again returns the same client secret,
 * and the provider call carries an idempotency key so two tabs racing still
 * share one intent.
 */
export async function createPaymentIntent(app: FastifyInstance, user: AuthUser, orderId: string): Promise<PaymentIntentResponse> {
  const order = await findOrderFor(app.db, user, orderId, 'payer');
  if (order.paid) throw alreadyPaid();
  const answer = (clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    provider: app.payments.name,
    publishableKey: app.payments.publishableKey,
    amount: fromCents(order.priceCents),
  });

  if (order.paymentIntentId) {
    const existing = await app.payments.retrievePayment(order.paymentIntentId);
    if (existing && existing.orderId === order.id && existing.amountCents === order.priceCents) {
      if (existing.status === 'succeeded') {
        // Paid, but the confirmation never reached us (tab closed): record it now.
        await recordPayment(app, order, existing);
        throw alreadyPaid();
      }
      if (existing.status !== 'canceled' && existing.clientSecret) return answer(existing.clientSecret);
    }
  }

  const created = await app.payments.createPayment({
    orderId: order.id,
    amountCents: order.priceCents,
    email: order.email,
    idempotencyKey: `order-${order.id}-${order.priceCents}`,
  });
  await app.db.update(orders).set({ paymentIntentId: created.id }).where(eq(orders.id, order.id));
  return answer(created.clientSecret);
}

/**
 * PATCH /orders/{id} { transactionId }: the order becomes paid only when the
 * provider confirms that this very payment succeeded for this order's
 * amount. The same transactionId again answers the order unchanged.
 */
export async function confirmOrderPayment(app: FastifyInstance, user: AuthUser, orderId: string, transactionId: string): Promise<Order> {
  const order = await findOrderFor(app.db, user, orderId, 'payer');
  if (order.paid) {
    if (order.transactionId === transactionId) return toOrderDto(order);
    throw alreadyPaidWithAnother();
  }
  const payment = await app.payments.retrievePayment(transactionId);
  if (!payment) throw new BadRequestError('No payment with that transaction id.', 'PAYMENT_NOT_FOUND');
  const result = await recordPayment(app, order, payment);
  return toOrderDto(result.order);
}

/**
 * DELETE /orders/{id}: owner or admin, only while unpaid. An order with a
 * payment intent first has the intent cancelled at the provider, so the
 * customer cannot pay for an order that no longer exists; if the payment
 * completed meanwhile, it is recorded and the cancel refused.
 */
export async function cancelOrder(app: FastifyInstance, user: AuthUser, orderId: string): Promise<void> {
  const order = await findOrderFor(app.db, user, orderId, 'read');
  if (order.paid) throw paidCannotBeCancelled();
  if (order.paymentIntentId) {
    const payment = await app.payments.cancelPayment(order.paymentIntentId);
    if (payment?.status === 'succeeded') {
      try {
        await recordPayment(app, order, payment);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        app.log.warn({ err, orderId }, 'a succeeded payment on a cancelled order did not fit it');
      }
      throw paidCannotBeCancelled();
    }
  }
  await deleteUnpaidOrder(app.db, order.id);
}

export interface WebhookOutcome {
  received: true;
  duplicate?: true;
  ignored?: string;
}

/**
 * Stripe's webhook: the paid order is recorded even if the customer closed
 * the tab. The event id is stored in the same transaction as its effect, so
 * a replayed or duplicated delivery changes nothing.
 */
export async function handleStripeWebhook(app: FastifyInstance, rawBody: Buffer, signature: string): Promise<WebhookOutcome> {
  const event = app.payments.constructWebhookEvent!(rawBody, signature);

  const outcome = await app.db.transaction(async (tx) => {
    const fresh = await tx.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (fresh.length === 0) return { received: true as const, duplicate: true as const };
    if (event.type !== 'payment_intent.succeeded' || !event.payment) return { received: true as const, ignored: `event type ${event.type}` };

    const payment = event.payment;
    const [order] = payment.orderId && isUuid(payment.orderId) ? await tx.select().from(orders).where(eq(orders.id, payment.orderId)) : [];
    if (!order) return { received: true as const, ignored: 'no such order' };
    try {
      checkPaymentFitsOrder(order, payment);
      const paid = await markOrderPaid(tx, order.id, payment.id);
      return { received: true as const, paid };
    } catch (err) {
      // A mismatch is recorded and acknowledged: Stripe retrying it would not change the answer.
      if (err instanceof DomainError) {
        app.log.warn({ err, eventId: event.id, orderId: order.id }, 'stripe webhook payment does not fit its order');
        return { received: true as const, ignored: err.message };
      }
      throw err;
    }
  });

  if ('paid' in outcome && outcome.paid) {
    await sendReceipt(app, outcome.paid);
    return { received: true };
  }
  return outcome;
}
