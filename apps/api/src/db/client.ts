import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { listenPostgres, type ListenHandlers, type Unlisten } from './listen';

export type Schema = typeof schema;
/** One type for both drivers: PGlite (embedded) and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Subscribe to NOTIFY on a channel (the catalogue cache hears every write, from every process). */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** PGlite only: the whole data directory as one file (tests start each database from a migrated copy). */
  dumpDataDir?(): Promise<Blob>;
  /** Where connection errors of idle pooled clients are reported (PostgreSQL only; the app passes its logger). */
  setLogger?(logger: ConnectionLogger): void;
}

/** Sends a transaction's last statement and its COMMIT together; returns the statement's rows (see pipelinedTransaction). */
export type CommitWith = (query: SQL) => Promise<Record<string, unknown>[]>;
type PipelinedRunner = <T>(run: (tx: Db, commitWith: CommitWith) => Promise<T>) => Promise<T>;
const pipelinedRunners = new WeakMap<object, PipelinedRunner>();

const rowsOfResult = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? result : ((result as { rows?: Record<string, unknown>[] }).rows ?? []);

/**
 * A transaction in two round trips on PostgreSQL (decision 143): its BEGIN
 * goes out with its first statement (node-postgres pipeline mode: sent
 * without waiting for BEGIN's answer), and its last statement with its
 * COMMIT, through `commitWith`. After `commitWith` the transaction is over:
 * anything `run` sends later runs on its own. When `run` throws before it,
 * the transaction is rolled back. `commitWith` checks that BEGIN succeeded
 * before it sends anything, so nothing is written outside the transaction.
 * On PGlite (in-process, no round trips) it is an ordinary transaction.
 */
export function pipelinedTransaction<T>(db: Db, run: (tx: Db, commitWith: CommitWith) => Promise<T>): Promise<T> {
  const runner = pipelinedRunners.get(db);
  if (runner) return runner(run);
  return db.transaction((tx) => run(tx, async (query) => rowsOfResult(await tx.execute(query))));
}

export interface ConnectionLogger {
  warn(obj: object, msg: string): void;
}

