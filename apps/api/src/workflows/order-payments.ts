import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { fromCents, type Order, type PaymentIntentResponse } from '@shop/shared';
import { checkouts, orders, processedWebhookEvents } from '../db/schema';
import { BadRequestError, ConflictError, DomainError, NotFoundError, isUuid } from '../lib/errors';
import type { AuthUser } from '../plugins/auth';
import { actsAsAdmin } from '../lib/policy';
import { crashPointAfterProviderConfirmed } from '../modules/payments/crash-point';
import {
  checkPaymentFitsOrder,
  markCheckoutPaid,
  payWithCheckout,
  paymentModeOf,
  recordPayment,
  sendCheckoutReceipt,
  sendReceipt,
  settleFoundPayment,
  refundedAsPaidTooLate,
} from './record-payment';
import { refundAfterFailedRecording, refundOf } from '../modules/payments/refunds.service';
import { refreshAccountInvoice, settleAccountInvoice, voidBeforeCancel } from './account-invoices';
import { expireReservations } from './reservations';
import {
  alreadyPaidWithAnother,
  cancelUnpaidOrder,
  findOrderFor,
  isPastDue,
  isSinglePurchase,
  singleDueCents,
  markOrderPaid,
  orderExpired,
  orderCancelled,
  paidCannotBeCancelled,
  assertNotShipped,
  toOrderDto,
} from '../modules/orders/orders.service';

const alreadyPaid = () => new ConflictError('This order is already paid.', 'ALREADY_PAID');

/**
 * POST /create-payment-intent. The amount is the order's, never the body's.
 * An order keeps one intent: asking again returns the same client secret,
 * and the provider call carries an idempotency key so two tabs racing still
 * share one intent.
 */
