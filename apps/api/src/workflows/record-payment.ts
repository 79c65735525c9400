import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { copy, fromCents, orderNumber, type PaymentMode } from '@shop/shared';
import type { Db } from '../db/client';
import { checkouts, orderRefunds } from '../db/schema';
import { BadRequestError, ConflictError, DomainError, PaymentError, isUuid } from '../lib/errors';
import type { MailMessage } from '../lib/mailer';
import { orderPaidOwnerEmail } from '../lib/owner-email';
import { orderReceiptEmail, receiptCheckoutOf, receiptEmail } from '../lib/receipt-email';
import { guestOrderUrl } from '../modules/guest/guest-token';
import type { RetrievedPayment } from '../payments/providers/payment-provider';
import {
  auditOrderPaid,
  isSinglePurchase,
  markLinePaid,
  markOrderPaid,
  singleDueCents,
  type OrderRow,
  type PaidResult,
} from '../modules/orders/orders.service';
import { createRefund } from '../modules/orders/order-refunds.service';
import { sendRefundMail } from '../modules/orders/refund-mail';
import { checkoutEmpty, checkoutNotFound, checkoutOrders, dueCents, figuresCents, paidWithAnother, type CheckoutRow } from '../modules/checkout/checkout-rows';
import { invoiceForReceipt, issueInvoice } from '../modules/invoices/invoices.service';
import { crashPointAfterProviderConfirmed } from '../modules/payments/crash-point';
import { paymentWasRefunded, refundAfterFailedRecording, refundOf, UnrecordablePaymentError, type RefundOutcome } from '../modules/payments/refunds.service';

/**
 * Recording a payment the provider confirmed, on a one-product purchase or a checkout, whichever path reports it
 * (the customer's confirmation, the webhook, the reconciliation, an expiry or a cancel that finds it): the one rule
 * that it fits, the one transaction that marks it paid and issues the invoice, the one receipt, and the refund of a
 * payment that cannot be recorded. Issue #34 (decision 216): a workflow, below the checkout, payment and reservation
 * workflows and above the order, checkout, invoice and refund modules it drives.
 */

/** An order paid without real money is marked 'test', so the admin can tell it apart (decision 071). */
export const paymentModeOf = (payment: RetrievedPayment): PaymentMode => (payment.livemode ? 'live' : 'test');

/** Issue #22: a line of a multi-line order (a checkout) is never paid on its own. */
export const payWithCheckout = (checkoutId: string) => new DomainError(409, 'PAY_WITH_CHECKOUT', copy.orderRules.payWithCheckout, { checkoutId });

/**
 * The one rule for accepting a payment, whichever path reports it (the
 * customer's PATCH /orders/{id} or Stripe's webhook): it must belong to this
 * order, be for exactly its amount in dollars, and have succeeded.
 */
export async function checkPaymentFitsOrder(db: Db, order: OrderRow, payment: RetrievedPayment): Promise<void> {
  if (payment.orderId !== order.id) throw new BadRequestError('That payment belongs to another order.', 'PAYMENT_ORDER_MISMATCH');
  const due = await singleDueCents(db, order);
  if (payment.currency.toLowerCase() !== 'usd' || payment.amountCents !== due) {
    throw new BadRequestError(`That payment's amount does not match this order (${fromCents(due).toFixed(2)} USD).`, 'PAYMENT_AMOUNT_MISMATCH');
  }
  if (payment.status !== 'succeeded') {
    throw new PaymentError(`That payment has not succeeded (status: ${payment.status}). Please complete the payment first.`, 'PAYMENT_NOT_SUCCEEDED');
  }
}

/**
 * After the commit that turned an order paid, whichever path recorded it: the receipt, the shop's inbox, and the
 * refund of what was paid too late (issue #34).
 */
