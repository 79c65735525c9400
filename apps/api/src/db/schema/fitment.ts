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
    /** The feed's id of this vehicle (ACES `BaseVehicle@id`, decision 210), unique when present; set by the vehicle CSV or POST /vehicles. */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('vehicles_make_model_year_variant_unique').on(t.make, t.model, t.year, t.variant).nullsNotDistinct(),
    unique('vehicles_external_id_unique').on(t.externalId),
    check('vehicles_year_range', sql`${t.year} between 1885 and 2100`),
  ],
);

/**
 * What a non-universal part fits: a make and model over a range of model years (both ends included). Issue #35
 * item 1 (decision 192): each row is an application as ACES models it, so it may name one variant, where on the
 * vehicle the part goes, how many go on one vehicle, notes, and the feed and application id it came from.
 */
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
    /** Only this variant of the model; null: every variant. */
    variant: text('variant'),
    /** "front", "rear left", … (normalizePosition's words and order); null: not given. */
    position: text('position'),
    perVehicle: integer('per_vehicle'),
    notes: text('notes').notNull().default(''),
    source: text('source').notNull().default(''),
    sourceRef: text('source_ref').notNull().default(''),
  },
  (t) => [
    check('product_fitments_years_ordered', sql`${t.yearFrom} <= ${t.yearTo}`),
    check('product_fitments_per_vehicle_range', sql`${t.perVehicle} is null or ${t.perVehicle} between 1 and 99`),
    check(
      'product_fitments_position_words',
      sql`${t.position} is null or ${t.position} ~ '^(front|rear)?( ?(left|right))?( ?(upper|lower))?$' and ${t.position} <> ''`,
    ),
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
