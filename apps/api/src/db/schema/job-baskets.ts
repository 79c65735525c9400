import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue #36 item 3 (decision 199): a job template ("Oil service") lists slots; for a rider's bike each slot is
 * filled with the cheapest fitting part in stock, so a whole job goes to the cart in one step. Its address is
 * /baskets/{vehicle}/{slug}.
 */
export const jobTemplates = pgTable(
  'job_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The address word ("oil-service"), one per template. */
    slug: text('slug').notNull().unique('job_templates_slug_unique'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [check('job_templates_slug_words', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/**
 * One slot of a job: a part of a category whose name holds some words, optionally at a position, and how many the
 * basket takes ('fixed' quantity, or 'per_vehicle': the fitting application's quantity per bike times `quantity`).
 */
export const jobTemplateSlots = pgTable(
  'job_template_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => jobTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Words the part's name must hold, case-insensitive; '' for any. */
    nameWords: text('name_words').notNull().default(''),
    /** normalizePosition's words ("front", "rear left"); null: anywhere. */
    position: text('position'),
    quantityRule: text('quantity_rule').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [
    index('job_template_slots_template_idx').on(t.templateId, t.sort),
    check('job_template_slots_quantity_rule', sql`${t.quantityRule} in ('fixed', 'per_vehicle')`),
    check('job_template_slots_quantity_range', sql`${t.quantity} between 1 and 99`),
    check(
      'job_template_slots_position_words',
      sql`${t.position} is null or ${t.position} ~ '^(front|rear)?( ?(left|right))?( ?(upper|lower))?$' and ${t.position} <> ''`,
    ),
  ],
);