export async function sendReceipt(app: FastifyInstance, result: PaidResult): Promise<void> {
  if (!result.newlyPaid) return;
  const [head] = await app.db.select().from(checkouts).where(eq(checkouts.id, result.order.checkoutId));
  try {
    await app.mailer.send(receiptEmail(result.order, head, app.config.publicUrl, await invoiceForReceipt(app.db, result.order)));
  } catch (err) {
    // The payment is recorded either way; a mail outage must not turn a paid order into an error.
    app.log.error({ err, orderId: result.order.id }, 'could not send the payment receipt');
  }
  await tellOwnerPaid(app, [result.order], null, figuresCents(head, [result.order]).total);
  await refundWhatCameTooLate(app, [result.order]);
}

/**
 * Issue #39 item 2 (decision 180): the shop's inbox hears of every order that became paid, once, after the commit
 * (only the call that turned it paid gets here). A mail outage never fails the payment: it is logged.
 */
async function tellOwnerPaid(app: FastifyInstance, orders: OrderRow[], checkout: CheckoutRow | null, totalCents: number): Promise<void> {
  const first = orders[0]!;
  let mail: MailMessage | undefined;
  try {
    mail = orderPaidOwnerEmail(
      {
        number: orderNumber(checkout?.number ?? first.number ?? 0),
        userName: first.userName,
        email: first.email,
        country: checkout ? checkout.shipCountry : first.country,
        lines: orders.map((o) => ({ productName: o.productName, sku: o.sku, quantity: o.quantity, priceCents: o.priceCents })),
        totalCents,
        paymentMode: first.paymentMode ?? 'live',
        poNumber: checkout?.poNumber ?? '',
      },
      app.config.SHOP_INBOX_EMAIL,
      app.config.publicUrl,
    );
    await app.mailer.send(mail);
  } catch (err) {
    app.log.error({ err, orderIds: orders.map((o) => o.id), subject: mail?.subject }, "could not e-mail the shop's inbox of a paid order");
  }
}

/** The orders one checkout payment turned paid: one receipt for all of them (issue #9), then as sendReceipt. */
export async function sendCheckoutReceipt(app: FastifyInstance, results: PaidResult[]): Promise<void> {
  const orders = results.filter((r) => r.newlyPaid).map((r) => r.order);
  if (orders.length === 0) return;
  let checkout: CheckoutRow | undefined;
  try {
    // Issue #24: the receipt names the order (its number, address, shipping and tax).
    [checkout] = await app.db.select().from(checkouts).where(eq(checkouts.id, orders[0].checkoutId));
    const invoice = await invoiceForReceipt(app.db, orders[0]);
    // Decision 188: a guest's receipt carries the signed link of their order.
    const guestUrl = checkout?.guest ? guestOrderUrl(app.config, checkout.id) : null;
    await app.mailer.send(orderReceiptEmail(orders, checkout ? receiptCheckoutOf(checkout) : null, app.config.publicUrl, invoice, guestUrl));
  } catch (err) {
    app.log.error({ err, orderIds: orders.map((o) => o.id) }, 'could not send the checkout receipt');
  }
  const total = checkout ? figuresCents(checkout, orders).total : 0;
  await tellOwnerPaid(app, orders, checkout ?? null, total);
  await refundWhatCameTooLate(app, orders);
}

/**
 * Check a payment against its order and record it; sends the receipt once.
 * A payment of this very order that succeeded but cannot be recorded (the
 * order was paid with another payment, or deleted, or the amount does not
 * fit) is refunded, and the error says so (issue #22).
 */
export async function recordPayment(app: FastifyInstance, order: OrderRow, payment: RetrievedPayment): Promise<PaidResult> {
  if (payment.status === 'succeeded' && (await refundOf(app, payment.id))) throw paymentWasRefunded();
  let result: PaidResult;
  try {
    await checkPaymentFitsOrder(app.db, order, payment);
    if (!isSinglePurchase(order) && !order.paid) throw payWithCheckout(order.checkoutId);
    crashPointAfterProviderConfirmed(app);
    result = await markOrderPaid(app.db, order.id, payment.id, paymentModeOf(payment));
  } catch (err) {
    // Only this order's own payment is given back here; another order's payment is that order's to record.
    if (payment.orderId !== order.id) throw err;
    throw await refundAfterFailedRecording(app, payment, err, { email: order.email });
  }
  await sendReceipt(app, result);
  return result;
}

