import { sql, type SQL } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { vehicles } from './fitment';

/**
 * Issue #36 item 1 (decision 197): an OEM-style parts diagram. An assembly ("Front brake") is a drawing of one
 * group of parts with numbered callouts; it belongs to one or more vehicles, and its address is
 * /diagrams/{vehicle}/{slug}.
 */
export const assemblies = pgTable(
  'assemblies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address word ("front-brake"); one assembly per slug and vehicle (checked when vehicles are set). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The drawing: an uploaded image's address or a drawing the shop serves itself (/diagrams/…svg). */
    imageUrl: text('image_url').notNull(),
    /** The drawing's own size (its aspect ratio places the hotspots). */
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    check('assemblies_slug_words', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('assemblies_image_size', sql`${t.imageWidth} between 1 and 20000 and ${t.imageHeight} between 1 and 20000`),
  ],
);

export const assemblyVehicles = pgTable(
  'assembly_vehicles',
  {
    assemblyId: uuid('assembly_id')
      .notNull()
      .references(() => assemblies.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.assemblyId, t.vehicleId] }), index('assembly_vehicles_vehicle_idx').on(t.vehicleId)],
);

/**
 * One numbered callout: a part number (ours, another maker's or an OEM number; resolved to the part that carries
 * it when the page is read, so a part added later is sold from the diagram at once), how many one vehicle takes,
 * notes, and its hotspot as percentages of the drawing's width and height.
 */
export const assemblyCallouts = pgTable(
  'assembly_callouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblyId: uuid('assembly_id')
      .notNull()
      .references(() => assemblies.id, { onDelete: 'cascade' }),
    callout: integer('callout').notNull(),
    partNumber: text('part_number').notNull(),
    /** The number as skuKey writes it (like products.sku_key): what the part it names is found by. */
    partKey: text('part_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`regexp_replace(lower(${assemblyCallouts.partNumber}), '[[:space:].-]', '', 'g')`),
    /** What the part is on the drawing ("Clutch plate"), for a number not sold here too. */
    label: text('label').notNull().default(''),
    quantity: integer('quantity').notNull(),
    notes: text('notes').notNull().default(''),
    x: real('x').notNull(),
    y: real('y').notNull(),
    w: real('w').notNull(),
    h: real('h').notNull(),
  },
  (t) => [
    unique('assembly_callouts_number_unique').on(t.assemblyId, t.callout),
    index('assembly_callouts_part_key_idx').on(t.partKey),
    check('assembly_callouts_number_range', sql`${t.callout} between 1 and 999`),
    check('assembly_callouts_quantity_range', sql`${t.quantity} between 1 and 999`),
    check(
      'assembly_callouts_box_inside',
      sql`${t.x} >= 0 and ${t.y} >= 0 and ${t.w} > 0 and ${t.h} > 0 and ${t.x} + ${t.w} <= 100.001 and ${t.y} + ${t.h} <= 100.001`,
    ),
  ],
);
