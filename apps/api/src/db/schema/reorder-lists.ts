import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { products } from './shop';

/**
 * Issue #37 item 3 (decision 207): a saved reorder list, personal to the person who saved it (made from one of their
 * orders), re-added to their cart in one click. Names are unique per person, whatever their case.
 */
export const reorderLists = pgTable(
  'reorder_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('reorder_lists_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/** A part of a list and its quantity; a part deleted from the catalogue drops out of every list. */
export const reorderListLines = pgTable(
  'reorder_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => reorderLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId], name: 'reorder_list_lines_pkey' }),
    index('reorder_list_lines_product_idx').on(t.productId),
    check('reorder_list_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
