#!/usr/bin/env node
// Start-and-serve smoke test (CI runs it on Node 24): the shop starts as a
// production demo would, serves its API and web app, and stops on SIGTERM.
// Usage: node scripts/smoke.mjs [port]   (after `npm run build`)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Not 4190: fetch refuses it (a "bad port" of the Fetch standard), so the loop would never see an answer.
const port = Number(process.argv[2] ?? 4188);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-smoke-'));

function fail(message) {
  console.error(`smoke: FAILED: ${message}`);
  process.exitCode = 1;
}

// The compiled server, as `npm start` runs it (decision 102).
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'smoke-test-secret-smoke-test-secret-smoke',
    PAYMENT_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS: 'true',
    MAIL_OUTBOX: 'true',
    SEED_DEMO: 'true',
  },
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

try {
  console.log(`smoke: Node ${process.version}, starting the shop on ${base}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode} before answering`);
    const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error('the shop did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const products = await (await fetch(`${base}/api/products`)).json();
  if (!Array.isArray(products) || products.length === 0) fail('GET /api/products returned no demo products');
  const config = await (await fetch(`${base}/api/payment-config`)).json();
  if (config.testModeBanner !== true) fail(`GET /api/payment-config: ${JSON.stringify(config)}`);
  const home = await fetch(`${base}/`);
  const html = await home.text();
  if (home.status !== 200 || !html.includes('<div id="root">')) fail(`GET / answered ${home.status} without the web app`);
  const admin = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: 'admin@torque-throttle.example', password: 'admin-demo-2026' }),
  });
  if (admin.status !== 401) fail(`the demo admin signed in to a production shop (${admin.status})`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  const stopAt = Date.now();
  server.kill('SIGTERM');
  const timer = setTimeout(() => {
    fail('the shop did not exit within 10 s of SIGTERM');
    server.kill('SIGKILL');
  }, 10_000);
  const { code } = await exited;
  clearTimeout(timer);
  if (code !== 0 && !process.exitCode) fail(`the shop exited with ${code} after SIGTERM`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!process.exitCode) console.log(`smoke: OK (stopped ${Date.now() - stopAt} ms after SIGTERM)`);
}