/** One key per order for the refund the shop makes on its own: whichever path records the late payment, it is made once. */
function lateRefundKey(orderKey: string): string {
  const h = crypto.createHash('sha256').update(`late-payment-refund:${orderKey}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Whether the shop refunded lines of this order on its own because they were paid too late: the customer's page
 * hears "paid too late, refunded" again when it reports the payment a second time, not "paid".
 */
export async function refundedAsPaidTooLate(db: Db, orderKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(eq(orderRefunds.idempotencyKey, lateRefundKey(orderKey)));
  return row !== undefined;
}

/**
 * Issue #34 item 4 ("charged = total"): the lines a payment paid after their order had expired and their parts were
 * sold again (settleLatePayment marks them refundDue) are refunded at the provider at once, with their credit note and
 * the refund e-mail, instead of waiting for the admin (decision 092 amended). The shipping goes back too when every
 * line of the order is such a line. Should the refund fail, the lines stay "refund due" for the admin, as before, and
 * the reconciliation finishes a refund left pending.
 */
async function refundWhatCameTooLate(app: FastifyInstance, paid: OrderRow[]): Promise<void> {
  const due = paid.filter((o) => o.refundDue);
  if (due.length === 0) return;
  const key = due[0].checkoutId;
  const lines = await checkoutOrders(app.db, key);
  // The shipping goes back with the last line, when there was a charge for it (free shipping has none to refund).
  const [head] = await app.db.select().from(checkouts).where(eq(checkouts.id, key));
  const shippingCents = head?.shippingCents ?? 0;
  try {
    const created = await createRefund(app, null, key, {
      idempotencyKey: lateRefundKey(key),
      lines: due.map((o) => ({ orderId: o.id, quantity: o.quantity })),
      shipping: shippingCents > 0 && lines.every((o) => o.refundDue),
      amount: 0,
      reason: copy.orderRules.paidAfterSoldOutReason,
      restock: false,
    });
    await sendRefundMail(app, created);
  } catch (err) {
    app.log.error({ err, orderKey: key }, 'could not refund a payment that came after its parts were sold out; it stays due for the admin');
  }
}

/**
 * A succeeded payment found on an order's intent (cancelling it, its expiry):
 * recorded on what it pays (the order, or the order's checkout), or, when
 * that cannot be, refunded. 'recorded' means the order is paid now.
 */
export async function settleFoundPayment(app: FastifyInstance, order: OrderRow, payment: RetrievedPayment): Promise<'recorded' | RefundOutcome | null> {
  try {
    if (payment.checkoutId && payment.checkoutId === order.checkoutId) await recordCheckoutPayment(app, order.checkoutId, payment);
    else if (payment.orderId === order.id) await recordPayment(app, order, payment);
    else {
      app.log.error({ orderId: order.id, paymentId: payment.id }, 'a succeeded payment on an order intent pays something else; left as it is');
      return null;
    }
    return 'recorded';
  } catch (err) {
    if (err instanceof UnrecordablePaymentError) return err.refund;
    if (err instanceof DomainError && err.code === 'PAYMENT_REFUNDED') return 'refunded';
    throw err;
  }
}

/**
 * The one rule for accepting a checkout's payment, whichever path reports it
 * (PATCH /checkouts/{id}, the webhook, the reconciliation, an expiry): it is
 * this checkout's, for exactly the sum of its orders in dollars, and succeeded.
 */
export function checkPaymentFitsCheckout(checkout: CheckoutRow, rows: OrderRow[], payment: RetrievedPayment): void {
  if (payment.checkoutId !== checkout.id) throw new BadRequestError('That payment belongs to something else than this checkout.', 'PAYMENT_ORDER_MISMATCH');
  const cents = dueCents(checkout, rows);
  if (payment.currency.toLowerCase() !== 'usd' || payment.amountCents !== cents) {
    throw new BadRequestError(`That payment's amount does not match this checkout (${fromCents(cents).toFixed(2)} USD).`, 'PAYMENT_AMOUNT_MISMATCH');
  }
  if (payment.status !== 'succeeded') {
    throw new PaymentError(`That payment has not succeeded (status: ${payment.status}). Please complete the payment first.`, 'PAYMENT_NOT_SUCCEEDED');
  }
}

