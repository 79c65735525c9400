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

/**
 * A customer through the real HTTP API: the sign-up (which opens no session, decision 175), the link of the
 * verification e-mail from the outbox (which confirms the address and signs in), then the sync that hands out
 * the access token. `verified: false` then marks the address unconfirmed again, as for an account that signed
 * in before sign-in needed a confirmed address (its session lives on).
 */
export async function signUpUser(
  app: FastifyInstance,
  opts: { email?: string; name?: string; password?: string; admin?: boolean; verified?: boolean; remoteAddress?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (opts.email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`).toLowerCase();
  const name = opts.name ?? `Test User ${counter}`;
  const password = opts.password ?? 'secret-password-1';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.config.publicUrl },
    payload: { email, password, name },
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const link = latestVerificationLink(app, email);
  const opened = await app.inject({ method: 'GET', url: link.pathname + link.search, ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}) });
  if (opened.statusCode !== 302 || String(opened.headers.location).includes('error=')) {
    throw new Error(`verification link failed: ${opened.statusCode} ${String(opened.headers.location)}`);
  }
  const cookie = cookieHeader(opened.headers['set-cookie']);
  const [row] = await app.db.select().from(user).where(eq(user.email, email));
  if (opts.verified === false) await app.db.update(user).set({ emailVerified: false }).where(eq(user.id, row.id));
  if (opts.admin) await app.db.update(user).set({ role: 'admin' }).where(eq(user.id, row.id));
  const token = await syncToken(app, email, name, cookie, opts.remoteAddress);
  return { id: row.id, email, name, password, cookie, token };
}

/** The link of the newest verification e-mail the outbox holds for `email`. */
export function latestVerificationLink(app: FastifyInstance, email: string): URL {
  const dir = app.mailer.outboxDir;
  if (!dir) throw new Error('this app sends real e-mail: no outbox to read the verification link from');
  const suffix = `-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .reverse();
  for (const f of files) {
    const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; subject: string; text: string };
    const link = mail.to === email && /verify/i.test(mail.subject) ? mail.text.match(/https?:\/\/\S+/)?.[0] : undefined;
    if (link) return new URL(link);
  }
  throw new Error(`no verification e-mail for ${email}`);
}

export async function syncToken(app: FastifyInstance, email: string, name: string, cookie: string, remoteAddress?: string): Promise<string> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie },
    payload: { email, name },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
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
