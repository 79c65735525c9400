import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  IMPORT_JOB_KINDS_READY,
  IMPORT_JOB_MAX_BYTES,
  importJobKindSchema,
  importJobListSchema,
  importJobParamsSchema,
  importJobSchema,
  type ImportJobKind,
} from '@shop/shared';
import { z } from 'zod';
import { BadRequestError, DomainError, NotFoundError } from '../../lib/errors';
import { reportToCsv } from '../feeds/feed-report';
import { QUEUES } from '../jobs/job-queue';
import {
  cancelImportJob,
  createImportJob,
  discardImportJob,
  getImportJob,
  listImportJobs,
  markFailed,
  removeUpload,
  requestCommit,
  storeUpload,
  toDto,
} from './imports.service';
import { registerImportWorkers } from './imports.worker';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tooLarge = () => new DomainError(413, 'FILE_TOO_LARGE', `The file is larger than ${IMPORT_JOB_MAX_BYTES / 1024 / 1024} MB. Split it.`);

/** Issue #35 item 2 (decision 200): feed imports as background jobs (admin). */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerImportWorkers(app);
  // Registered here only, with its own limit: a feed is far larger than a picture, and streams to disk.
  await app.register(multipart, { limits: { fileSize: IMPORT_JOB_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/admin/imports',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary:
          'Upload a feed and start its import as a background job (admin): multipart fields `kind` (catalog-csv; pies, a PIES XML product feed; or aces, an ACES XML fitment feed) and `file`. The job reads the file into a staging area; nothing changes in the catalogue before POST /admin/imports/{id}/commit',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 202: importJobSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new DomainError(415, 'MULTIPART_REQUIRED', 'Send the feed as multipart/form-data: the field "kind" and the file in "file".');
      let kindValue: string | undefined;
      let stored: { relPath: string; bytes: number; fileName: string } | undefined;
      const cleanUp = () => (stored ? removeUpload(app.config.DATA_DIR, stored.relPath) : Promise.resolve());
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'kind') kindValue = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || stored) {
            part.file.resume();
            continue;
          }
          const saved = await storeUpload(app.config.DATA_DIR, part.file);
          stored = { ...saved, fileName: part.filename || 'feed' };
          if (part.file.truncated) throw tooLarge();
        }
      } catch (err) {
        await cleanUp();
        if (err instanceof DomainError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || (err as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw new BadRequestError('The upload could not be read. Try again.', 'BAD_MULTIPART');
      }
      const kind = importJobKindSchema.safeParse(kindValue);
      if (!kind.success) {
        await cleanUp();
        throw new BadRequestError(
          kindValue === undefined ? `Say what the file is (field "kind": ${IMPORT_JOB_KINDS_READY.join(' or ')}).` : kind.error.issues[0].message,
          'IMPORT_KIND',
        );
      }
      if (!stored) throw new BadRequestError('Choose a file to import (field "file").', 'FILE_REQUIRED');
      if (stored.bytes === 0) {
        await cleanUp();
        throw new BadRequestError('The file is empty.', 'FILE_EMPTY');
      }
      const job = await createImportJob(app.db, {
        kind: kind.data as ImportJobKind,
        fileName: stored.fileName.slice(0, 255),
        filePath: stored.relPath,
        actor: { id: req.user!.id, email: req.user!.email },
      });
      try {
        await app.jobs.send(QUEUES.importRead, { importId: job.id });
      } catch (err) {
        req.log.error({ err }, 'import job not queued');
        await markFailed({ db: app.db, dataDir: app.config.DATA_DIR }, job.id, 'The job queue did not take the import. Try again.');
        throw new DomainError(503, 'QUEUE_UNAVAILABLE', 'The job queue did not take the import. Try again in a moment.');
      }
      return reply.status(202).send(toDto(job));
    },
  );

  app.get(
    '/admin/imports',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary: 'The latest import jobs, newest first, with their progress (admin)',
        security: [{ bearerAuth: [] }],
        response: { 200: importJobListSchema, ...errors },
      },
    },
    async () => ({ items: await listImportJobs(app.db) }),
  );

  app.get(
    '/admin/imports/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary: 'One import job: status, rows read and written, errors with their lines (admin)',
        security: [{ bearerAuth: [] }],
        params: importJobParamsSchema,
        response: { 200: importJobSchema, ...errors },
      },
    },
    async (req) => toDto(await getImportJob(app.db, req.params.id)),
  );

  app.get(
    '/admin/imports/:id/report.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary:
          "A feed import's data-quality report as CSV (admin): a summary row, then each section's examples with the section's total. 404 for a job without a report (a catalogue CSV, or a feed not read yet)",
        security: [{ bearerAuth: [] }],
        params: importJobParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const job = await getImportJob(app.db, req.params.id);
      if (!job.report) throw new NotFoundError('This import has no report: only a feed (PIES) that has been read has one.', 'IMPORT_NO_REPORT');
      const base =
        job.fileName
          .replace(/\.[^.]*$/, '')
          .replace(/[^\w.-]+/g, '-')
          .slice(0, 80) || 'feed';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-report.csv"`)
        .send(reportToCsv(job.report));
    },
  );

  app.post(
    '/admin/imports/:id/cancel',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary: 'Cancel a queued or running import (admin); a running one stops at its next batch. 409 in any other status',
        security: [{ bearerAuth: [] }],
        params: importJobParamsSchema,
        response: { 200: importJobSchema, ...errors },
      },
    },
    async (req) => toDto(await cancelImportJob(app.db, req.params.id)),
  );

  app.post(
    '/admin/imports/:id/commit',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary:
          'Apply a ready import to the catalogue (admin): its valid rows, in one transaction, by a background job (status committing, then done). 409 unless ready; of two commits one applies',
        security: [{ bearerAuth: [] }],
        params: importJobParamsSchema,
        response: { 202: importJobSchema, ...errors },
      },
    },
    async (req, reply) => {
      const job = await requestCommit(app.db, req.params.id);
      await app.jobs.send(QUEUES.importCommit, { importId: job.id }, { singletonKey: job.id });
      return reply.status(202).send(toDto(job));
    },
  );

  app.post(
    '/admin/imports/:id/discard',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['imports'],
        summary: 'Discard a ready import (admin): the catalogue stays as it was. 409 unless ready',
        security: [{ bearerAuth: [] }],
        params: importJobParamsSchema,
        response: { 200: importJobSchema, ...errors },
      },
    },
    async (req) => toDto(await discardImportJob(app.db, req.params.id)),
  );
};
