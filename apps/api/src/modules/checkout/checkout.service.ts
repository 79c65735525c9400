import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  applicableTier,
  copy,
  countryName,
  formatAddressLines,
  fromCents,
  orderNumber,
  type Checkout,
  type CheckoutStatus,
  type checkoutRequestSchema,
  type PaymentIntentResponse,
  type ShortLine,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { cartLines, checkouts, orders, products, user as user_ } from '../../db/schema';
import { BadRequestError, ConflictError, DomainError, ForbiddenError, NotFoundError, PaymentError, isUuid } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { actsAsAdmin } from '../../lib/policy';
import type { RetrievedPayment } from '../../payments/providers/payment-provider';
import { lineTotalCents } from '../cart/cart.service';
import {
  assertMayReserve,
  auditOrderPaid,
  checkUnpaidCap,
  isPastDue,
  markLinePaid,
  reservationLimit,
  reservationLimitError,
  notCancelled,
  toOrderDto,
  type OrderRow,
  type PaidResult,
  type ReservationPolicy,
} from '../orders/orders.service';
import { expireReservations } from '../orders/reservations.service';
import { saveAddressFromCheckout } from '../addresses/addresses.service';
import { priceOrder } from './checkout-pricing';
import { issueInvoice } from '../invoices/invoices.service';
import { moveStock } from '../stock/stock.service';
import { crashPointAfterProviderConfirmed } from '../payments/crash-point';
import { paymentModeOf, sendCheckoutReceipt } from '../payments/payments.service';
import { paymentWasRefunded, refundAfterFailedRecording, refundOf } from '../payments/refunds.service';

/**
 * Issue #9 part 5: one checkout of the whole cart, paid once (decision 120).
 * A checkout is one order per cart line (orders.checkout_id), reserved in one
 * transaction, with one expiry, counted once against the unpaid-order cap,
 * and paid by one payment whose amount is the sum of its orders.
 */

export type CheckoutRow = typeof checkouts.$inferSelect;

const checkoutNotFound = () => new NotFoundError('No checkout with that id.', 'CHECKOUT_NOT_FOUND');
const checkoutExpired = () =>
  new ConflictError('This checkout expired: its reservation ran out and the parts went back into stock. Please check out again.', 'CHECKOUT_EXPIRED');
const checkoutPaid = () => new ConflictError('This checkout is already paid.', 'ALREADY_PAID');
const paidWithAnother = () => new ConflictError('This checkout is already paid with another payment.', 'ALREADY_PAID');
const checkoutEmpty = () => new ConflictError('Every order of this checkout was cancelled: there is nothing left to pay.', 'CHECKOUT_EMPTY');
const cartTooLong = (lines: number, max: number) => reservationLimit('lines', copy.orderRules.cartTooLong(lines, max), { max, wanted: lines });

/** The checkout's state, from its orders: they are reserved, paid and expire together. */
export function checkoutStatus(checkout: CheckoutRow, rows: OrderRow[], now: Date): CheckoutStatus {
  if (rows.every((o) => o.status === 'cancelled')) return 'cancelled';
  if (checkout.transactionId || rows.every((o) => o.paid)) return 'paid';
  if (rows.some((o) => o.status === 'expired' || isPastDue(o, now))) return 'expired';
  return 'unpaid';
}

/**
 * Issue #24: an order's figures from the lines still in it. Goods are the
 * lines' prices; tax is each line's tax plus shipping's; shipping is charged
 * while any line is left. With prices including tax, the total is goods +
 * shipping; otherwise tax is added. A checkout placed before issue #24 has no
 * shipping or tax, so its total is the sum of its orders, as before.
 */
export function figuresCents(checkout: CheckoutRow, rows: OrderRow[]) {
  const goods = rows.reduce((sum, o) => sum + o.priceCents, 0);
  const shipping = rows.length ? checkout.shippingCents : 0;
  const tax = rows.reduce((sum, o) => sum + o.taxCents, 0) + (rows.length ? checkout.shippingTaxCents : 0);
  return { goods, shipping, tax, total: goods + shipping + (checkout.taxIncluded ? 0 : tax) };
}

