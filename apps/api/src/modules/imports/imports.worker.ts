import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../jobs/job-queue';
import { commitImportJob, hasUnfinishedImports, markFailed, readImportJob, type ImportContext } from './imports.service';

export interface ImportJobData {
  importId: string;
}

/** Attempts of a read or a commit before the import ends failed (a crash or restart costs one). */
const RETRY_LIMIT = 3;

/**
 * The import queues (decision 200). pg-boss hands each job to one worker of one process (SKIP LOCKED); a worker
 * that stops sending heartbeats (a crash) loses the job to another after heartbeatSeconds, and the job's own
 * fencing (attempts) keeps the late one from writing. After RETRY_LIMIT retries the job goes to the dead letter
 * queue, whose worker marks the import failed.
 */
export function registerImportWorkers(app: FastifyInstance): void {
  const ctx = (): ImportContext => ({
    db: app.db,
    dataDir: app.config.DATA_DIR,
    fetchImages: (app.config.FEED_IMAGES ?? (app.config.NODE_ENV === 'test' ? 'keep' : 'fetch')) === 'fetch',
  });
  const queueOptions = { retryLimit: RETRY_LIMIT, retryDelay: 1, expireInSeconds: 3600, heartbeatSeconds: 30, deadLetter: QUEUES.importFailed };
  app.jobs.register<ImportJobData>({
    queue: QUEUES.importFailed,
    options: { retryLimit: RETRY_LIMIT },
    handle: (job) => markFailed(ctx(), job.data.importId, `The import stopped after ${RETRY_LIMIT + 1} attempts; nothing was applied. Upload the file again.`),
  });
  app.jobs.register<ImportJobData>({
    queue: QUEUES.importRead,
    options: queueOptions,
    handle: async (job) => {
      const outcome = await readImportJob(ctx(), job.data.importId, job.signal);
      app.log.info({ importId: job.data.importId, outcome }, 'import read');
    },
  });
  app.jobs.register<ImportJobData>({
    queue: QUEUES.importCommit,
    options: queueOptions,
    handle: async (job) => {
      const outcome = await commitImportJob(ctx(), job.data.importId);
      app.log.info({ importId: job.data.importId, outcome }, 'import commit');
    },
  });
  // Under JOBS_START=first-use a restart with an unfinished import starts the queue at once, so it is picked up.
  app.jobs.onPendingWork(() => hasUnfinishedImports(app.db));
}
