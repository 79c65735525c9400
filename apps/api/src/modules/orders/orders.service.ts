import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fromCents, isValidQuantity, orderPriceCents, type createOrderSchema, type Order } from '@shop/shared';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, OutOfStockError, isUuid } from '../../lib/errors';
import { isAdmin, type AuthUser } from '../../plugins/auth';

export type OrderRow = typeof orders.$inferSelect;

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    userName: row.userName,
    email: row.email,
    country: row.country,
    address: row.address,
    phone: row.phone,
    quantity: row.quantity,
    price: fromCents(row.priceCents),
    paid: row.paid,
    transactionId: row.transactionId,
    deleverd: row.deleverd,
    createdAt: row.createdAt.toISOString(),
  };
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
const orderNotFound = () => new NotFoundError('No order with that id.', 'ORDER_NOT_FOUND');

export const quantityMessage = (minOrder: number, stock: number) => `Please enter a valid quantity! Order between ${minOrder} and ${stock} units.`;

/**
 * Place an order. The price, the customer's name and e-mail come from the
 * server; the stock decrement and the insert are one transaction, and the
 * decrement is conditional, so concurrent orders can never oversell.
 */
export async function createOrder(db: Db, user: AuthUser, input: z.output<typeof createOrderSchema>): Promise<Order> {
  if (!isUuid(input.productId)) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  const [product] = await db.select().from(products).where(eq(products.id, input.productId));
  if (!product) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  // Nothing orderable left is a stock problem, not a typing mistake: 409, as when a race takes the last units.
  if (product.stock < product.minOrder) throw new OutOfStockError();
  if (!isValidQuantity(input.quantity, product.minOrder, product.stock)) {
    throw new BadRequestError(quantityMessage(product.minOrder, product.stock), 'INVALID_QUANTITY', { minOrder: product.minOrder, stock: product.stock });
  }
  const priceCents = orderPriceCents(product.unitPriceCents, product.minOrder, input.quantity);

  const row = await db.transaction(async (tx) => {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${input.quantity}` })
      .where(and(eq(products.id, product.id), gte(products.stock, input.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) throw new OutOfStockError();
    const [inserted] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        productId: product.id,
        productName: product.name,
        unitPriceCents: product.unitPriceCents,
        minOrder: product.minOrder,
        userName: user.name || user.email.split('@')[0],
        email: user.email,
        country: input.country,
        address: input.address,
        phone: input.phone,
        quantity: input.quantity,
        priceCents,
      })
      .returning();
    return inserted;
  });
  return toOrderDto(row);
}

/** The customer's own orders (by their account), or anyone's for an admin. Newest first. */
export async function listOrdersByEmail(db: Db, user: AuthUser, email: string): Promise<Order[]> {
  const target = email.trim().toLowerCase();
  if (target === user.email.toLowerCase()) {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(...newestFirst);
    return rows.map(toOrderDto);
  }
  if (!isAdmin(user)) throw new ForbiddenError('You can only see your own orders.', 'NOT_YOUR_ORDERS');
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.email, target))
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

export async function listAllOrders(db: Db): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/**
 * Load an order the user may see. Someone else's order is a 404 (its
 * existence is not confirmed); an admin may read any order, but only its
 * customer may act as the payer (`payer`), so an admin gets 403 there.
 */
export async function findOrderFor(db: Db, user: AuthUser, id: string, mode: 'read' | 'payer' = 'read'): Promise<OrderRow> {
  if (!isUuid(id)) throw orderNotFound();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  if (row.userId === user.id) return row;
  if (!isAdmin(user)) throw orderNotFound();
  if (mode === 'payer') throw new ForbiddenError('Only the customer who placed this order can pay for it.', 'NOT_THE_PAYER');
  return row;
}

export async function getOrder(db: Db, user: AuthUser, id: string): Promise<Order> {
  return toOrderDto(await findOrderFor(db, user, id));
}

export const paidCannotBeCancelled = () => new ConflictError('Paid orders cannot be cancelled.', 'ORDER_PAID');

/**
 * Delete an unpaid order and give its units back, in one transaction. The
 * row is locked first so a payment being recorded at the same moment either
 * wins (409 here) or finds the order gone.
 */
export async function deleteUnpaidOrder(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw orderNotFound();
    if (row.paid) throw paidCannotBeCancelled();
    await tx.delete(orders).where(eq(orders.id, id));
    if (row.productId) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${row.quantity}` })
        .where(eq(products.id, row.productId));
    }
  });
}

/**
 * Mark delivered: only from paid. Repeating it on a delivered order answers
 * the order unchanged (idempotent); an unpaid order is a 409.
 */
export async function deliverOrder(db: Db, id: string): Promise<Order> {
  if (!isUuid(id)) throw orderNotFound();
  const [updated] = await db
    .update(orders)
    .set({ deleverd: true, deliveredAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.deleverd, false)))
    .returning();
  if (updated) return toOrderDto(updated);
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw orderNotFound();
  if (!row.paid) throw new ConflictError('Only paid orders can be marked as delivered.', 'ORDER_NOT_PAID');
  return toOrderDto(row);
}

export interface PaidResult {
  order: OrderRow;
  /** True only for the one call that turned the order paid: the receipt goes out on this. */
  newlyPaid: boolean;
}

/**
 * Record a confirmed payment on an order (the caller has checked it with the
 * provider). Conditional on `paid = false`, so exactly one caller — the
 * customer's confirmation or the webhook — turns it paid.
 */
export async function markOrderPaid(db: Db, orderId: string, transactionId: string): Promise<PaidResult> {
  let updated: OrderRow | undefined;
  try {
    [updated] = await db
      .update(orders)
      .set({ paid: true, transactionId, paymentIntentId: transactionId, paidAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('That payment is already recorded on another order.', 'PAYMENT_ALREADY_USED');
    throw err;
  }
  if (updated) return { order: updated, newlyPaid: true };
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw orderNotFound();
  if (row.transactionId !== transactionId) throw alreadyPaidWithAnother();
  return { order: row, newlyPaid: false };
}

export const alreadyPaidWithAnother = () => new ConflictError('This order is already paid with another payment.', 'ALREADY_PAID');

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