/**
 * What a payment of the checkout pays: the total of its lines not paid yet.
 * Every line is paid with the checkout, so that is all of them, except in a
 * checkout one of whose lines was paid on its own before that was refused
 * (issue #22): its payment never counts that line a second time.
 */
const dueCents = (checkout: CheckoutRow, rows: OrderRow[]) =>
  figuresCents(
    checkout,
    rows.filter((o) => !o.paid),
  ).total;

/** The checkout's lines; a line cancelled before payment is no longer one of them (issue #25 item 5). */
async function checkoutOrders(db: Db, checkoutId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), notCancelled))
    .orderBy(asc(orders.productName), asc(orders.id));
}

export function toCheckoutDto(checkout: CheckoutRow, rows: OrderRow[], now: Date): Checkout {
  const status = checkoutStatus(checkout, rows, now);
  const due = rows.filter((o) => o.status === 'unpaid' && o.expiresAt).map((o) => o.expiresAt!.getTime());
  const figures = figuresCents(checkout, rows);
  return {
    _id: checkout.id,
    orders: rows.map(toOrderDto),
    total: fromCents(figures.total),
    status,
    transactionId: checkout.transactionId,
    createdAt: checkout.createdAt.toISOString(),
    expiresAt: status === 'unpaid' && due.length ? new Date(Math.min(...due)).toISOString() : null,
    number: orderNumber(checkout.number),
    shipTo: checkout.shipCountry
      ? {
          name: checkout.shipName,
          company: checkout.shipCompany,
          line1: checkout.shipLine1,
          line2: checkout.shipLine2,
          city: checkout.shipCity,
          region: checkout.shipRegion,
          postalCode: checkout.shipPostalCode,
          country: checkout.shipCountry,
          phone: checkout.shipPhone,
        }
      : null,
    shippingMethod: checkout.shippingMethodName
      ? { name: checkout.shippingMethodName, carrier: checkout.shippingCarrier, minDays: checkout.shippingMinDays ?? 0, maxDays: checkout.shippingMaxDays ?? 0 }
      : null,
    goods: fromCents(figures.goods),
    shipping: fromCents(figures.shipping),
    tax: fromCents(figures.tax),
    taxIncluded: checkout.taxIncluded,
    taxExempt: checkout.taxExempt,
    taxId: checkout.taxId,
    lines: rows.map((o) => ({
      orderId: o.id,
      sku: o.sku,
      tax: fromCents(o.taxCents),
      unitPrice: fromCents(o.unitPriceCents),
      minOrder: o.minOrder,
      refundedQuantity: 0,
    })),
  };
}

/**
 * Load a checkout the user may see: its owner, or an admin (read only).
 * Someone else's checkout is a 404 (its existence is not confirmed); an
 * admin acting as the payer gets 403, like orders.
 */
export async function findCheckoutFor(db: Db, user: AuthUser, id: string, mode: 'read' | 'payer' = 'read'): Promise<CheckoutRow> {
  if (!isUuid(id)) throw checkoutNotFound();
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  if (!row) throw checkoutNotFound();
  if (row.userId === user.id) return row;
  if (!actsAsAdmin(user)) throw checkoutNotFound();
  if (mode === 'payer') throw new ForbiddenError('Only the customer who checked out can pay for it.', 'NOT_THE_PAYER');
  return row;
}

export async function getCheckout(app: FastifyInstance, user: AuthUser, id: string): Promise<Checkout> {
  await expireReservations(app, { checkoutId: id });
  const checkout = await findCheckoutFor(app.db, user, id);
  return toCheckoutDto(checkout, await checkoutOrders(app.db, checkout.id), app.clock.now());
}

function shortLineMessage(lines: ShortLine[]): string {
  const parts = lines.map((l) =>
    l.available < l.minOrder
      ? `${l.productName}: sold out (${l.available} left, minimum order ${l.minOrder})`
      : l.requested < l.minOrder
        ? `${l.productName}: the minimum order is ${l.minOrder} (your cart has ${l.requested})`
        : `${l.productName}: you want ${l.requested}, only ${l.available} left`,
  );
  return `Not enough stock for ${lines.length === 1 ? 'this line' : 'these lines'}: ${parts.join('; ')}. Nothing was reserved; change or remove ${lines.length === 1 ? 'it' : 'them'} in your cart and check out again.`;
}

