import type { FastifyInstance } from 'fastify';
import { toCents } from '@shop/shared';
import { settleFoundPayment } from './record-payment';
import { expireDueOrders, type OrderRow, type ReservationPolicy } from '../modules/orders/orders.service';

/** The reservation rules of this app at this moment. */
export function reservationPolicy(app: FastifyInstance): ReservationPolicy {
  const c = app.config;
  return {
    ttlMinutes: c.UNPAID_ORDER_TTL_MINUTES,
    maxUnpaid: c.MAX_UNPAID_ORDERS,
    maxLines: c.MAX_UNPAID_LINES,
    maxUnits: c.MAX_UNPAID_UNITS,
    maxValueCents: toCents(c.MAX_UNPAID_VALUE_DOLLARS),
    trade: {
      maxLines: Math.max(c.MAX_UNPAID_LINES, c.TRADE_MAX_UNPAID_LINES),
      maxUnits: Math.max(c.MAX_UNPAID_UNITS, c.TRADE_MAX_UNPAID_UNITS),
      maxValueCents: toCents(Math.max(c.MAX_UNPAID_VALUE_DOLLARS, c.TRADE_MAX_UNPAID_VALUE_DOLLARS)),
    },
    now: app.clock.now(),
  };
}

/**
 * Expire what is due (in the scope given) and cancel the expired orders'
 * payment intents at the provider, so nobody can pay for stock that went
 * back on the shelf. A payment that had already succeeded is recorded as a
 * late payment (stock taken again, or flagged for a refund).
 *
 * Called before every read or payment of orders and by the background
 * sweep. The provider calls happen after the expiry is committed; a provider
 * outage is logged, never turned into an error for the reader. An intent
 * left open that way can still be paid: the webhook then records it as a
 * late payment.
 */
export async function expireReservations(app: FastifyInstance, scope: Parameters<typeof expireDueOrders>[2] = {}): Promise<OrderRow[]> {
  const expired = await expireDueOrders(app.db, app.clock.now(), scope);
  // The orders of one checkout share one intent (issue #9): it is cancelled, or recorded, once.
  const seen = new Set<string>();
  for (const order of expired) {
    if (!order.paymentIntentId || seen.has(order.paymentIntentId)) continue;
    seen.add(order.paymentIntentId);
    try {
      const payment = await app.payments.cancelPayment(order.paymentIntentId);
      // Recorded on what it pays (a late payment), or refunded when it cannot be (issue #22).
      if (payment?.status === 'succeeded') await settleFoundPayment(app, order, payment);
    } catch (err) {
      app.log.error({ err, orderId: order.id }, 'could not cancel the payment intent of an expired order');
    }
  }
  // The stock came back (or was taken again): this process reads it at once; the others hear of it through NOTIFY (decision 100).
  if (expired.length > 0) app.catalogCache?.invalidate('products');
  return expired;
}

/** The background sweep of one process; every process may run one (see expireDueOrders). */
export function startExpirySweep(app: FastifyInstance): () => void {
  const seconds = app.config.EXPIRY_SWEEP_SECONDS;
  if (seconds <= 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireReservations(app)
      .catch((err: unknown) => app.log.error({ err }, 'expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
