import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded pictures live in the database, so every API process behind a load
 * balancer serves the same ones. Only re-encoded WebP variants are kept: the
 * original bytes (and their metadata, such as a phone's GPS position) are not.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the upload was: png | jpeg | webp. */
    sourceType: text('source_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sourceBytes: integer('source_bytes').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);

export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** The width this variant was made for (the picture is never enlarged, so it may be narrower). */
    width: integer('width').notNull(),
    data: bytea('data').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] }), check('image_variants_width_positive', sql`${t.width} > 0`)],
);