/**
 * POST /checkout. Every cart line is reserved in ONE transaction, or none:
 * the products are locked in id order (so two checkouts never deadlock),
 * every line is checked against the locked stock, and only then are the
 * orders inserted and the stock moved through the ledger. A short line
 * answers 409 CHECKOUT_SHORT naming each short line (error.details.lines).
 * The account's unpaid reservations with these lines must stay within the
 * caps of issue #22 (409 RESERVATION_LIMIT).
 */
export async function createCheckout(db: Db, user: AuthUser, input: z.output<typeof checkoutRequestSchema>, policy: ReservationPolicy): Promise<Checkout> {
  // Issue #22: reserving stock needs a verified e-mail address (authenticate read the user fresh).
  assertMayReserve(user);
  // Issue #22: a cart longer than one account may reserve is refused before any lock is taken, so the
  // transaction below locks and writes at most MAX_UNPAID_LINES products and orders.
  const [{ cartSize }] = await db
    .select({ cartSize: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.userId, user.id));
  if (Number(cartSize) > policy.maxLines) throw cartTooLong(Number(cartSize), policy.maxLines);
  const { checkout, rows } = await db.transaction(async (tx) => {
    // The customer's row serialises their checkouts and orders, as in createOrder, so the cap cannot be raced.
    await tx.select({ id: user_.id }).from(user_).where(eq(user_.id, user.id)).for('update');
    // One more than the cap is enough to tell that lines were added since the count above.
    const lines = await tx
      .select()
      .from(cartLines)
      .where(eq(cartLines.userId, user.id))
      .limit(policy.maxLines + 1);
    if (lines.length === 0) throw new BadRequestError('Your cart is empty: add parts to it before checking out.', 'CART_EMPTY');
    if (lines.length > policy.maxLines) throw cartTooLong(lines.length, policy.maxLines);
    const held = await checkUnpaidCap(tx, user.id, policy);

    const locked = await tx
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for('update');
    const byId = new Map(locked.map((p) => [p.id, p]));
    const wanted = lines
      .map((l) => ({ line: l, product: byId.get(l.productId)! }))
      .filter((w) => w.product)
      .sort((a, b) => a.product.name.localeCompare(b.product.name) || a.product.id.localeCompare(b.product.id));
    const short: ShortLine[] = wanted
      .filter(({ line, product }) => line.quantity > product.stock || line.quantity < product.minOrder)
      .map(({ line, product }) => ({
        productId: product.id,
        productName: product.name,
        requested: line.quantity,
        available: product.stock,
        minOrder: product.minOrder,
      }));
    if (short.length > 0) throw new DomainError(409, 'CHECKOUT_SHORT', shortLineMessage(short), { lines: short });

    const expiresAt = new Date(policy.now.getTime() + policy.ttlMinutes * 60_000);
    const goodsCents = wanted.reduce((sum, { line, product }) => sum + lineTotalCents(product, line.quantity), 0);
    const units = wanted.reduce((sum, { line }) => sum + line.quantity, 0);
    const limit = reservationLimitError(held, { lines: wanted.length, units, valueCents: goodsCents }, policy);
    if (limit) throw limit;

    // Issue #24: priced from the locked rows, with the method the customer chose among those offered.
    const address = input.shippingAddress;
    const pricing = await priceOrder(
      tx,
      user.id,
      wanted.map(({ line, product }) => ({ product, quantity: line.quantity })),
      address,
    );
    if (pricing.options.length === 0) throw new DomainError(409, 'NO_SHIPPING_METHOD', pricing.problem ?? copy.checkoutAddress.methodNotOffered);
    const chosen = input.shippingMethodId ? pricing.options.find((o) => o.quote.methodId === input.shippingMethodId) : pricing.options[0];
    if (!chosen)
      throw new DomainError(409, 'SHIPPING_METHOD_NOT_OFFERED', copy.checkoutAddress.methodNotOffered, {
        offered: pricing.options.map((o) => o.quote.methodId),
      });
    const { quote, totals } = chosen;
    const [created] = await tx
      .insert(checkouts)
      .values({
        userId: user.id,
        email: user.email,
        totalCents: totals.totalCents,
        createdAt: policy.now,
        shipName: address.name,
        shipCompany: address.company,
        shipLine1: address.line1,
        shipLine2: address.line2,
        shipCity: address.city,
        shipRegion: address.region,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        shipPhone: address.phone,
        shippingMethodId: quote.methodId,
        shippingMethodName: quote.name,
        shippingCarrier: quote.carrier,
        shippingMinDays: quote.minDays,
        shippingMaxDays: quote.maxDays,
        goodsCents: totals.goodsCents,
        shippingCents: totals.shippingCents,
        shippingTaxCents: totals.shippingTaxCents,
        taxCents: totals.taxCents,
        taxIncluded: totals.taxIncluded,
        taxExempt: pricing.taxExempt,
        taxId: pricing.taxExempt ? pricing.taxId : '',
        weightGrams: pricing.weightGrams,
      })
      .returning();
    if (input.saveAddress) await saveAddressFromCheckout(tx, user.id, address);
    const inserted = await tx
      .insert(orders)
      .values(
        wanted.map(({ line, product }, i) => ({
          userId: user.id,
          productId: product.id,
          productName: product.name,
          // The lot price the line was priced with: a quantity tier's when one applies (decision 131).
          unitPriceCents: applicableTier(product.priceTiers, line.quantity)?.unitPriceCents ?? product.unitPriceCents,
          minOrder: product.minOrder,
          userName: user.name || user.email.split('@')[0],
          email: user.email,
          // The spec's three fields, from the delivery address (issue #24).
          country: countryName(address.country) ?? address.country,
          address: formatAddressLines(address).join(', '),
          phone: address.phone,
          quantity: line.quantity,
          priceCents: totals.lines[i].amountCents,
          taxCents: totals.lines[i].taxCents,
          sku: product.sku,
          number: created.number,
          status: 'unpaid',
          createdAt: policy.now,
          expiresAt,
          checkoutId: created.id,
        })),
      )
      .returning();
    for (const order of inserted) {
      // The rows are locked and checked above, so this conditional decrement cannot come up short.
      await moveStock(tx, {
        productId: order.productId!,
        delta: -order.quantity,
        kind: 'order_placed',
        orderId: order.id,
        actor: { id: user.id, email: user.email },
      });
    }
    await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    return { checkout: created, rows: inserted };
  });
  rows.sort((a, b) => a.productName.localeCompare(b.productName) || a.id.localeCompare(b.id));
  return toCheckoutDto(checkout, rows, policy.now);
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

/**
 * POST /create-payment-intent { checkoutId }: one intent for the whole
 * checkout, for the sum of its orders. Asking again returns the same client
 * secret while the amount is unchanged; the provider call carries an
 * idempotency key with the amount, so a changed checkout (an order cancelled)
 * gets a new intent.
 */
export async function createCheckoutPaymentIntent(app: FastifyInstance, user: AuthUser, checkoutId: string, attempt = 1): Promise<PaymentIntentResponse> {
  await expireReservations(app, { checkoutId });
  const checkout = await findCheckoutFor(app.db, user, checkoutId, 'payer');
  const rows = await checkoutOrders(app.db, checkout.id);
  const status = checkoutStatus(checkout, rows, app.clock.now());
  if (status === 'paid') throw checkoutPaid();
  if (status === 'cancelled') throw checkoutEmpty();
  if (status === 'expired') throw checkoutExpired();
  const cents = dueCents(checkout, rows);
  const answer = (clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    provider: app.payments.name,
    publishableKey: app.payments.publishableKey,
    amount: fromCents(cents),
  });

  if (checkout.paymentIntentId) {
    const existing = await app.payments.retrievePayment(checkout.paymentIntentId);
    if (existing && existing.checkoutId === checkout.id && existing.amountCents === cents) {
      if (existing.status === 'succeeded') {
        // Paid, but the confirmation never reached us (tab closed): record it now.
        await recordCheckoutPayment(app, checkout.id, existing);
        throw checkoutPaid();
      }
      if (existing.status !== 'canceled' && existing.clientSecret) return answer(existing.clientSecret);
    }
  }

  const created = await app.payments.createPayment({
    checkoutId: checkout.id,
    amountCents: cents,
    email: checkout.email,
    idempotencyKey: `checkout-${checkout.id}-${cents}`,
  });
  const kept = await app.db.transaction(async (tx) => {
    // Issue #34: under the checkout's lock (a line cancelled takes it too), the intent is kept only for the checkout
    // as it is now: a line cancelled while it was being created changed the amount, and this intent must not be paid.
    const [head] = await tx.select().from(checkouts).where(eq(checkouts.id, checkout.id)).for('update');
    if (!head || head.transactionId) return undefined;
    const live = await checkoutOrders(tx, checkout.id);
    if (live.every((o) => o.paid) || live.some((o) => !o.paid && o.status !== 'unpaid') || dueCents(head, live) !== cents) return 'changed' as const;
    const [row] = await tx
      .update(checkouts)
      .set({ paymentIntentId: created.id })
      .where(and(eq(checkouts.id, checkout.id), isNull(checkouts.transactionId)))
      .returning({ id: checkouts.id });
    // Each order carries the intent too, so cancelling one order or expiring the checkout cancels it at the provider.
    if (row) {
      await tx
        .update(orders)
        .set({ paymentIntentId: created.id })
        .where(and(eq(orders.checkoutId, checkout.id), eq(orders.paid, false), notCancelled));
    }
    return row;
  });
  if (kept === 'changed') {
    await app.payments.cancelPayment(created.id);
    if (attempt < 3) return createCheckoutPaymentIntent(app, user, checkoutId, attempt + 1);
    throw new ConflictError('The order changed while its payment was being prepared. Please try again.', 'ORDER_CHANGED');
  }
  // Paid meanwhile (another tab, the webhook): this intent must not stay payable.
  if (!kept) {
    const [now] = await app.db.select({ transactionId: checkouts.transactionId }).from(checkouts).where(eq(checkouts.id, checkout.id));
    if (now?.transactionId !== created.id) await app.payments.cancelPayment(created.id);
    throw checkoutPaid();
  }
  return answer(created.clientSecret);
}