/** Bounded waits on PostgreSQL (#12). Every value is in milliseconds. */
export interface PoolTimeouts {
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  idleTimeoutMs: number;
}

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = {
  poolMax: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 15000,
  queryTimeoutMs: 20000,
  idleInTransactionTimeoutMs: 60000,
  idleTimeoutMs: 30000,
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The pool settings from the configuration (DB_* variables). */
export function poolTimeouts(config: {
  DB_POOL_MAX: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_QUERY_TIMEOUT_MS: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DB_IDLE_TIMEOUT_MS: number;
}): PoolTimeouts {
  return {
    poolMax: config.DB_POOL_MAX,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    idleTimeoutMs: config.DB_IDLE_TIMEOUT_MS,
  };
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PostgreSQL only; defaults to DEFAULT_POOL_TIMEOUTS. */
  timeouts?: Partial<PoolTimeouts>;
  /** PGlite only: start from this dumped data directory (a migrated template, for tests) instead of an empty one. */
  loadDataDir?: Blob;
}

/** Open the database and apply pending migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const t = { ...DEFAULT_POOL_TIMEOUTS, ...opts.timeouts };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: t.poolMax,
      // Also bounds the wait for a free client when all are busy.
      connectionTimeoutMillis: t.connectTimeoutMs,
      idleTimeoutMillis: t.idleTimeoutMs,
      statement_timeout: t.statementTimeoutMs,
      query_timeout: t.queryTimeoutMs,
      idle_in_transaction_session_timeout: t.idleInTransactionTimeoutMs,
      // Notice a peer that vanished without closing the socket (failover, dropped NAT entry).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A restart, failover or pg_terminate_backend makes node-postgres emit 'error' on idle clients
    // (through the pool) and on checked-out ones; unhandled, either would end the process (#12).
    // The broken client is discarded by the pool and the next query opens a new connection.
    let logger: ConnectionLogger = { warn: () => {} };
    const report = (err: Error) => logger.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'PostgreSQL connection lost');
    pool.on('error', report);
    // The pool already reports every client's error once; this keeps a checked-out client's late error from being unhandled.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    const databaseUrl = opts.databaseUrl;
    await releaseTransactionClientsOnFailure(db, pool);
    try {
      await migrate(db, { migrationsFolder });
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, handlers) => listenPostgres(pg.Client, databaseUrl, channel, handlers),
      setLogger(l) {
        logger = l;
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (search, decision 110) is a contrib extension: PGlite loads it from its own bundle, then the migration creates it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  // PGlite's default 128 MB of shared buffers doubled the idle memory of the whole server (decision 102).
  const client = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    // One embedded instance per process: its notifications never get lost, so the subscriber may trust them at once.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.message);
      handlers.state(true);
      return () => unlisten();
    },
  };
}

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN outside its
 * try/finally: when the connection dies at that moment (a PostgreSQL restart,
 * pg_terminate_backend) the pooled client is never released, and after a few
 * such blips the pool is exhausted for good. It also returns a client whose
 * ROLLBACK failed to the pool. This replaces it with the same steps, always
 * releasing, and discarding the client when the connection broke (#12).
 */
async function releaseTransactionClientsOnFailure(db: object, pool: import('pg').Pool): Promise<void> {
  const drizzlePg = await import('drizzle-orm/node-postgres');
  const { sql } = await import('drizzle-orm');
  // Internal fields of drizzle's session, typed loosely on purpose (they are not public API).
  interface Tx {
    execute(query: unknown): Promise<unknown>;
    getTransactionConfigSQL(config: object): unknown;
  }
  interface Session {
    dialect: unknown;
    schema: unknown;
    options: unknown;
    transaction: unknown;
  }
  const SessionCtor = drizzlePg.NodePgSession as unknown as new (client: unknown, dialect: unknown, schema: unknown, options: unknown) => Session;
  const TxCtor = drizzlePg.NodePgTransaction as unknown as new (dialect: unknown, session: Session, schema: unknown) => Tx;
  const session = (db as { session: Session }).session;
  interface Dialect {
    sqlToQuery(query: SQL): { sql: string; params: unknown[] };
  }
  pipelinedRunners.set(db, async (run) => {
    const client = await pool.connect();
    const txSession = new SessionCtor(client, session.dialect, session.schema, session.options);
    const tx = new TxCtor(session.dialect, txSession, session.schema);
    // Pipeline mode only while this transaction holds the client (it is idle when checked out and when released).
    const pipelined = client as unknown as { pipeline: boolean };
    pipelined.pipeline = true;
    // BEGIN waits in the socket's buffer (corked) until the first statement is queued behind it: one write, one
    // packet for the server to wake up for. The first query call of `run` uncorks, whatever it is.
    const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    const send = client.query;
    let corked = true;
    const uncork = () => {
      if (!corked) return;
      corked = false;
      // Back to the prototype's method.
      delete (client as { query?: unknown }).query;
      stream.uncork();
    };
    stream.cork();
    const begun = client.query('begin');
    begun.catch(() => {});
    client.query = function (this: typeof client, ...args: Parameters<typeof send>) {
      try {
        return (send as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        uncork();
      }
    } as typeof send;
    let committed = false;
    let broken: Error | undefined;
    const commitWith: CommitWith = async (query) => {
      if (committed) throw new Error('pipelinedTransaction: commitWith called twice');
      uncork();
      // BEGIN's answer came before the first statement's, so this does not wait; it makes sure the work was in a transaction.
      await begun;
      const { sql: text, params } = (session.dialect as Dialect).sqlToQuery(query);
      committed = true;
      // Both in one write.
      stream.cork();
      const last = client.query(text, params);
      const commit = client.query('commit');
      stream.uncork();
      const [lastResult, commitResult] = await Promise.allSettled([last, commit]);
      if (commitResult.status === 'rejected') {
        // No answer to COMMIT: the connection is in doubt, so it is not given back to the pool.
        broken = commitResult.reason instanceof Error ? commitResult.reason : new Error(String(commitResult.reason));
      }
      // A failed statement aborts the transaction; its COMMIT then rolls back (PostgreSQL answers ROLLBACK, no error).
      if (lastResult.status === 'rejected') throw lastResult.reason;
      if (commitResult.status === 'rejected') throw commitResult.reason;
      if (commitResult.value.command !== 'COMMIT') throw new Error(`transaction not committed: ${commitResult.value.command}`);
      return lastResult.value.rows;
    };
    try {
      const result = await run(tx as unknown as Db, commitWith);
      if (!committed) {
        uncork();
        await begun;
        await client.query('commit');
        committed = true;
      }
      return result;
    } catch (error) {
      try {
        uncork();
        await begun.catch(() => {});
        // After commitWith the transaction is over (committed, or rolled back by its COMMIT): nothing to undo.
        if (!committed) await client.query('rollback');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    } finally {
      uncork();
      pipelined.pipeline = false;
      client.release(broken);
    }
  });
  session.transaction = async <T>(run: (tx: Tx) => Promise<T>, config?: object): Promise<T> => {
    const client = await pool.connect();
    const txSession = new SessionCtor(client, session.dialect, session.schema, session.options);
    const tx = new TxCtor(session.dialect, txSession, session.schema);
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
      const result = await run(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      try {
        await tx.execute(sql`rollback`);
      } catch (rollbackError) {
        // The connection is gone: PostgreSQL rolls the transaction back itself when its session ends.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
