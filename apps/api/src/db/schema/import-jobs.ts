import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeedReport } from '@shop/shared';
import { user } from './auth';

/**
 * Issue #35 item 2 (decision 200): a feed import that runs as a background job (pg-boss). Its progress is written
 * here every batch, so the admin's page shows it after a reload and from any process.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'catalog-csv' or 'pies'; 'aces' reserved for the next step. */
    kind: text('kind').notNull(),
    /** The name the admin's file had (shown only). */
    fileName: text('file_name').notNull(),
    /** Where the upload is stored, relative to DATA_DIR. */
    filePath: text('file_path').notNull(),
    status: text('status').notNull().default('queued'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first errors, { line, message }, in the order met. */
    errorsSample: jsonb('errors_sample').$type<{ line: number; message: string }[]>().notNull().default([]),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    /** Rows the commit deleted (an ACES feed's applications, decision 210); 0 for the other kinds. */
    deletedCount: integer('deleted_count').notNull().default(0),
    /** Times a worker started reading the file. */
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    failureMessage: text('failure_message'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A feed's data-quality report (FeedReport, decision 201), written when its read ends; null for a catalogue CSV. */
    report: jsonb('report').$type<FeedReport>(),
  },
  (t) => [
    check('import_jobs_kind', sql`${t.kind} in ('catalog-csv', 'pies', 'aces')`),
    check('import_jobs_status', sql`${t.status} in ('queued', 'running', 'ready', 'committing', 'done', 'failed', 'cancelled', 'discarded')`),
    check('import_jobs_counts', sql`${t.rowsRead} >= 0 and ${t.rowsWritten} >= 0 and ${t.errorCount} >= 0 and ${t.attempts} >= 0`),
    index('import_jobs_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The valid rows of one job, waiting for its commit: the catalogue is not touched before it. Cleared when a worker
 * (re)starts reading the file, and with the job's end (done, cancelled, discarded, failed).
 */
export const importJobRows = pgTable(
  'import_job_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row's line in the file (the header is line 1). */
    line: integer('line').notNull(),
    skuKey: text('sku_key').notNull(),
    /** The validated row (CatalogCsvRow). */
    data: jsonb('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.line] }),
    // Decision 214: an ACES commit takes the staged applications a group of parts at a time (sku_key holds the part's id).
    index('import_job_rows_job_sku_key_idx').on(t.jobId, t.skuKey),
  ],
);
