import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, Product } from '@shop/shared';
import { importJobRows, importJobs, products } from '../src/db/schema';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { QUEUES } from '../src/modules/jobs/job-queue';
import { bearer, createTestApp, openTestDatabase, signUpUser, type TestApp, type TestUser } from './helpers';
import { eventually } from './eventually';

/** Issue #35 item 2 (decision 200): POST /api/admin/imports and its job: read → ready → commit, cancel, discard. */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_INTERVAL_SECONDS: 0.5 });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const HEADER = 'sku,name,brand,category,unitPrice,minOrder,stock,description,images';
const line = (sku: string, name = `Part ${sku}`, price = '9.90') => `${sku},${name},Acme,brakes,${price},1,5,A part,/images/${sku}.png`;
const csvOf = (lines: string[]) => [HEADER, ...lines].join('\n') + '\n';

async function form(fields: Record<string, string>, file?: { body: string; name: string }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('file', new Blob([file.body], { type: 'text/csv' }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function upload(csv: string, headers: Record<string, string> = bearer(admin.token), kind = 'catalog-csv') {
  const body = await form({ kind }, { body: csv, name: 'feed.csv' });
  return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}
const getJob = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: bearer(admin.token) })).json() as ImportJob;
const act = (id: string, action: 'cancel' | 'commit' | 'discard', headers: Record<string, string> = bearer(admin.token)) =>
  t.app.inject({ method: 'POST', url: `/api/admin/imports/${id}/${action}`, headers });
