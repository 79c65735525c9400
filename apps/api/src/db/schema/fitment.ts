import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { products } from './shop';

/**
 * Issue #11 (decision 130): base vehicles, one row per make, model, model year
 * and (where it matters) variant. A null variant is the base model; the unique
 * index treats nulls as equal (NULLS NOT DISTINCT), so a base model is there once.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    variant: text('variant'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('vehicles_make_model_year_variant_unique').on(t.make, t.model, t.year, t.variant).nullsNotDistinct(),
    check('vehicles_year_range', sql`${t.year} between 1885 and 2100`),
  ],
);

/** What a non-universal part fits: a make and model over a range of model years (both ends included). */
export const productFitments = pgTable(
  'product_fitments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [
    check('product_fitments_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    index('product_fitments_product_idx').on(t.productId),
    index('product_fitments_vehicle_idx').on(t.make, t.model, t.yearFrom, t.yearTo),
  ],
);

/** My Garage: a customer's saved vehicles, at most one of them active. */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('garage_vehicles_user_vehicle_unique').on(t.userId, t.vehicleId),
    uniqueIndex('garage_vehicles_one_active')
      .on(t.userId)
      .where(sql`${t.active}`),
  ],
);
