import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { runMakeAdmin } from '../src/cli/make-admin';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { user } from '../src/db/schema';
import { signUpUser } from './helpers';

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) }, text: () => lines.join('\n') };
}

/** A shop data directory with an embedded database holding two accounts, closed afterwards like a stopped shop. */
async function stoppedShopWithAccounts(dataDir: string) {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: 3999, BETTER_AUTH_SECRET: 'make-admin-test-secret-make-admin-test' },
    {},
  );
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(config, { database, serveWeb: false });
  const owner = await signUpUser(app, { email: 'owner@example.com', name: 'Olivia Owner' });
  const helper = await signUpUser(app, { email: 'helper@example.com', name: 'Harry Helper' });
  await app.close();
  await database.close();
  return { config, owner, helper };
}

async function roleOf(dataDir: string, email: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db.select().from(user).where(eq(user.email, email));
    return row?.role;
  } finally {
    await database.close();
  }
}

describe('npm run make-admin (embedded database)', () => {
  let dataDir: string;
  let config: ReturnType<typeof loadConfig>;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-make-admin-'));
    ({ config } = await stoppedShopWithAccounts(dataDir));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('promotes an existing account when run as the real command', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/make-admin.ts', 'Owner@Example.com'], {
      cwd: path.resolve(__dirname, '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 85_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Using the embedded database in ${path.join(dataDir, 'pglite')}`);
    expect(run.stdout).toContain('Done: owner@example.com (Olivia Owner) is now an administrator.');
    // A whole process with tsx and the embedded database: 30 s is not enough on a loaded CI machine.
  }, 90_000);

  it('changed the role in the database, and only for that account', async () => {
    expect(await roleOf(dataDir, 'owner@example.com')).toBe('admin');
    expect(await roleOf(dataDir, 'helper@example.com')).toBe('user');
  });

  it('says so when the account is already an administrator', async () => {
    const c = capture();
    expect(await runMakeAdmin(['owner@example.com'], c.out, config)).toBe(0);
    expect(c.text()).toContain('owner@example.com is already an administrator. Nothing changed.');
  });

  it('explains an unknown account and a missing or malformed e-mail', async () => {
    const c = capture();
    expect(await runMakeAdmin(['nobody@example.com'], c.out, config)).toBe(1);
    expect(c.text()).toContain('No account with the e-mail nobody@example.com. Register it first at http://localhost:3999/register');
    const d = capture();
    expect(await runMakeAdmin([], d.out, config)).toBe(1);
    expect(d.text()).toContain('Usage: npm run make-admin -- someone@example.com');
    const e = capture();
    expect(await runMakeAdmin(['not-an-email'], e.out, config)).toBe(1);
    expect(e.text()).toContain('"not-an-email" is not an e-mail address.');
  });

  it('refuses while the shop runs with the embedded database open, and says to stop it', async () => {
    const open = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const fakeShop = http.createServer((_req, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => fakeShop.listen(0, '127.0.0.1', resolve));
    const port = (fakeShop.address() as { port: number }).port;
    try {
      const c = capture();
      expect(await runMakeAdmin(['helper@example.com'], c.out, { ...config, PORT: port })).toBe(1);
      expect(c.text()).toContain(`The shop is running (port ${port}) and has the embedded database open.`);
      expect(c.text()).toContain('stop the shop (Ctrl+C), run this command again, then start the shop.');
    } finally {
      fakeShop.close();
      await open.close();
    }
    expect(await roleOf(dataDir, 'helper@example.com')).toBe('user');
  });

  it('after a crash (stale lock, no shop answering) asks for --force, then proceeds with it', async () => {
    const lock = path.join(dataDir, 'pglite', 'postmaster.pid');
    fs.writeFileSync(lock, '-42\n');
    const c = capture();
    expect(await runMakeAdmin(['helper@example.com'], c.out, { ...config, PORT: 9 })).toBe(1);
    expect(c.text()).toContain('run again with --force');
    const f = capture();
    expect(await runMakeAdmin(['helper@example.com', '--force'], f.out, { ...config, PORT: 9 })).toBe(0);
    expect(await roleOf(dataDir, 'helper@example.com')).toBe('admin');
  });
});

// The PostgreSQL path needs a server: it runs when DATABASE_URL points at one (CI and `npm run test:api` with PostgreSQL).
describe.skipIf(!process.env.DATABASE_URL)('npm run make-admin (PostgreSQL, shop running)', () => {
  it('promotes through the database while the shop keeps running, and the shop sees it at once', async () => {
    const { default: pg } = await import('pg');
    const base = process.env.DATABASE_URL!;
    const name = `shop_make_admin_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const adminClient = new pg.Client({ connectionString: base });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-make-admin-pg-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: 'make-admin-test-secret-make-admin-test' },
      {},
    );
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
    const app = await buildApp(config, { database, serveWeb: false });
    try {
      const u = await signUpUser(app, { email: 'pg-owner@example.com' });
      const before = await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${u.token}` } });
      expect(before.statusCode).toBe(403);
      // The command opens its own connection pool, as a second process would.
      const c = capture();
      expect(await runMakeAdmin(['pg-owner@example.com'], c.out, config)).toBe(0);
      expect(c.text()).toContain('Using the PostgreSQL database from DATABASE_URL');
      const after = await app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${u.token}` } });
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminClient.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
