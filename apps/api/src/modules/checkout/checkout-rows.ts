import { and, asc, eq } from 'drizzle-orm';
import { fromCents, orderNumber, type Checkout, type CheckoutStatus } from '@shop/shared';
import type { Db } from '../../db/client';
import { checkouts, orders } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { isPastDue, notCancelled, toOrderDto, type OrderRow } from '../orders/orders.service';
import { figuresCents } from '../orders/order-figures';

/**
 * A checkout as rows: its head and its lines, its status and figures, and the view of it, read by the checkout, the
 * payment recording, the refunds and the order views alike (issue #34: apart from the checkout's transitions, so
 * reading a checkout imports none of them).
 */

export type CheckoutRow = typeof checkouts.$inferSelect;

export const checkoutNotFound = () => new NotFoundError('No checkout with that id.', 'CHECKOUT_NOT_FOUND');

export const checkoutExpired = () =>
  new ConflictError('This checkout expired: its reservation ran out and the parts went back into stock. Please check out again.', 'CHECKOUT_EXPIRED');

export const checkoutPaid = () => new ConflictError('This checkout is already paid.', 'ALREADY_PAID');

export const paidWithAnother = () => new ConflictError('This checkout is already paid with another payment.', 'ALREADY_PAID');

export const checkoutEmpty = () => new ConflictError('Every order of this checkout was cancelled: there is nothing left to pay.', 'CHECKOUT_EMPTY');

/** The checkout's state, from its orders: they are reserved, paid and expire together. */
export function checkoutStatus(checkout: CheckoutRow, rows: OrderRow[], now: Date): CheckoutStatus {
  if (rows.every((o) => o.status === 'cancelled')) return 'cancelled';
  if (checkout.transactionId || rows.every((o) => o.paid)) return 'paid';
  if (rows.some((o) => o.status === 'expired' || isPastDue(o, now))) return 'expired';
  return 'unpaid';
}

export { figuresCents };

/**
 * What a payment of the checkout pays: the total of its lines not paid yet.
 * Every line is paid with the checkout, so that is all of them, except in a
 * checkout one of whose lines was paid on its own before that was refused
 * (issue #22): its payment never counts that line a second time.
 */
export const dueCents = (checkout: CheckoutRow, rows: OrderRow[]) =>
  figuresCents(
    checkout,
    rows.filter((o) => !o.paid),
  ).total;

/** The checkout's lines; a line cancelled before payment is no longer one of them (issue #25 item 5). */
export async function checkoutOrders(db: Db, checkoutId: string): Promise<OrderRow[]> {
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
    ...(checkout.poNumber && { poNumber: checkout.poNumber }),
    // Decision 208: an order on the company's account, with its invoice's due date and where it is paid.
    ...(checkout.onAccount &&
      checkout.dueAt && {
        onAccount: {
          dueAt: checkout.dueAt.toISOString(),
          overdue: status === 'unpaid' && checkout.dueAt.getTime() < now.getTime(),
          invoiceUrl: status === 'unpaid' ? checkout.accountInvoiceUrl || null : null,
          paid: status === 'paid',
        },
      }),
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
    vatId: checkout.vatId,
    reverseCharge: checkout.reverseCharge,
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