async function until(id: string, status: ImportJob['status'], timeoutMs = 15_000): Promise<ImportJob> {
  let job: ImportJob | undefined;
  await eventually(async () => {
    job = await getJob(id);
    expect(job.status).toBe(status);
  }, timeoutMs);
  return job!;
}
const shopperSees = async (sku: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(sku)}` });
  return ((res.json() as Product[] | { items: Product[] }) instanceof Array ? (res.json() as Product[]) : (res.json() as { items: Product[] }).items).some(
    (p) => p.sku === sku,
  );
};
const productCount = async () => (await t.app.db.select({ id: products.id }).from(products)).length;

describe('POST /api/admin/imports (catalog-csv)', () => {
  it('reads the file in the background, reports, and applies it only at the commit', async () => {
    const res = await upload(csvOf([line('JOB-A1'), line('JOB-A2'), 'JOB-A3,No price,Acme,brakes,abc,1,5,x,/i.png', line('JOB-A1', 'Again')]));
    expect(res.statusCode).toBe(202);
    const queued = res.json() as ImportJob;
    expect(queued).toMatchObject({ kind: 'catalog-csv', fileName: 'feed.csv', status: 'queued', createdBy: admin.email });
    const ready = await until(queued.id, 'ready');
    expect(ready).toMatchObject({ rowsRead: 4, rowsWritten: 2, errorCount: 2, attempts: 1 });
    expect(ready.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(ready.errors[0].message).toMatch(/unitPrice/);
    expect(ready.errors[1].message).toMatch(/already on line 2/);
    // Staged, not in the catalogue: shoppers see nothing yet.
    expect(await shopperSees('JOB-A1')).toBe(false);
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, queued.id))).toHaveLength(2);

    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/imports', headers: bearer(admin.token) })).json() as { items: ImportJob[] };
    expect(list.items[0].id).toBe(queued.id);

    const committing = await act(queued.id, 'commit');
    expect(committing.statusCode).toBe(202);
    const done = await until(queued.id, 'done');
    expect(done).toMatchObject({ created: 2, updated: 0, rowsWritten: 2, errorCount: 2 });
    expect(await shopperSees('JOB-A1')).toBe(true);
    expect(await shopperSees('JOB-A2')).toBe(true);
    // Staging is gone with the job's end; a second commit is refused.
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, queued.id))).toHaveLength(0);
    expect((await act(queued.id, 'commit')).statusCode).toBe(409);
  });

  it('commits thousands of staged rows in one transaction', async () => {
    const before = await productCount();
    const res = await upload(csvOf(Array.from({ length: 2_000 }, (_, i) => line(`BULK-${String(i).padStart(5, '0')}`))));
    expect(res.statusCode).toBe(202);
    const ready = await until(res.json().id, 'ready', 20_000);
    expect(ready).toMatchObject({ rowsRead: 2_000, rowsWritten: 2_000, errorCount: 0 });
    expect(await productCount()).toBe(before);
    expect((await act(ready.id, 'commit')).statusCode).toBe(202);
    const done = await until(ready.id, 'done', 25_000);
    expect(done).toMatchObject({ created: 2_000, updated: 0 });
    expect(await productCount()).toBe(before + 2_000);
  }, 50_000);

  it('has no row limit: a file above the synchronous 20,000 rows is read as a stream', async () => {
    const res = await upload(csvOf(Array.from({ length: 20_001 }, (_, i) => line(`BIG-${i}`))));
    expect(res.statusCode).toBe(202);
    const ready = await until(res.json().id, 'ready', 30_000);
    expect(ready).toMatchObject({ rowsRead: 20_001, rowsWritten: 20_001, errorCount: 0 });
    expect((await act(ready.id, 'discard')).statusCode).toBe(200);
  }, 40_000);

  it('discard leaves the catalogue as it was', async () => {
    const before = await productCount();
    const res = await upload(csvOf([line('JOB-D1')]));
    const ready = await until(res.json().id, 'ready');
    const discarded = await act(ready.id, 'discard');
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().status).toBe('discarded');
    expect(await productCount()).toBe(before);
    expect(await shopperSees('JOB-D1')).toBe(false);
    expect((await act(ready.id, 'commit')).statusCode).toBe(409);
    expect((await act(ready.id, 'discard')).statusCode).toBe(409);
  });

  it('cancels a queued job at once and a running one at its next batch', async () => {
    // Queued: the row exists before the worker takes it; cancelling ends it, the worker then skips it.
    const [queued] = await t.app.db
      .insert(importJobs)
      .values({ kind: 'catalog-csv', fileName: 'x.csv', filePath: 'imports/none.upload', createdBy: admin.id, createdByEmail: admin.email })
      .returning();
    const cancelled = await act(queued.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelRequested: true });
    expect((await act(queued.id, 'cancel')).statusCode).toBe(409);

    // Running: the flag is read at the next batch of 500 rows.
    const before = await productCount();
    const res = await upload(csvOf(Array.from({ length: 20_000 }, (_, i) => line(`CAN-${i}`))));
    const id = res.json().id as string;
    await eventually(async () => expect((await getJob(id)).status).toBe('running'), 15_000);
    expect((await act(id, 'cancel')).statusCode).toBe(200);
    const ended = await until(id, 'cancelled', 15_000);
    expect(ended.rowsRead).toBeLessThan(20_000);
    expect(await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, id))).toHaveLength(0);
    expect(await productCount()).toBe(before);
  }, 40_000);

  it('starts a read again from the first line after a crash: staging cleared, attempts counted', async () => {
    // What a process killed mid-read leaves: the job running, half its rows staged. pg-boss hands the job out again.
    fs.mkdirSync(path.join(t.dataDir, 'imports'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'imports', 'crashed.upload'), csvOf([line('JOB-R1'), line('JOB-R2'), line('JOB-R3')]));
    const [job] = await t.app.db
      .insert(importJobs)
      .values({ kind: 'catalog-csv', fileName: 'r.csv', filePath: 'imports/crashed.upload', status: 'running', attempts: 1, rowsRead: 2, createdBy: admin.id })
      .returning();
    await t.app.db.insert(importJobRows).values({ jobId: job.id, line: 2, skuKey: 'stale', data: {} });
    await t.app.jobs.send(QUEUES.importRead, { importId: job.id });
    const ready = await until(job.id, 'ready');
    expect(ready).toMatchObject({ attempts: 2, rowsRead: 3, rowsWritten: 3 });
    const staged = await t.app.db.select().from(importJobRows).where(eq(importJobRows.jobId, job.id));
    expect(staged.map((r) => r.line).sort()).toEqual([2, 3, 4]);
    expect(staged.some((r) => r.skuKey === 'stale')).toBe(false);
    expect(await shopperSees('JOB-R1')).toBe(false);
  });

  it('applies two concurrent commits once', async () => {
    const res = await upload(csvOf([line('JOB-C1'), line('JOB-C2')]));
    const ready = await until(res.json().id, 'ready');
    const [a, b] = await Promise.all([act(ready.id, 'commit'), act(ready.id, 'commit')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const done = await until(ready.id, 'done');
    expect(done.created).toBe(2);
    expect(await t.app.db.select().from(products).where(eq(products.sku, 'JOB-C1'))).toHaveLength(1);
  });

  it('marks a file without the catalogue columns failed, and refuses bad requests with a message', async () => {
    const res = await upload('name,price\nx,1\n');
    const failed = await until(res.json().id, 'failed');
    expect(failed.failureMessage).toMatch(/header lacks/);

    const noKind = await form({}, { body: csvOf([line('K1')]), name: 'a.csv' });
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...bearer(admin.token), 'content-type': noKind.contentType },
      payload: noKind.payload,
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toMatch(/kind/);
    // PIES and ACES are read since issue #35 items 3 and 4 (import-feeds.test.ts, aces-import.test.ts); other kinds are refused.
    const other = await upload(csvOf([line('K1')]), bearer(admin.token), 'vcdb');
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('kind must be one of: catalog-csv, pies, aces');
    const noFile = await form({ kind: 'catalog-csv' });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...bearer(admin.token), 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().error.message).toMatch(/file/);
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: bearer(admin.token), payload: { kind: 'catalog-csv' } });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/imports/not-a-uuid', headers: bearer(admin.token) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${crypto.randomUUID()}`, headers: bearer(admin.token) })).statusCode).toBe(404);
    expect((await act(crypto.randomUUID(), 'commit')).statusCode).toBe(404);
  });

  it('refuses a visitor (401) and a customer (403) on every route', async () => {
    const id = crypto.randomUUID();
    for (const headers of [{}, bearer(customer.token)]) {
      const expected = Object.keys(headers).length ? 403 : 401;
      expect((await upload(csvOf([line('V1')]), headers)).statusCode).toBe(expected);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/imports', headers })).statusCode).toBe(expected);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers })).statusCode).toBe(expected);
      for (const action of ['cancel', 'commit', 'discard'] as const) expect((await act(id, action, headers)).statusCode).toBe(expected);
    }
  });
});

