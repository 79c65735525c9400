import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

const apiDir = path.resolve(__dirname, '..');

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * The real server, its standard output and error on one pipe whose reader is
 * a process that never reads (`sleep`): the situation of a stuck log
 * collector. Killing the reader closes the pipe (EPIPE). Resolves once the shop answers.
 */
async function startShop(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-log-reader-'));
  dirs.push(dataDir);
  const reader = spawn('sleep', ['600'], { stdio: ['pipe', 'ignore', 'ignore'] });
  children.push(reader);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    stdio: ['ignore', reader.stdin!, reader.stdin!],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      // Every request writes two lines: plenty to fill a pipe nobody reads.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...extraEnv,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      BETTER_AUTH_SECRET: 'log-reader-secret-log-reader-secret-123',
    },
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the shop did not start within 240 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, reader, base, exited };
}

/** A few hundred requests, 20 at a time; returns their status codes. */
async function hammer({ base, child }: { base: string; child: ChildProcess }, total = 300): Promise<number[]> {
  const statuses: number[] = [];
  const paths = ['/api/health', '/api/products', '/api/reviews', '/api/no-such-route'];
  // Each request URL is logged: 300 of these are over a megabyte, far more than any pipe or reader buffer holds.
  const pad = 'x'.repeat(4000);
  for (let i = 0; i < total; i += 20) {
    // A shop blocked on its log would never answer; 30 s per request only allows for a busy machine (CI once took
    // over 10 s for one of these while the other suites ran beside it).
    const batch = Array.from({ length: Math.min(20, total - i) }, (_, j) => {
      const url = `${base}${paths[(i + j) % paths.length]}?n=${i + j}`;
      return fetch(`${url}&pad=${pad}`, { signal: AbortSignal.timeout(30_000) }).then(
        (r) => r.status,
        (err: unknown) => {
          throw new Error(
            `request ${i + j} of ${total} (${url}) failed after ${statuses.length} answers, the shop ${child.exitCode === null ? 'still running' : `exited with ${child.exitCode}`}: ${String(err)}`,
            { cause: err },
          );
        },
      );
    });
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

async function stopWithin(shop: Awaited<ReturnType<typeof startShop>>, ms: number) {
  const started = Date.now();
  shop.child.kill('SIGTERM');
  const code = await Promise.race([shop.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms + 2_000))]);
  expect(code, 'exit after SIGTERM').not.toBe('timeout');
  expect(Date.now() - started).toBeLessThan(ms);
  return code;
}

describe('the shop outlives its log reader', { timeout: 420_000 }, () => {
  it('keeps answering when the reader closes both pipes (EPIPE), and exits on SIGTERM', async () => {
    const shop = await startShop();
    // The only reader goes away: from now on every write fails with EPIPE.
    shop.reader.stdin!.destroy();
    shop.reader.kill('SIGKILL');
    await new Promise((r) => shop.reader.once('exit', r));
    const statuses = await hammer(shop);
    expect(statuses).toHaveLength(300);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(225);
    expect(await stopWithin(shop, 10_000)).toBe(0);
  });

  it('keeps answering when the reader stops reading (full pipe), and exits on SIGTERM', async () => {
    // The reader never reads: the pipe fills after some 64 KB, the rest must be dropped, not waited for.
    // No cached transforms: tsx then starts esbuild while the shop runs, a child that inherits the log pipe (as
    // stderr) and switches the shared pipe to blocking mode. CI's fresh machine has no cache and froze here twice;
    // this makes every run alike.
    const shop = await startShop({ TSX_DISABLE_CACHE: '1' });
    const statuses = await hammer(shop);
    expect(statuses).toHaveLength(300);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(await stopWithin(shop, 10_000)).toBe(0);
  });
});
