import fp from 'fastify-plugin';
import { JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (decision 200): modules register workers at build time and send jobs. */
    jobs: JobQueue;
  }
}

/**
 * The job queue lives with the app: workers are registered while the app is built, pg-boss starts when the app is
 * ready (or at the first job, with JOBS_START=first-use) and stops, waiting a little for running jobs, when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    const mode = app.config.JOBS_START ?? (app.config.NODE_ENV === 'test' ? 'first-use' : 'ready');
    const jobs = new JobQueue(app.database, {
      pollingIntervalSeconds: app.config.JOBS_POLL_INTERVAL_SECONDS,
      runWorkers: true,
      logger: app.log,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      if (mode === 'ready' || (await jobs.hasPendingWork())) await jobs.start();
    });
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs' },
);
