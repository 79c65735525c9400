import { PgBoss, type Job, type Queue, type SendOptions } from 'pg-boss';
import type { Database } from '../../db/client';

/**
 * Issue #35 item 2 (decision 200): background jobs on a PostgreSQL-backed queue (pg-boss), in the shop's own
 * database. On PostgreSQL every process runs workers and pg-boss hands each job to one of them (SKIP LOCKED); on
 * PGlite the one process runs them, through an adapter that sends pg-boss's statements to the embedded database.
 */

/** Every queue of the shop, by name. */
export const QUEUES = {
  /** Read a feed file into the job's staging area (imports module). */
  importRead: 'import-read',
  /** Apply a ready import to the catalogue in one transaction (imports module). */
  importCommit: 'import-commit',
  /** Jobs of both import queues that failed after every retry land here, so their import can be marked failed. */
  importFailed: 'import-failed',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerDefinition<T extends object> {
  queue: QueueName;
  /** The queue's retry, expiry and dead letter settings (pg-boss QueueOptions). */
  options?: Omit<Queue, 'name'>;
  /** Runs one job; throwing fails the attempt (pg-boss retries it up to retryLimit). */
  handle(job: Job<T>): Promise<void>;
}

export interface JobQueueOptions {
  /** Seconds between polls of an idle worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Whether this process runs workers (false: it only sends jobs). */
  runWorkers: boolean;
  logger: Logger;
}

/** The pg-boss adapter for either driver: both take a statement with parameters, or several without. */
function adapterFor(database: Database) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as {
      query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
      exec(text: string): Promise<{ rows: unknown[] }[]>;
    };
    // A text without parameters may hold several statements: exec answers each one's result. node-postgres answers
    // one result for one statement and the array for several; pg-boss reads them so.
    return {
      executeSql: async (text: string, values?: unknown[]) => {
        if (values?.length) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return (results.length === 1 ? results[0] : results) as unknown as { rows: unknown[] };
      },
    };
  }
  const pool = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) };
}

export class JobQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly workers: WorkerDefinition<object>[] = [];
  private readonly pendingChecks: (() => Promise<boolean>)[] = [];
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly opts: JobQueueOptions,
  ) {}

  /** Register a worker before start(); its queue is created on start. */
  register<T extends object>(worker: WorkerDefinition<T>): void {
    if (this.starting) throw new Error(`JobQueue: register ${worker.queue} before start`);
    this.workers.push(worker as unknown as WorkerDefinition<object>);
  }

  /** A check run at start under JOBS_START=first-use: when one answers true (unfinished work a restart left), the queue starts at once. */
  onPendingWork(check: () => Promise<boolean>): void {
    this.pendingChecks.push(check);
  }

  async hasPendingWork(): Promise<boolean> {
    for (const check of this.pendingChecks) if (await check()) return true;
    return false;
  }

  /** Start pg-boss (its schema is created or migrated on the first start), create the queues, start the workers. */
  start(): Promise<PgBoss> {
    this.starting ??= this.startBoss();
    return this.starting;
  }

  private async startBoss(): Promise<PgBoss> {
    // Two processes starting on a database without pg-boss's schema both create it, and one loses the race
    // (duplicate key on pg_namespace): it tries again and finds the schema there.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startOnce();
      } catch (err) {
        if (attempt >= 3 || this.stopped) throw err;
        this.opts.logger.warn({ err: { message: (err as Error).message }, attempt }, 'job queue start failed; trying again');
        await new Promise((r) => setTimeout(r, 200 * attempt + Math.random() * 300));
      }
    }
  }

  private async startOnce(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: adapterFor(this.database),
      schema: 'pgboss',
      ...(this.database.kind === 'pglite' ? { backend: 'pglite' as const } : {}),
      // Cron schedules are not used; their clock checks would only cost queries.
      schedule: false,
    });
    boss.on('error', (err) => this.opts.logger.error({ err: { message: err.message } }, 'job queue error'));
    try {
      await boss.start();
    } catch (err) {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      throw err;
    }
    // Dead letter queues first: a queue names its dead letter queue, which must exist.
    const ordered = [...this.workers].sort((a, b) => Number(Boolean(a.options?.deadLetter)) - Number(Boolean(b.options?.deadLetter)));
    for (const w of ordered) {
      if (!(await boss.getQueue(w.queue))) await boss.createQueue(w.queue, w.options);
    }
    if (this.opts.runWorkers) {
      for (const w of this.workers) {
        await boss.work<object>(w.queue, { pollingIntervalSeconds: this.opts.pollingIntervalSeconds }, async ([job]) => {
          await w.handle(job);
        });
      }
    }
    this.boss = boss;
    return boss;
  }

  /** Queue a job; answers pg-boss's job id (null when a singletonKey refused a second one). */
  async send(queue: QueueName, data: object, options: SendOptions = {}): Promise<string | null> {
    if (this.stopped) throw new Error('JobQueue: stopped');
    const boss = await this.start();
    return boss.send(queue, data, options);
  }

  /** Stop polling and wait for running jobs (up to timeoutMs); then stop pg-boss. */
  async stop(timeoutMs = 5000): Promise<void> {
    this.stopped = true;
    if (!this.starting) return;
    const boss = await this.starting.catch(() => null);
    if (boss) await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