/**
 * Several shop processes on one PostgreSQL run each job once: two apps, each with its own pool and its own pg-boss
 * workers, on one database and one DATA_DIR. PGlite is one process only (decision 200), so this runs in the
 * PostgreSQL project.
 */
describe.runIf(process.env.DATABASE_URL)('two processes on one PostgreSQL', () => {
  it('run each import once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-imports-'));
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
        JOBS_START: 'ready',
        JOBS_POLL_INTERVAL_SECONDS: 0.5,
      },
      {},
    );
    const database = await openTestDatabase();
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const other = await openDatabase({ databaseUrl: url });
    const a = await buildApp(config, { database, serveWeb: false });
    const b = await buildApp(config, { database: other, serveWeb: false });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const owner = await signUpUser(a, { admin: true });
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const body = await form({ kind: 'catalog-csv' }, { body: csvOf([line(`TWO-${i}-1`), line(`TWO-${i}-2`)]), name: `f${i}.csv` });
        const res = await (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/api/admin/imports',
          headers: { ...bearer(owner.token), 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(202);
        ids.push(res.json().id);
      }
      const status = async (id: string) => (await a.db.select().from(importJobs).where(eq(importJobs.id, id)))[0];
      await eventually(async () => {
        for (const id of ids) expect((await status(id)).status).toBe('ready');
      }, 20_000);
      // Both commit at once, from both processes: one is taken, the other refused.
      const commits = await Promise.all(
        ids.flatMap((id) => [a, b].map((app) => app.inject({ method: 'POST', url: `/api/admin/imports/${id}/commit`, headers: bearer(owner.token) }))),
      );
      expect(commits.filter((r) => r.statusCode === 202)).toHaveLength(ids.length);
      expect(commits.filter((r) => r.statusCode === 409)).toHaveLength(ids.length);
      await eventually(async () => {
        for (const id of ids) expect((await status(id)).status).toBe('done');
      }, 20_000);
      for (const id of ids) expect(await status(id)).toMatchObject({ attempts: 1, createdCount: 2, rowsWritten: 2 });
      const made = await a.db.execute(sql`select count(*)::int as n from products where sku like 'TWO-%'`);
      expect((made as unknown as { rows: { n: number }[] }).rows[0].n).toBe(8);
      // pg-boss ran each read and each commit once, none retried.
      const jobs = await a.db.execute(sql`select name, state, retry_count from pgboss.job where name in ('import-read', 'import-commit')`);
      const rows = (jobs as unknown as { rows: { name: string; state: string; retry_count: number }[] }).rows;
      expect(rows).toHaveLength(ids.length * 2);
      expect(rows.every((r) => r.state === 'completed' && r.retry_count === 0)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await other.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
