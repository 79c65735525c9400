import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { orders, products } from './shop';

/**
 * Issue #36 item 2 (decision 220): a kit is a product made of other products. A product is a kit exactly when it has
 * rows here. Its stock is not its own: the database keeps it at the minimum over its components of
 * ⌊component stock / quantity⌋ (migration 0051's trigger, at commit), and buying it moves each component's stock.
 * A component is never itself a kit (the trigger refuses nesting), and a product in a kit cannot be deleted.
 */
export const kitComponents = pgTable(
  'kit_components',
  {
    kitId: uuid('kit_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Pieces of the component in one kit. */
    quantity: integer('quantity').notNull(),
    /** Order on the kit's page. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kitId, t.componentId] }),
    check('kit_components_quantity_positive', sql`${t.quantity} between 1 and 1000`),
    check('kit_components_not_itself', sql`${t.kitId} <> ${t.componentId}`),
    index('kit_components_component_idx').on(t.componentId),
  ],
);

/**
 * What a kit line was made of when it was bought (decision 220): the stock it took and gives back, and each
 * component's share of the line's price (the shares sum to the line's amount to the cent), whatever the kit's
 * composition becomes later.
 */
export const orderLineComponents = pgTable(
  'order_line_components',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** Pieces in one kit. */
    quantity: integer('quantity').notNull(),
    /** This component's share of the whole line's amount, in cents. */
    shareCents: integer('share_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.position] }),
    check('order_line_components_quantity_positive', sql`${t.quantity} > 0`),
    check('order_line_components_share_nonnegative', sql`${t.shareCents} >= 0`),
  ],
);