export async function createPaymentIntent(app: FastifyInstance, user: AuthUser, orderId: string): Promise<PaymentIntentResponse> {
  await expireReservations(app, { orderId });
  const order = await findOrderFor(app.db, user, orderId, 'payer');
  if (order.paid) throw alreadyPaid();
  if (!isSinglePurchase(order)) throw payWithCheckout(order.checkoutId);
  if (order.status === 'cancelled') throw orderCancelled();
  if (order.status === 'expired' || isPastDue(order, app.clock.now())) throw orderExpired();
  // Goods, shipping and tax (decision 160): what the order's page and My Orders show as its total.
  const dueCents = await singleDueCents(app.db, order);
  const answer = (clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    provider: app.payments.name,
    publishableKey: app.payments.publishableKey,
    amount: fromCents(dueCents),
  });

  if (order.paymentIntentId) {
    const existing = await app.payments.retrievePayment(order.paymentIntentId);
    if (existing && existing.orderId === order.id && existing.amountCents === dueCents) {
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
    amountCents: dueCents,
    email: order.email,
    idempotencyKey: `order-${order.id}-${dueCents}`,
  });
  // The order may have been cancelled while the provider was creating the intent: then the intent must not stay payable.
  const [kept] = await app.db
    .update(orders)
    .set({ paymentIntentId: created.id })
    .where(and(eq(orders.id, order.id), eq(orders.paid, false), ne(orders.status, 'cancelled')))
    .returning({ id: orders.id });
  if (!kept) {
    const [now] = await app.db
      .select({ paid: orders.paid, transactionId: orders.transactionId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (now?.transactionId !== created.id) await app.payments.cancelPayment(created.id);
    if (now?.paid) throw alreadyPaid();
    if (now?.status === 'cancelled') throw orderCancelled();
    throw new NotFoundError('No order with that id.', 'ORDER_NOT_FOUND');
  }
  return answer(created.clientSecret);
}

/**
 * PATCH /orders/{id} { transactionId }: the order becomes paid only when the
 * provider confirms that this very payment succeeded for this order's
 * amount. The same transactionId again answers the order unchanged.
 */
export async function confirmOrderPayment(app: FastifyInstance, user: AuthUser, orderId: string, transactionId: string): Promise<Order> {
  await expireReservations(app, { orderId });
  const order = await findOrderFor(app.db, user, orderId, 'payer');
  if (order.paid) {
    if (order.transactionId !== transactionId) {
      // A second payment of this order that went through (issue #22): recording it fails, and it is refunded.
      const second = await app.payments.retrievePayment(transactionId);
      if (second?.status === 'succeeded' && second.orderId === order.id) await recordPayment(app, order, second);
      throw alreadyPaidWithAnother();
    }
    if (order.refundDue || (await refundedAsPaidTooLate(app.db, order.id))) throw paidTooLate();
    return toOrderDto(order);
  }
  if (!isSinglePurchase(order)) {
    // A payment made for this line alone (an intent from before the rule) cannot be recorded: it goes back.
    const alone = await app.payments.retrievePayment(transactionId);
    if (alone?.status === 'succeeded' && alone.orderId === order.id) await recordPayment(app, order, alone);
    throw payWithCheckout(order.checkoutId);
  }
  const expired = order.status === 'expired' || isPastDue(order, app.clock.now());
  const closed = () => (order.status === 'cancelled' ? orderCancelled() : orderExpired());
  const payment = await app.payments.retrievePayment(transactionId);
  if (!payment) {
    if (expired || order.status === 'cancelled') throw closed();
    throw new BadRequestError('No payment with that transaction id.', 'PAYMENT_NOT_FOUND');
  }
  // An expired or cancelled order still takes a payment that really succeeded (the money is gone): see settleLatePayment.
  if ((expired || order.status === 'cancelled') && payment.status !== 'succeeded') throw closed();
  const result = await recordPayment(app, order, payment);
  if (result.order.refundDue) throw paidTooLate();
  return toOrderDto(result.order);
}

const paidTooLate = () =>
  new ConflictError(
    'Your payment arrived after this order expired and the parts are sold out now. The shop will refund you in full; you do not need to do anything.',
    'ORDER_EXPIRED',
  );

/**
 * DELETE /orders/{id}: owner or admin, only while unpaid. An order with a
 * payment intent first has the intent cancelled at the provider, so the
 * customer cannot pay for an order that no longer exists; if the payment
 * completed meanwhile, it is recorded and the cancel refused.
 */
export async function cancelOrder(app: FastifyInstance, user: AuthUser, orderId: string): Promise<void> {
  await expireReservations(app, { orderId });
  // A payment intent attached while this cancel was under way is cancelled too, before the order goes (issue #7).
  for (let attempt = 1; ; attempt += 1) {
    const order = await findOrderFor(app.db, user, orderId, 'read');
    if (order.paid) throw paidCannotBeCancelled();
    // Issue #25 item 5: a cancelled order stays cancelled; cancelling it again changes nothing.
    if (order.status === 'cancelled') return;
    if (order.status === 'expired') throw orderExpired();
    if (order.paymentIntentId) {
      const payment = await app.payments.cancelPayment(order.paymentIntentId);
      if (payment?.status === 'succeeded') {
        // Too late to cancel the payment: it is recorded (and the order stays), or, when it cannot be, refunded (and the cancel goes on).
        let outcome: Awaited<ReturnType<typeof settleFoundPayment>> = null;
        try {
          outcome = await settleFoundPayment(app, order, payment);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          app.log.warn({ err, orderId }, 'a succeeded payment on a cancelled order did not fit it');
        }
        if (outcome !== 'refunded' && outcome !== 'refund_due') throw paidCannotBeCancelled();
      }
    }
    // Decision 208: an order on account has its invoice voided first, so nobody pays it while a line goes; one
    // paid meanwhile is recorded and the cancel refused. What is left gets a new invoice, whatever the cancel did.
    await assertNotShipped(app.db, order);
    if ((await voidBeforeCancel(app, order.checkoutId)) === 'paid') throw paidCannotBeCancelled();
    const actor = { id: user.id, email: user.email };
    let outcome: Awaited<ReturnType<typeof cancelUnpaidOrder>>;
    try {
      outcome = await cancelUnpaidOrder(app.db, order.id, actor, {
        asAdmin: actsAsAdmin(user),
        expectedPaymentIntentId: order.paymentIntentId,
        now: app.clock.now(),
      });
    } finally {
      await refreshAccountInvoice(app, order.checkoutId);
    }
    if (outcome !== 'intent-changed') return;
    if (attempt === 3) throw new ConflictError('The order changed while it was being cancelled. Please try again.', 'ORDER_CHANGED');
  }
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
  // Issue #37 item 4 (decision 208): an invoice on account was paid. The invoice is asked again of Stripe and its
  // payment recorded on its order, which changes nothing the second time; the event id is kept after that.
  if (event.type === 'invoice.paid' && event.invoice) {
    const [seen] = await app.db.select({ id: processedWebhookEvents.id }).from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id));
    if (seen) return { received: true, duplicate: true };
    const settled = await settleAccountInvoice(app, event.invoice.id);
    await app.db.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return settled === 'paid' ? { received: true } : { received: true, ignored: 'not an open invoice of an order on account' };
  }
  // A payment given back already (issue #22) pays nothing any more.
  const refunded = event.payment?.status === 'succeeded' && (await refundOf(app, event.payment.id));

  const outcome = await app.db.transaction(async (tx) => {
    const fresh = await tx.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (fresh.length === 0) return { received: true as const, duplicate: true as const };
    if (event.type !== 'payment_intent.succeeded' || !event.payment) return { received: true as const, ignored: `event type ${event.type}` };
    if (refunded) return { received: true as const, ignored: 'payment refunded' };

    const payment = event.payment;
    // Issue #9: a checkout's one payment marks every order of the checkout, in this same transaction.
    if (payment.checkoutId) {
      const [checkout] = isUuid(payment.checkoutId) ? await tx.select().from(checkouts).where(eq(checkouts.id, payment.checkoutId)) : [];
      if (!checkout) return { received: true as const, ignored: 'no such checkout' };
      try {
        crashPointAfterProviderConfirmed(app);
        const result = await markCheckoutPaid(tx, checkout.id, payment);
        return { received: true as const, paidMany: result.newlyPaid };
      } catch (err) {
        if (err instanceof DomainError) {
          app.log.warn({ err, eventId: event.id, checkoutId: checkout.id }, 'stripe webhook payment does not fit its checkout');
          // Refunded after this transaction (issue #22): the event is acknowledged either way.
          return { received: true as const, ignored: err.message, unrecorded: { payment, err, email: checkout.email } };
        }
        throw err;
      }
    }
    const [order] = payment.orderId && isUuid(payment.orderId) ? await tx.select().from(orders).where(eq(orders.id, payment.orderId)) : [];
    if (!order) return { received: true as const, ignored: 'no such order' };
    try {
      await checkPaymentFitsOrder(tx, order, payment);
      // Issue #22: a line of a checkout paid on its own (an intent from before the rule) is given back.
      if (!isSinglePurchase(order) && !order.paid) throw payWithCheckout(order.checkoutId);
      crashPointAfterProviderConfirmed(app);
      const paid = await markOrderPaid(tx, order.id, payment.id, paymentModeOf(payment));
      return { received: true as const, paid };
    } catch (err) {
      // A mismatch is recorded and acknowledged: Stripe retrying it would not change the answer.
      if (err instanceof DomainError) {
        app.log.warn({ err, eventId: event.id, orderId: order.id }, 'stripe webhook payment does not fit its order');
        return { received: true as const, ignored: err.message, unrecorded: { payment, err, email: order.email } };
      }
      throw err;
    }
  });

  if ('unrecorded' in outcome && outcome.unrecorded) {
    const { payment, err, email } = outcome.unrecorded;
    await refundAfterFailedRecording(app, payment, err, { email });
    return { received: true, ignored: outcome.ignored };
  }
  if ('paidMany' in outcome && outcome.paidMany) {
    await sendCheckoutReceipt(app, outcome.paidMany);
    return { received: true };
  }
  if ('paid' in outcome && outcome.paid) {
    await sendReceipt(app, outcome.paid);
    return { received: true };
  }
  return outcome;
}
