import { z } from 'zod';
import { feedReportSchema } from './feeds';

/**
 * Issue #35 item 2 (decision 200): feed imports run as background jobs. A job reads its file into a staging
 * area (queued → running → ready), the admin reads the report and commits (committing → done) or discards it;
 * the catalogue changes only at the commit, in one transaction.
 */
export const IMPORT_JOB_KINDS = ['catalog-csv', 'pies', 'aces'] as const;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number];
/** The kinds the shop reads (PIES since issue #35 item 3, ACES since item 4: decisions 200, 201 and 210). */
export const IMPORT_JOB_KINDS_READY = ['catalog-csv', 'pies', 'aces'] as const;

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'ready', 'committing', 'done', 'failed', 'cancelled', 'discarded'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
/** Statuses in which the job still moves by itself (the page polls while one of them shows). */
export const IMPORT_JOB_ACTIVE_STATUSES: readonly ImportJobStatus[] = ['queued', 'running', 'committing'];
/** Errors kept on the job (the count goes on). */
export const IMPORT_JOB_ERRORS_SAMPLE = 100;
/** The largest feed file accepted by POST /admin/imports. */
export const IMPORT_JOB_MAX_BYTES = 200 * 1024 * 1024;

export const importJobErrorSchema = z.object({ line: z.number().int(), message: z.string() });

export const importJobSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(IMPORT_JOB_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  errorCount: z.number().int(),
  /** The first IMPORT_JOB_ERRORS_SAMPLE errors, by line of the file (the header is line 1). */
  errors: z.array(importJobErrorSchema),
  /** What the commit did (0 before it). */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows the commit deleted: an ACES feed's applications (decision 210); 0 for the other kinds. */
  deleted: z.number().int(),
  /** Times a worker started reading the file (above 1 after a crash or restart). */
  attempts: z.number().int(),
  cancelRequested: z.boolean(),
  failureMessage: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** A feed's data-quality report (PIES or ACES, decision 201), written when the read ends; null for a catalogue CSV. */
  report: feedReportSchema.nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListSchema = z.object({ items: z.array(importJobSchema) });
export const importJobParamsSchema = z.object({ id: z.string().uuid({ message: 'No such import job: the id is not a UUID.' }) });
export const importJobKindSchema = z.enum(IMPORT_JOB_KINDS_READY, {
  message: `kind must be one of: ${IMPORT_JOB_KINDS_READY.join(', ')}`,
});
