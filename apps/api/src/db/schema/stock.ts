import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './shop';

/**
 * The stock ledger (issue #8): every change of a product's stock is one row,
 * written in the same transaction as the change, so a product's stock always
 * equals the sum of its rows' deltas. Rows outlive their product and order
 * (product_id becomes null; order_id is not a foreign key because a cancelled
 * order is deleted) so the history stays readable.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** initial | order_placed | order_cancelled | reservation_expired | reservation_renewed | adjustment | import | refund_restock */
    kind: text('kind').notNull(),
    delta: integer('delta').notNull(),
    /** The stock right after this movement. */
    stockAfter: integer('stock_after').notNull(),
    /** For adjustments: restock | correction | damaged; free text otherwise. */
    reason: text('reason'),
    note: text('note'),
    orderId: uuid('order_id'),
    /** Who: the admin or the customer; null for the system (expiry sweep, seed, webhook). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('stock_movements_delta_nonzero', sql`${t.delta} <> 0`),
    index('stock_movements_product_idx').on(t.productId, t.createdAt),
    index('stock_movements_order_idx').on(t.orderId),
  ],
);
