import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { parse } from 'csv-parse';
import {
  feedPartKey,
  IMPORT_JOB_ERRORS_SAMPLE,
  skuKey,
  type AcesApp,
  type FeedReport,
  type PiesItem,
  type CatalogCsvRow,
  type CatalogImportError,
  type ImportJob,
  type ImportJobKind,
  type ImportJobStatus,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { importJobRows, importJobs } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import {
  applyCatalogRows,
  CATALOG_CSV_PARSE_OPTIONS,
  catalogCsvHeaderProblem,
  checkCatalogCsvRecord,
  previewRefusedRows,
  type ParsedRow,
} from '../products/catalog-csv.service';
import { isUniqueViolation } from '../products/products.service';
import { acesReport, batchResolver, piesReport } from '../feeds/feed-report';
import { openAcesFeed } from '../feeds/aces';
import { openPiesFeed } from '../feeds/pies';
import { FeedError } from '../feeds/xml-records';
import { AcesResolver, acesStage, applyAcesParts, sweepAcesFull, type AcesCounts, type AcesStaged } from './aces-import';
import { fetchFeedImages, storedFeedImages } from './feed-images';
import { defaultCategoryLabel, loadPartIds, piesImageUrls, piesRows, productsBySkuKey, SHOP_CURRENCY, shopPartsOfBrands } from './pies-import';
import { applyFeedKits, type FeedKit } from '../kits/kits.service';
import { applyDiscontinueMarkers, applyPiesLifeCycle, endsLife, isDiscontinueMarker, type DiscontinueMarker } from './pies-discontinue';

/**
 * Issue #35 item 2 (decision 200): a feed import as a background job. The worker streams the stored file through
 * csv-parse, checks each row with the synchronous import's own rules and keeps the valid ones in the job's staging
 * rows (import_job_rows), writing its progress to the job every batch. The catalogue changes only at the commit,
 * in one transaction; shoppers never see half a file.
 */

type JobRow = typeof importJobs.$inferSelect;

/** Rows per batch: staged in one INSERT, with one progress write (and one look at the cancel flag). */
export const IMPORT_BATCH_ROWS = 500;
/** Staged rows applied per step of the commit (all steps in one transaction). */
const COMMIT_CHUNK = 1000;
/** Parts whose staged ACES applications are applied per step of the commit (all of a part's at once). */
const ACES_COMMIT_PARTS = 200;

export interface ImportActor {
  id: string;
  email: string;
}

export interface ImportContext {
  db: Db;
  /** DATA_DIR: the uploads live under DATA_DIR/imports. */
  dataDir: string;
  /** FEED_IMAGES=fetch: a PIES commit fetches the pictures its items name by address (decision 214). */
  fetchImages?: boolean;
}

export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');

export function toDto(j: JobRow): ImportJob {
  return {
    id: j.id,
    kind: j.kind as ImportJobKind,
    fileName: j.fileName,
    status: j.status as ImportJobStatus,
    rowsRead: j.rowsRead,
    rowsWritten: j.rowsWritten,
    errorCount: j.errorCount,
    errors: j.errorsSample,
    created: j.createdCount,
    updated: j.updatedCount,
    unchanged: j.unchangedCount,
    deleted: j.deletedCount,
    attempts: j.attempts,
    cancelRequested: j.cancelRequested,
    failureMessage: j.failureMessage,
    createdBy: j.createdByEmail,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
    report: j.report ?? null,
  };
}

/** Store an uploaded file as it streams in (never whole in memory); answers its path relative to DATA_DIR. */
export async function storeUpload(dataDir: string, file: Readable): Promise<{ relPath: string; bytes: number }> {
  const dir = importsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.upload`;
  const full = path.join(dir, name);
  let bytes = 0;
  file.on('data', (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(file, fs.createWriteStream(full, { flags: 'wx' }));
  } catch (err) {
    await fs.promises.rm(full, { force: true });
    throw err;
  }
  // The multipart reader stops at the size limit without an error: the caller checks `truncated`.
  return { relPath: path.join('imports', name), bytes };
}

export async function removeUpload(dataDir: string, relPath: string): Promise<void> {
  await fs.promises.rm(path.join(dataDir, relPath), { force: true }).catch(() => {});
}

export async function createImportJob(db: Db, input: { kind: ImportJobKind; fileName: string; filePath: string; actor: ImportActor }): Promise<JobRow> {
  const [job] = await db
    .insert(importJobs)
    .values({ kind: input.kind, fileName: input.fileName, filePath: input.filePath, createdBy: input.actor.id, createdByEmail: input.actor.email })
    .returning();
  return job;
}

export async function listImportJobs(db: Db, limit = 50): Promise<ImportJob[]> {
  const rows = await db.select().from(importJobs).orderBy(desc(importJobs.createdAt), desc(importJobs.id)).limit(limit);
  return rows.map(toDto);
}

export async function getImportJob(db: Db, id: string): Promise<JobRow> {
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job) throw new NotFoundError('No such import job.', 'IMPORT_NOT_FOUND');
  return job;
}

/** Is an import waiting for a worker (a restart left one queued, running or committing)? */
export async function hasUnfinishedImports(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(inArray(importJobs.status, ['queued', 'running', 'committing']))
    .limit(1);
  return Boolean(row);
}

const refuse = (job: JobRow, doing: string, allowed: string) =>
  new ConflictError(`The import is ${job.status}: only ${allowed} imports can be ${doing}.`, 'IMPORT_STATE');

/**
 * Cancel a queued or running import. A queued one ends at once; a running one ends at its worker's next batch
 * (its staging rows go with it). Nothing reached the catalogue either way.
 */
export async function cancelImportJob(db: Db, id: string): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
    if (!job) throw new NotFoundError('No such import job.', 'IMPORT_NOT_FOUND');
    if (job.status !== 'queued' && job.status !== 'running') throw refuse(job, 'cancelled', 'queued or running');
    const queued = job.status === 'queued';
    const [updated] = await tx
      .update(importJobs)
      .set({
        cancelRequested: true,
        updatedAt: sql`now()`,
        ...(queued ? { status: 'cancelled', finishedAt: sql`now()` } : {}),
      })
      .where(eq(importJobs.id, id))
      .returning();
    return updated;
  });
}

/** Discard a ready import: its staging rows go, the catalogue stays as it was. */
export async function discardImportJob(db: Db, id: string): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
    if (!job) throw new NotFoundError('No such import job.', 'IMPORT_NOT_FOUND');
    if (job.status !== 'ready') throw refuse(job, 'discarded', 'ready');
    await tx.delete(importJobRows).where(eq(importJobRows.jobId, id));
    const [updated] = await tx
      .update(importJobs)
      .set({ status: 'discarded', updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(importJobs.id, id))
      .returning();
    return updated;
  });
}

/**
 * Mark a ready import for commit. The job row is locked and its status moves from ready to committing in one
 * statement's transaction, so of two concurrent commits one wins and the other is refused (409).
 */
export async function requestCommit(db: Db, id: string): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
    if (!job) throw new NotFoundError('No such import job.', 'IMPORT_NOT_FOUND');
    if (job.status !== 'ready') throw refuse(job, 'committed', 'ready');
    const [updated] = await tx
      .update(importJobs)
      .set({ status: 'committing', updatedAt: sql`now()` })
      .where(eq(importJobs.id, id))
      .returning();
    return updated;
  });
}

class Fenced extends Error {}

/** The admin cancelled a read: it stops at its next batch. */
class CancelledRead extends Error {}

/** How a read ended: ready for the admin, cancelled, failed (the file cannot be read), or not this worker's (fenced). */
export type ReadOutcome = 'ready' | 'cancelled' | 'failed' | 'skipped';

const STOPPING = 'The process is stopping; the import starts again on the next worker.';
const FILE_GONE = 'The uploaded file is gone (was DATA_DIR cleared?). Upload it again.';

/**
 * One attempt at reading a job's file, whatever its kind: the counts and the errors' sample, and the job-run steps
 * every reader shares. Each write checks, under the job row's lock, that this attempt is still the job's (`fence`),
 * so a late worker of an earlier attempt writes nothing.
 */
class ReadRun {
  rowsRead = 0;
  rowsWritten = 0;
  errorCount = 0;
  readonly sample: CatalogImportError[] = [];

  constructor(
    private readonly ctx: ImportContext,
    readonly job: JobRow,
  ) {}

  private fence = () => and(eq(importJobs.id, this.job.id), eq(importJobs.attempts, this.job.attempts), eq(importJobs.status, 'running'));

  addError = (e: CatalogImportError) => {
    this.errorCount++;
    if (this.sample.length < IMPORT_JOB_ERRORS_SAMPLE) this.sample.push(e);
  };

  /** Stage a batch and write the progress in one transaction, if this attempt is still the job's; answers whether a cancel was asked. */
  async stage(rows: readonly { line: number; skuKey: string; data: unknown }[]): Promise<boolean> {
    this.rowsWritten += rows.length;
    return this.ctx.db.transaction(async (tx) => {
      const [job] = await tx
        .update(importJobs)
        .set({ rowsRead: this.rowsRead, rowsWritten: this.rowsWritten, errorCount: this.errorCount, errorsSample: this.sample, updatedAt: sql`now()` })
        .where(this.fence())
        .returning({ cancelRequested: importJobs.cancelRequested });
      if (!job) throw new Fenced();
      // One JSON array as one parameter: the database splits it (no per-value work in the query builder, 2 parameters
      // whatever the batch's size).
      if (rows.length)
        await tx.execute(
          sql`insert into ${importJobRows} (job_id, line, sku_key, data)
              select ${this.job.id}::uuid, (r->>'line')::int, r->>'key', r->'data'
              from jsonb_array_elements(${JSON.stringify(rows.map((r) => ({ line: r.line, key: r.skuKey, data: r.data })))}::jsonb) as r`,
        );
      return job.cancelRequested;
    });
  }

  /** The read cannot go on (the file is broken or gone): the job ends failed with the message, nothing staged. */
  async fail(message: string): Promise<ReadOutcome> {
    const done = await this.ctx.db.transaction(async (tx) => {
      const [job] = await tx
        .update(importJobs)
        .set({
          status: 'failed',
          failureMessage: message,
          rowsRead: this.rowsRead,
          rowsWritten: 0,
          errorCount: this.errorCount,
          errorsSample: this.sample,
          updatedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where(this.fence())
        .returning({ id: importJobs.id });
      if (job) await tx.delete(importJobRows).where(eq(importJobRows.jobId, this.job.id));
      return Boolean(job);
    });
    if (done) await removeUpload(this.ctx.dataDir, this.job.filePath);
    return done ? 'failed' : 'skipped';
  }

  /** The admin cancelled the read: the job ends cancelled, its staging rows go. */
  async cancel(): Promise<ReadOutcome> {
    const ended = await this.ctx.db.transaction(async (tx) => {
      const [job] = await tx.select().from(importJobs).where(this.fence()).for('update');
      if (!job) return false;
      await finish(tx as unknown as Db, this.job.id, 'cancelled');
      return true;
    });
    if (ended) await removeUpload(this.ctx.dataDir, this.job.filePath);
    return ended ? 'cancelled' : 'skipped';
  }

  /** How a read that threw ends: fenced, cancelled, a feed the reader refused, a file gone; anything else is thrown (retried). */
  async ended(err: unknown): Promise<ReadOutcome> {
    if (err instanceof Fenced) return 'skipped';
    if (err instanceof CancelledRead) return this.cancel();
    if (err instanceof FeedError) return this.fail(err.message);
    if ((err as { code?: string }).code === 'ENOENT') return this.fail(FILE_GONE);
    throw err;
  }

  /** The read is over: the job is ready for the admin (with the feed's report, for a feed). */
  async ready(report?: FeedReport): Promise<ReadOutcome> {
    const [ready] = await this.ctx.db
      .update(importJobs)
      .set({ status: 'ready', ...(report ? { report } : {}), updatedAt: sql`now()` })
      .where(this.fence())
      .returning({ id: importJobs.id });
    return ready ? 'ready' : 'skipped';
  }
}

/**
 * Read an import's file into its staging rows (the worker of the import-read queue). Every start of a read (a
 * retry after a crash too) raises `attempts`, clears the staging rows and starts from the first line; each batch is
 * written in a transaction that first checks this attempt is still the job's, so a late worker of an earlier
 * attempt can write nothing. `signal` (pg-boss's, on stop) ends the read with an error: the job is retried.
 */
export async function readImportJob(ctx: ImportContext, id: string, signal?: AbortSignal): Promise<ReadOutcome> {
  const { db } = ctx;
  const started = await db.transaction(async (tx) => {
    const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
    if (job.cancelRequested) {
      await finish(tx as unknown as Db, id, 'cancelled');
      return null;
    }
    await tx.delete(importJobRows).where(eq(importJobRows.jobId, id));
    const [updated] = await tx
      .update(importJobs)
      .set({
        status: 'running',
        attempts: sql`${importJobs.attempts} + 1`,
        rowsRead: 0,
        rowsWritten: 0,
        errorCount: 0,
        errorsSample: [],
        failureMessage: null,
        updatedAt: sql`now()`,
      })
      .where(eq(importJobs.id, id))
      .returning();
    return updated;
  });
  if (!started) return 'skipped';
  const run = new ReadRun(ctx, started);
  if (started.kind === 'pies') return readPiesJob(ctx, run, signal);
  if (started.kind === 'aces') return readAcesJob(ctx, run, signal);
  return readCsvJob(ctx, run, signal);
}

/** Read a catalogue CSV (decision 200): each record checked by the synchronous import's rules, the valid ones staged. */
async function readCsvJob(ctx: ImportContext, run: ReadRun, signal?: AbortSignal): Promise<ReadOutcome> {
  const { db } = ctx;
  let batch: ParsedRow[] = [];
  const seen = new Map<string, number>();

  /** Stage a batch and write the progress, if this attempt is still the job's; answers whether a cancel was asked. */
  const flush = async (): Promise<boolean> => {
    const rows = batch;
    batch = [];
    // Rows that raise minOrder above a stored tier are reported now (the commit checks them again, on locked rows).
    const refused = rows.length ? await previewRefusedRows(db, rows) : [];
    const refusedLines = new Set(refused.map((e) => e.line));
    for (const e of refused) run.addError(e);
    const staged = rows.filter((r) => !refusedLines.has(r.line));
    return run.stage(staged.map((r) => ({ line: r.line, skuKey: skuKey(r.row.sku), data: r.row })));
  };

  const parser = parse({ ...CATALOG_CSV_PARSE_OPTIONS, bom: true });
  const input = fs.createReadStream(path.join(ctx.dataDir, run.job.filePath));
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let header: string[] | null = null;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      if (signal?.aborted) throw new Error(STOPPING);
      if (!header) {
        header = Object.keys(record);
        const problem = catalogCsvHeaderProblem(header);
        if (problem) {
          input.destroy();
          return await run.fail(problem);
        }
      }
      run.rowsRead++;
      const checked = checkCatalogCsvRecord(record, header, info.lines, seen);
      if (checked.error !== undefined) run.addError({ line: info.lines, message: checked.error });
      else batch.push({ line: info.lines, row: checked.row });
      if (run.rowsRead % IMPORT_BATCH_ROWS === 0 && (await flush())) throw new CancelledRead();
    }
    if (!header) return await run.fail('The file has no product rows under its header.');
    if (await flush()) throw new CancelledRead();
  } catch (err) {
    input.destroy();
    // csv-parse's errors name the line: the file is not CSV as the import reads it.
    const csvCode = (err as { code?: string }).code;
    if (csvCode?.startsWith('CSV_') || csvCode?.startsWith('INVALID_')) {
      const line = (err as { lines?: number }).lines;
      return run.fail(`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${(err as Error).message}`);
    }
    return run.ended(err);
  }
  return run.ready();
}

/**
 * Read a PIES feed into the job's staging rows (decisions 200 and 201, amended): one streamed pass through
 * `openPiesFeed` that stages the items and computes `piesReport` together. An item is staged unless it has a problem
 * (the report lists it), repeats a part number, is a delete (D), or cannot be applied to the part as it is now (a
 * part of another brand, a new part with no price or no picture): those are the job's errors, by line. A file that
 * is not well-formed XML, or not a PIES feed, ends the job failed with the reader's message (line and column); its
 * staging rows go with it, so a broken file stages nothing. Decision 217: a delete (D) of an UPDATE feed and, for a FULL
 * feed, each part of its brands it does not list are staged as markers at negative lines, which the commit discontinues.
 */
async function readPiesJob(ctx: ImportContext, run: ReadRun, signal?: AbortSignal): Promise<ReadOutcome> {
  const { db } = ctx;
  let batch: PiesItem[] = [];
  const firstLine = new Map<string, number>();
  const brands = new Set<string>();
  const shopParts: { brand: string; partNumber: string }[] = [];
  let newParts = 0;
  let deletes = 0;
  let withPictures = 0;
  const otherCurrencies = new Set<string>();
  // Decision 217: the parts the feed lists (even with a problem, as the report counts them), and the markers to stage.
  let full = false;
  const listed = new Set<string>();
  let markers: { line: number; skuKey: string; data: DiscontinueMarker }[] = [];
  let markerLine = 0;
  let lifeEnds = 0;
  const mark = (m: DiscontinueMarker) => markers.push({ line: --markerLine, skuKey: skuKey(m.partNumber), data: m });

  const flush = async (): Promise<boolean> => {
    const items = batch;
    batch = [];
    const known = items.length
      ? await productsBySkuKey(
          db,
          items.map((i) => skuKey(i.partNumber)),
        )
      : new Map();
    const { rows, refused, created } = piesRows(
      items.map((item) => ({ line: item.line, item })),
      known,
      await storedFeedImages(db, piesImageUrls(items)),
    );
    for (const e of refused) run.addError(e);
    newParts += created;
    const lines = new Set(rows.map((r) => r.line));
    lifeEnds += items.filter((i) => lines.has(i.line) && endsLife(i)).length;
    const marked = markers;
    markers = [];
    // "Rows written" counts the items staged; a marker is not one (stage adds every row it writes).
    run.rowsWritten -= marked.length;
    return run.stage([...items.filter((i) => lines.has(i.line)).map((item) => ({ line: item.line, skuKey: skuKey(item.partNumber), data: item })), ...marked]);
  };

  const take = (item: PiesItem) => {
    run.rowsRead++;
    if (item.maintenanceType === 'D') {
      deletes++;
      // A delete belongs in an UPDATE feed (a FULL feed's is reported invalid, and its part is then missing from it).
      if (!full && item.partNumber && item.brand) mark({ discontinue: 'delete', brand: item.brand, partNumber: item.partNumber, line: item.line });
      return;
    }
    if (item.partNumber && item.brand) listed.add(feedPartKey(item.brand, item.partNumber));
    if (item.problems.length) {
      run.addError({ line: item.line, message: item.problems.map((p) => p.message).join('; ') });
      return;
    }
    const key = feedPartKey(item.brand, item.partNumber);
    const first = firstLine.get(key);
    if (first !== undefined) {
      run.addError({ line: item.line, message: `The same brand and part number as line ${first}: left out` });
      return;
    }
    firstLine.set(key, item.line);
    brands.add(item.brand.trim().toLowerCase());
    if (item.images.some((i) => i.url)) withPictures++;
    if (item.listPriceCents !== null && item.currency !== null && item.currency !== SHOP_CURRENCY) otherCurrencies.add(item.currency);
    batch.push(item);
  };

  let report: FeedReport;
  const input = fs.createReadStream(path.join(ctx.dataDir, run.job.filePath));
  try {
    const feed = await openPiesFeed(input);
    full = feed.header.submissionType === 'FULL';
    // The report sees every item as it is staged; the stream is read once.
    async function* staging(items: AsyncGenerator<PiesItem>): AsyncGenerator<PiesItem> {
      for await (const item of items) {
        if (signal?.aborted) throw new Error(STOPPING);
        take(item);
        yield item;
        // Every IMPORT_BATCH_ROWS items read: the progress, the cancel flag, and the batch staged.
        if (run.rowsRead % IMPORT_BATCH_ROWS === 0 && (await flush())) throw new CancelledRead();
      }
      if (await flush()) throw new CancelledRead();
      // The report reads the shop's parts after the last item: those of the feed's brands, for a FULL feed.
      if (full) {
        shopParts.push(...(await shopPartsOfBrands(db, brands)));
        for (const p of shopParts) if (!listed.has(feedPartKey(p.brand, p.partNumber))) mark({ discontinue: 'missing', ...p, line: null });
        if (markers.length && (await flush())) throw new CancelledRead();
      }
    }
    const resolvePart = batchResolver((keys: readonly { brand: string; partNumber: string }[]) => loadPartIds(db, keys));
    report = await piesReport({ ...feed, items: staging(feed.items) }, { shopParts, resolvePart: (brand, partNumber) => resolvePart({ brand, partNumber }) });
  } catch (err) {
    input.destroy();
    return run.ended(err);
  }

  const notes: string[] = [];
  if (newParts)
    notes.push(
      `${newParts} new part${newParts === 1 ? '' : 's'}: filed under ${defaultCategoryLabel()} (PartTerminologyID is not mapped to the shop's categories yet); a known part keeps its category.`,
    );
  if (withPictures)
    notes.push(
      ctx.fetchImages
        ? `${withPictures} ${withPictures === 1 ? 'item names' : 'items name'} pictures: after the commit the shop fetches each address once and stores the picture as its own (PNG, JPEG or WebP, at most 5 MB); one it cannot have keeps its address.`
        : `${withPictures} ${withPictures === 1 ? 'item names' : 'items name'} pictures: the shop stores their addresses and does not fetch them (FEED_IMAGES=keep).`,
    );
  if (otherCurrencies.size)
    notes.push(
      `Prices in ${[...otherCurrencies].join(', ')} are not taken (the shop sells in ${SHOP_CURRENCY}): a known part keeps its price, a new part is left out.`,
    );
  const missing = report.sections.missingFromFull.count;
  const ended = (full ? 0 : deletes) + missing + lifeEnds;
  if (ended)
    notes.push(
      `${ended} part${ended === 1 ? '' : 's'} will be discontinued at the commit (${missing} missing from this FULL feed, ${full ? 0 : deletes} deleted by it, ${lifeEnds} with a life-cycle code that ends ${lifeEnds === 1 ? 'it' : 'them'}): none is deleted; each is sold while its stock lasts and cannot be restocked (decision 217). A part already discontinued stays as it is.`,
    );
  return run.ready({ ...report, notes });
}

/**
 * Read an ACES fitment feed into the job's staging rows (decision 210): one streamed pass through `openAcesFeed` that
 * stages the applications and computes `acesReport` together. Each batch of Apps is resolved (vehicles and parts) and
 * staged before the report sees it, so the report's resolvers answer from the same lookups. An App is staged unless
 * it has a problem, is a delete in a FULL feed, names a vehicle or part the shop does not have, a position by PCdb
 * id only, or repeats an application: those are the job's errors, by line (the report counts them too). A file that
 * is not well-formed XML, or not an ACES feed, ends the job failed with the reader's message and nothing staged.
 */
async function readAcesJob(ctx: ImportContext, run: ReadRun, signal?: AbortSignal): Promise<ReadOutcome> {
  const { db } = ctx;
  const resolver = new AcesResolver(db);
  const seen = new Map<string, number>();
  const brands = new Set<string>();

  let report: FeedReport;
  const input = fs.createReadStream(path.join(ctx.dataDir, run.job.filePath));
  try {
    const feed = await openAcesFeed(input);
    const submission = feed.header.submissionType;
    /** Resolve and stage a batch, write the progress; answers whether a cancel was asked. */
    const stage = async (apps: AcesApp[]): Promise<boolean> => {
      await resolver.resolve(apps);
      const staged: { line: number; skuKey: string; data: AcesStaged }[] = [];
      for (const app of apps) {
        const result = acesStage(app, resolver, submission, seen);
        if ('error' in result) run.addError({ line: app.line, message: result.error });
        else {
          // An application is keyed by the shop's part it names (the staging table's key column), its row is the data.
          staged.push({ line: app.line, skuKey: result.staged.productId, data: result.staged });
          brands.add(result.staged.brand);
        }
      }
      return run.stage(staged);
    };
    // The report sees every App after its batch is staged; the stream is read once.
    async function* staging(apps: AsyncGenerator<AcesApp>): AsyncGenerator<AcesApp> {
      let batch: AcesApp[] = [];
      for await (const app of apps) {
        if (signal?.aborted) throw new Error(STOPPING);
        run.rowsRead++;
        batch.push(app);
        if (batch.length >= IMPORT_BATCH_ROWS) {
          if (await stage(batch)) throw new CancelledRead();
          yield* batch;
          batch = [];
        }
      }
      if (await stage(batch)) throw new CancelledRead();
      yield* batch;
    }
    report = await acesReport(
      { ...feed, apps: staging(feed.apps) },
      {
        resolveVehicle: (app) => resolver.vehicle(app)?.id ?? null,
        resolvePart: (brand, partNumber) => resolver.part(brand, partNumber)?.id ?? null,
      },
    );
  } catch (err) {
    input.destroy();
    return run.ended(err);
  }

  const notes: string[] = [];
  if (report.submissionType === 'FULL')
    notes.push(
      brands.size
        ? `A FULL feed: the commit makes the ACES applications of ${[...brands].join(', ')} exactly this file's; fitment entered by hand stays.`
        : 'A FULL feed with no application the shop can take: the commit changes nothing and deletes none of the shop’s applications.',
    );
  else notes.push('An UPDATE feed: the commit adds its A applications and deletes its D applications; nothing else changes.');
  notes.push('Consecutive model years of one part, vehicle, position, quantity and notes are kept as one year span.');
  return run.ready({ ...report, notes });
}

/** End a job: its staging rows go with it. */
async function finish(tx: Db, id: string, status: 'cancelled' | 'failed' | 'done', extra: Partial<typeof importJobs.$inferInsert> = {}) {
  await tx.delete(importJobRows).where(eq(importJobRows.jobId, id));
  await tx
    .update(importJobs)
    .set({ status, ...extra, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

/**
 * Apply a committing import to the catalogue (the worker of the import-commit queue): every staged row, a chunk at
 * a time, in ONE transaction with the job's own move to done, under the job row's lock. A second delivery of the
 * same commit finds the job done and does nothing; a crash rolls everything back and pg-boss runs it again.
 */
export async function commitImportJob(ctx: ImportContext, id: string): Promise<'done' | 'skipped' | 'failed'> {
  const { db } = ctx;
  let filePath: string | null = null;
  // A PIES commit's parts with pictures: their addresses are fetched after the commit (decision 214).
  const pictured: string[] = [];
  let pictureOwner: string | null = null;
  try {
    const outcome = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const [job] = await tx.select().from(importJobs).where(eq(importJobs.id, id)).for('update');
      if (!job || job.status !== 'committing') return 'skipped' as const;
      filePath = job.filePath;
      if (job.kind === 'aces') return commitAces(txDb, job);
      const actor = { id: job.createdBy ?? 'system', email: job.createdByEmail ?? 'import job' };
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const refused: CatalogImportError[] = [];
      let after = 0;
      let applied = 0;
      const life = { discontinued: 0, restored: 0 };
      const feedKits: FeedKit[] = [];
      for (;;) {
        const staged = await tx
          .select({ line: importJobRows.line, data: importJobRows.data })
          .from(importJobRows)
          .where(and(eq(importJobRows.jobId, id), gt(importJobRows.line, after)))
          .orderBy(asc(importJobRows.line))
          .limit(COMMIT_CHUNK);
        if (staged.length === 0) break;
        after = staged[staged.length - 1].line;
        let rows = staged.map((s) => ({ line: s.line, row: s.data as CatalogCsvRow }));
        let piesItems: { line: number; item: PiesItem }[] = [];
        if (job.kind === 'pies') {
          // The staged items become catalogue rows against the parts as they are now, locked until the end.
          const items = staged.filter((s) => !isDiscontinueMarker(s.data)).map((s) => ({ line: s.line, item: s.data as PiesItem }));
          piesItems = items;
          const built = piesRows(
            items,
            await productsBySkuKey(
              txDb,
              items.map((i) => skuKey(i.item.partNumber)),
              true,
            ),
            await storedFeedImages(txDb, piesImageUrls(items.map((i) => i.item))),
          );
          refused.push(...built.refused);
          rows = built.rows;
          for (const { item } of items) if (item.images.some((x) => x.url)) pictured.push(skuKey(item.partNumber));
          pictureOwner = job.createdBy;
        }
        const result = await applyCatalogRows(txDb, rows, actor, counts, { skipRefused: true });
        refused.push(...result.refused);
        applied += rows.length - result.refused.length;
        if (piesItems.length) {
          // Decision 217: each applied item's life-cycle code discontinues its part, or makes it sold again.
          const written = new Set(rows.map((r) => r.line));
          for (const r of result.refused) written.delete(r.line);
          const changed = await applyPiesLifeCycle(
            txDb,
            piesItems.filter((i) => written.has(i.line)).map((i) => i.item),
          );
          // Decision 220: kits are applied after every part is written (a kit's parts may come later in the file).
          for (const { line, item } of piesItems) {
            if (written.has(line) && item.kitComponents.length && item.brand) {
              feedKits.push({ line, brand: item.brand, partNumber: item.partNumber, components: item.kitComponents });
            }
          }
          life.discontinued += changed.discontinued;
          life.restored += changed.restored;
        }
      }
      // The parts an UPDATE deleted, and those a FULL feed left out: discontinued, never deleted.
      if (job.kind === 'pies') life.discontinued += await applyDiscontinueMarkers(txDb, id);
      const kits = await applyFeedKits(txDb, feedKits);
      refused.push(...kits.refused);
      const sample = [...job.errorsSample, ...refused].slice(0, IMPORT_JOB_ERRORS_SAMPLE);
      await recordAudit(tx, {
        actor: job.createdBy ? actor : null,
        action: 'products.import',
        entityType: 'product',
        entityId: null,
        before: null,
        after: { ...counts, rows: applied, importJob: id, ...(job.kind === 'pies' ? { ...life, kits: kits.made } : {}) },
        note: `background ${job.kind === 'pies' ? 'PIES ' : ''}import of ${job.fileName}`,
      });
      await finish(txDb, id, 'done', {
        createdCount: counts.created,
        updatedCount: counts.updated,
        unchangedCount: counts.unchanged,
        rowsWritten: applied,
        errorCount: job.errorCount + refused.length,
        errorsSample: sample,
      });
      return 'done' as const;
    });
    if (outcome === 'done' && filePath) await removeUpload(ctx.dataDir, filePath);
    if (outcome === 'done' && pictured.length && ctx.fetchImages) await fetchPictures(ctx, id, pictured, pictureOwner);
    return outcome;
  } catch (err) {
    // Another admin added one of these part numbers while the commit ran: running it again would fail the same way.
    if (!isUniqueViolation(err)) throw err;
    await markFailed(ctx, id, 'A part number in the file was added to the catalogue meanwhile; nothing was applied. Upload the file again.');
    return 'failed';
  }
}

/**
 * The ACES commit (decisions 210 and 214), inside commitImportJob's transaction: the staged applications a group of
 * parts at a time (all of a part's rows together, so its model years merge into spans); then, for a FULL feed, the
 * brands' ACES rows of parts the feed does not name are deleted.
 */
async function commitAces(tx: Db, job: JobRow): Promise<'done'> {
  const counts: AcesCounts = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  const brands = new Set<string>();
  const refused: CatalogImportError[] = [];
  const full = job.report?.submissionType === 'FULL';
  let after = '';
  let applied = 0;
  for (;;) {
    // The staging key of an ACES row is its part's id (readAcesJob).
    const parts = await tx
      .selectDistinct({ key: importJobRows.skuKey })
      .from(importJobRows)
      .where(and(eq(importJobRows.jobId, job.id), gt(importJobRows.skuKey, after)))
      .orderBy(asc(importJobRows.skuKey))
      .limit(ACES_COMMIT_PARTS);
    if (parts.length === 0) break;
    after = parts[parts.length - 1].key;
    const staged = await tx
      .select({ line: importJobRows.line, data: importJobRows.data })
      .from(importJobRows)
      .where(
        and(
          eq(importJobRows.jobId, job.id),
          inArray(
            importJobRows.skuKey,
            parts.map((p) => p.key),
          ),
        ),
      );
    const rows = staged.map((s) => ({ line: s.line, data: s.data as AcesStaged }));
    for (const r of rows) brands.add(r.data.brand);
    applied += await applyAcesParts(tx, rows, full, counts, refused);
  }
  if (full) counts.deleted += await sweepAcesFull(tx, job.id, brands);
  const actor = { id: job.createdBy ?? 'system', email: job.createdByEmail ?? 'import job' };
  await recordAudit(tx, {
    actor: job.createdBy ? actor : null,
    action: 'products.import',
    entityType: 'product',
    entityId: null,
    before: null,
    after: { ...counts, rows: applied, importJob: job.id },
    note: `background ACES import of ${job.fileName}`,
  });
  await finish(tx, job.id, 'done', {
    createdCount: counts.created,
    updatedCount: counts.updated,
    unchangedCount: counts.unchanged,
    deletedCount: counts.deleted,
    rowsWritten: applied,
    errorCount: job.errorCount + refused.length,
    errorsSample: [...job.errorsSample, ...refused].slice(0, IMPORT_JOB_ERRORS_SAMPLE),
  });
  return 'done';
}

/**
 * After a PIES commit (decision 214): the pictures its parts name by address are fetched and stored, and the job
 * says how many, with each refusal among its errors. The catalogue is already committed; a crash here leaves the
 * addresses, which the next import of the feed fetches.
 */
async function fetchPictures(ctx: ImportContext, id: string, skuKeys: string[], owner: string | null): Promise<void> {
  const { stored, refused } = await fetchFeedImages(ctx.db, skuKeys, owner);
  const [job] = await ctx.db.select().from(importJobs).where(eq(importJobs.id, id));
  if (!job) return;
  const note = `Pictures: ${stored} fetched and stored as the shop's own${refused.length ? `, ${refused.length} refused (the part keeps the address; see the errors)` : ''}.`;
  await ctx.db
    .update(importJobs)
    .set({
      errorCount: job.errorCount + refused.length,
      errorsSample: [...job.errorsSample, ...refused].slice(0, IMPORT_JOB_ERRORS_SAMPLE),
      report: job.report ? { ...job.report, notes: [...(job.report.notes ?? []), note] } : job.report,
      updatedAt: sql`now()`,
    })
    .where(eq(importJobs.id, id));
}

/** The job gave up (every retry failed, or the file cannot be applied): the import ends failed, nothing applied. */
export async function markFailed(ctx: ImportContext, id: string, message: string): Promise<void> {
  const job = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), inArray(importJobs.status, ['queued', 'running', 'committing'])))
      .for('update');
    if (!row) return null;
    await finish(tx as unknown as Db, id, 'failed', { failureMessage: message });
    return row;
  });
  if (job) await removeUpload(ctx.dataDir, job.filePath);
}
