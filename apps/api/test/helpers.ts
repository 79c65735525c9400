import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Env } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { user } from '../src/db/schema';

/**
 * A fresh database for one test file: PGlite in memory by default, or a
 * throwaway PostgreSQL database when DATABASE_URL is set (dropped on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  // A copy of the database migrated once for the whole run (test/global-setup.ts); from nothing outside Vitest.
  const template = (key: 'pgliteTemplate' | 'postgresTemplate') => {
    try {
      return inject(key) || '';
    } catch {
      return '';
    }
  };
  if (!url) {
    const file = template('pgliteTemplate');
    return openDatabase({ dataDir: 'memory://', ...(file ? { loadDataDir: await fs.openAsBlob(file) } : {}) });
  }
  const { default: pg } = await import('pg');
  // TEST_DB_PREFIX: a machine shared by several people keeps each one's throwaway databases apart.
  const name = `${process.env.TEST_DB_PREFIX ?? 'shop_test_'}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const from = template('postgresTemplate');
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Record<keyof Env, string | number | boolean>> = {},
  opts: { serveWeb?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: 3999,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
      // Most tests place many orders with one customer; the limit (#8) has its own tests with the default of 3.
      MAX_UNPAID_ORDERS: 1000,
      // Likewise the caps on one account's unpaid reservations (#22): reservation-limits.test.ts sets its own.
      MAX_UNPAID_LINES: 10_000,
      MAX_UNPAID_UNITS: 1_000_000,
      MAX_UNPAID_VALUE_DOLLARS: 100_000_000,
      ...overrides,
    },
    {},
  );
  const database = await openTestDatabase();
  // The SPA fallback is off unless a test asks for it (with its own WEB_DIST).
  const app = await buildApp(config, { database, serveWeb: opts.serveWeb ?? false });
  await app.ready();
  return {
    app,
    dataDir,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  /** Better Auth session cookie(s), as a Cookie header value. */
  cookie: string;
  /** Access token from PUT /api/user/{email}. */
  token: string;
}

let counter = 0;

/** Signs up through the real HTTP API, then syncs to get the access token. */
export async function signUpUser(app: FastifyInstance, opts: { email?: string; name?: string; password?: string; admin?: boolean } = {}): Promise<TestUser> {
  counter += 1;
  const email = (opts.email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`).toLowerCase();
  const name = opts.name ?? `Test User ${counter}`;
  const password = opts.password ?? 'secret-password-1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.config.publicUrl },
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeader(res.headers['set-cookie']);
  const [row] = await app.db.select().from(user).where(eq(user.email, email));
  if (opts.admin) await app.db.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
  const token = await syncToken(app, email, name, cookie);
  return { id: row.id, email, name, password, cookie, token };
}

export async function syncToken(app: FastifyInstance, email: string, name: string, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'PUT', url: `/api/user/${encodeURIComponent(email)}`, headers: { cookie }, payload: { email, name } });
  if (res.statusCode !== 200) throw new Error(`sync failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs the user out through Better Auth, as the web app does (their cookie, from the shop's own origin). */
export const signOut = (app: FastifyInstance, user: Pick<TestUser, 'cookie'>) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: app.config.publicUrl }, payload: {} });
