import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually';
import { freePort } from './support/free-port';

/** Production runs the compiled server with plain node (decision 102): it must start, migrate, seed and serve. */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compiled-'));
let child: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  const { apiBuildIsStale, buildApi } = (await import(path.join(apiDir, 'scripts/build.mjs'))) as { apiBuildIsStale(): boolean; buildApi(): Promise<void> };
  if (apiBuildIsStale()) await buildApi();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [path.join(apiDir, 'dist/server.js')], {
    cwd: os.tmpdir(), // not the repository: paths must come from the compiled code's own location
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'compiled-secret-compiled-secret-12345',
    },
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await eventually(async () => {
    expect(child.exitCode, output).toBeNull();
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 180_000);
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is plain JavaScript run by node, with the migrations beside it', () => {
    expect(child.spawnargs.slice(1)).toEqual([path.join(apiDir, 'dist/server.js')]);
    expect(fs.existsSync(path.join(apiDir, 'dist/migrations/meta/_journal.json'))).toBe(true);
    expect(fs.readdirSync(path.join(apiDir, 'dist')).some((f) => f.endsWith('.ts'))).toBe(false);
  });

  it('migrates and seeds the embedded database, then serves the catalogue compressed', async () => {
    expect(output).toContain('is running at');
    const res = await fetch(`${base}/api/products`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const products = (await res.json()) as { name: string }[];
    expect(products.length).toBeGreaterThan(6);
    const raw = await fetch(`${base}/api/products?page=1&limit=6`, { headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    expect(((await raw.json()) as { items: unknown[] }).items).toHaveLength(6);
  });

  // Runs when the web app is built (`npm run build`, as `npm test` does before the browser tests).
  it.runIf(fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))('finds and serves the web app of the repository it was built in', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