export interface CheckoutPaidResult {
  checkout: CheckoutRow;
  orders: OrderRow[];
  /** The orders this call turned paid: they share one receipt. */
  newlyPaid: PaidResult[];
}

/**
 * Record a confirmed payment on every order of a checkout, in one
 * transaction (`db` may be the webhook's). The checkout row is locked first,
 * so the customer's confirmation, the webhook and the reconciliation record
 * it once; a replay of the same transaction changes nothing.
 */
export async function markCheckoutPaid(db: Db, checkoutId: string, payment: RetrievedPayment): Promise<CheckoutPaidResult> {
  try {
    return await db.transaction(async (tx) => {
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
      if (!checkout) throw checkoutNotFound();
      const rows = await checkoutOrders(tx, checkoutId);
      // Decision 212: the spec's one-product purchase is paid through its line (PATCH /orders/{id}), never here.
      if (rows.some(isSinglePurchase)) throw checkoutNotFound();
      if (checkout.transactionId) {
        if (checkout.transactionId !== payment.id) throw paidWithAnother();
        return { checkout, orders: rows, newlyPaid: [] };
      }
      // Issue #34: a payment for a checkout whose every line was cancelled has nothing to pay (it is refunded).
      if (rows.length === 0) throw checkoutEmpty();
      checkPaymentFitsCheckout(checkout, rows, payment);
      const [paid] = await tx
        .update(checkouts)
        .set({ transactionId: payment.id, paymentIntentId: payment.id, paidAt: new Date() })
        .where(eq(checkouts.id, checkoutId))
        .returning();
      const newlyPaid: PaidResult[] = [];
      const after: OrderRow[] = [];
      for (const order of rows) {
        // A line paid on its own before that was refused keeps its own payment (issue #22).
        if (order.paid) {
          after.push(order);
          continue;
        }
        const result = await markLinePaid(tx, order.id, payment.id, paymentModeOf(payment));
        if (result.newlyPaid) newlyPaid.push(result);
        after.push(result.order);
      }
      // Issue #25 (decision 156): its invoice, numbered in this transaction.
      await issueInvoice(tx, { checkout: paid, lines: after });
      if (newlyPaid.length) await auditOrderPaid(tx, paid.number, payment.amountCents, payment.id, paymentModeOf(payment));
      return { checkout: paid, orders: after, newlyPaid };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new ConflictError('That payment is already recorded on another checkout.', 'PAYMENT_ALREADY_USED');
    throw err;
  }
}

/**
 * Check and record a checkout's payment, then send one receipt for all its
 * orders. A payment of this very checkout that succeeded but cannot be
 * recorded (a second payment, an amount that no longer fits) is refunded,
 * and the error says so (issue #22).
 */
export async function recordCheckoutPayment(app: FastifyInstance, checkoutId: string, payment: RetrievedPayment): Promise<CheckoutPaidResult> {
  if (payment.status === 'succeeded' && (await refundOf(app, payment.id))) throw paymentWasRefunded();
  crashPointAfterProviderConfirmed(app);
  let result: CheckoutPaidResult;
  try {
    result = await markCheckoutPaid(app.db, checkoutId, payment);
  } catch (err) {
    if (payment.checkoutId !== checkoutId) throw err;
    const [checkout] = isUuid(checkoutId) ? await app.db.select({ email: checkouts.email }).from(checkouts).where(eq(checkouts.id, checkoutId)) : [];
    throw await refundAfterFailedRecording(app, payment, err, { email: checkout?.email });
  }
  await sendCheckoutReceipt(app, result.newlyPaid);
  return result;
}
