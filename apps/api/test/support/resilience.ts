import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Env } from '../../src/config/env';
import { openDatabase, type Database, type PoolTimeouts } from '../../src/db/client';
import { freePort } from './free-port';

/**
 * A TCP proxy between the shop and one of its dependencies (PostgreSQL,
 * Redis). `cut()` drops every connection and refuses new ones (the server
 * went away); `stall()` accepts connections and lets nothing through (a
 * network black hole); `restore()` serves again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private stalled = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(target: string): Promise<TcpProxy> {
    const url = new URL(target);
    const proxy = new TcpProxy(url.hostname, Number(url.port));
    await proxy.listen();
    return proxy;
  }

  /** The target URL with its host and port replaced by the proxy's. */
  via(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private async listen(): Promise<void> {
    // restore() opens the same port again: one outside the range that listen(0) hands out stays free meanwhile.
    if (this.port === 0) this.port = await freePort();
    const server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.stalled) return;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private dropAll(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** The dependency is gone: open connections break, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.dropAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The network swallows everything: connections open but nothing answers. */
  async stall(): Promise<void> {
    this.stalled = true;
    this.dropAll();
    if (!this.server) await this.listen();
  }

  /** The dependency is back on the same address. */
  async restore(): Promise<void> {
    this.stalled = false;
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.cut();
  }
}

export const postgresUrl = process.env.DATABASE_URL;
export const SKIP_ON_PGLITE = 'skipped on PGlite: the embedded database lives inside the shop process, so it cannot go away or lose connections on its own';

/** A throwaway PostgreSQL database (migrated), its URL, and a drop function. */
export async function createPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const base = postgresUrl!;
  const { default: pg } = await import('pg');
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ databaseUrl: url.toString() });
  await migrated.close();
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Run SQL as an administrator on the real server (never through the proxy). */
export async function adminQuery<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: postgresUrl! });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export interface ResilienceApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The shop on a given database URL (through a proxy) or PGlite, with its own pool time-outs. */
export async function createAppOn(
  databaseUrl: string | undefined,
  overrides: Partial<Record<keyof Env, string | number | boolean>> = {},
  timeouts: Partial<PoolTimeouts> = {},
): Promise<ResilienceApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-resilience-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: 3999,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
      // As the other API tests (helpers.ts): the load places many unpaid orders per customer.
      MAX_UNPAID_ORDERS: 1000,
      // And the caps on one account's unpaid reservations (#22): the load keeps ordering with two customers.
      MAX_UNPAID_LINES: 10_000,
      MAX_UNPAID_UNITS: 1_000_000,
      MAX_UNPAID_VALUE_DOLLARS: 100_000_000,
      ...overrides,
    },
    {},
  );
  const database = await openDatabase(databaseUrl ? { databaseUrl, timeouts } : { dataDir: 'memory://' });
  const app = await buildApp(config, { database, serveWeb: false });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Poll until check() is truthy; returns the elapsed milliseconds. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
