import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { InvoiceData } from '../../modules/invoices/invoice-data';
import { checkouts } from './shop';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Issue #25 item 2 (decision 156): the documents the shop issues for an
 * order — an invoice when it is paid, later a credit note when it is refunded.
 * `data` is the snapshot taken at issue (seller, buyer, lines, shipping, tax by
 * rate, totals): the PDF is drawn from it alone, so renaming a part or moving
 * the shop changes no issued document. The PDF's bytes are kept the first time
 * they are drawn and served as they are from then on.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    /** INV-2026-000123: the kind's prefix, the year and the place in that year's gap-free count. */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** The order it is for (issue #34: every order, the spec's one-product purchase too, is a `checkouts` row). */
    checkoutId: uuid('checkout_id').references((): AnyPgColumn => checkouts.id, { onDelete: 'set null' }),
    /** The order number (TT-10042) at issue: how the customer and the admin find it. */
    orderNumber: bigint('order_number', { mode: 'number' }),
    /** A credit note names the invoice it corrects. */
    correctsId: uuid('corrects_id').references((): AnyPgColumn => documents.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
    pdf: bytea('pdf'),
  },
  (t) => [
    check('documents_kind_known', sql`${t.kind} in ('invoice', 'credit_note')`),
    uniqueIndex('documents_number_unique').on(t.number),
    uniqueIndex('documents_kind_year_seq_unique').on(t.kind, t.year, t.seq),
    // One invoice per order.
    uniqueIndex('documents_invoice_checkout_unique')
      .on(t.checkoutId)
      .where(sql`${t.kind} = 'invoice' and ${t.checkoutId} is not null`),
    index('documents_order_number_idx').on(t.orderNumber),
  ],
);

/**
 * The last number given per kind and year. Its row is locked (insert … on
 * conflict do update) in the transaction that records the payment, so a
 * payment rolled back gives its number back: no gaps, unlike a sequence.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);