/**
 * PATCH /checkouts/{id} { transactionId }: every order of the checkout
 * becomes paid with that transaction id, only once the provider confirms that
 * this payment succeeded for this checkout and its amount. The same
 * transaction id again answers the checkout unchanged.
 */
export async function confirmCheckoutPayment(app: FastifyInstance, user: AuthUser, checkoutId: string, transactionId: string): Promise<Checkout> {
  await expireReservations(app, { checkoutId });
  const checkout = await findCheckoutFor(app.db, user, checkoutId, 'payer');
  const rows = await checkoutOrders(app.db, checkout.id);
  if (checkout.transactionId) {
    if (checkout.transactionId !== transactionId) {
      // A second payment of this checkout that went through (issue #22): recording it fails, and it is refunded.
      const second = await app.payments.retrievePayment(transactionId);
      if (second?.status === 'succeeded' && second.checkoutId === checkout.id) await recordCheckoutPayment(app, checkout.id, second);
      throw paidWithAnother();
    }
    return toCheckoutDto(checkout, rows, app.clock.now());
  }
  const status = checkoutStatus(checkout, rows, app.clock.now());
  const payment = await app.payments.retrievePayment(transactionId);
  // Issue #34: a payment of this checkout that went through after it was cancelled is given back (recording refuses it).
  if (status === 'cancelled') {
    if (payment?.status === 'succeeded' && payment.checkoutId === checkout.id) await recordCheckoutPayment(app, checkout.id, payment);
    throw checkoutEmpty();
  }
  if (!payment) {
    if (status === 'expired') throw checkoutExpired();
    throw new BadRequestError('No payment with that transaction id.', 'PAYMENT_NOT_FOUND');
  }
  // An expired checkout still takes a payment that really succeeded (the money is gone): each order is settled late.
  if (status === 'expired' && payment.status !== 'succeeded') throw checkoutExpired();
  const result = await recordCheckoutPayment(app, checkout.id, payment);
  if (result.orders.some((o) => o.refundDue)) {
    throw new ConflictError(
      'Your payment arrived after this checkout expired and some of its parts are sold out now. The shop will refund those lines in full; you do not need to do anything.',
      'CHECKOUT_EXPIRED',
    );
  }
  return toCheckoutDto(result.checkout, result.orders, app.clock.now());
}
