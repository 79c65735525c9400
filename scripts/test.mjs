#!/usr/bin/env node
// `npm test`: the whole suite, the cheapest and quickest to fail first (decision 149):
//   1. preflight  the services asked for (DATABASE_URL, REDIS_URL) answer, or the run stops at once and says so
//   2. static     type-check and lint
//   3. vitest     one Vitest run with projects: shared rules, web components, the API on PGlite and,
//                 when DATABASE_URL is set, the API on PostgreSQL too
//   4. e2e        the browser tests in Chromium against the built shop (no retries: a flaky test fails)
//   5. smoke      the compiled server in production mode on PostgreSQL with Redis (when both are set)
// It stops at the first failed step (`--keep-going` runs the rest anyway), prints the time of each
// step, and ends with one line "N passed, N failed".
//
//   npm test                      everything that this machine can run
//   npm test -- api e2e           only those steps (static, unit, api, e2e, smoke)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, 'e2e/.tmp');
fs.mkdirSync(tmp, { recursive: true });
const args = process.argv.slice(2);
const keepGoing = args.includes('--keep-going');
const only = args.filter((a) => !a.startsWith('--'));
const want = (step) => only.length === 0 || only.includes(step);
const databaseUrl = process.env.DATABASE_URL || '';
const redisUrl = process.env.REDIS_URL || '';

let passed = 0;
let failed = 0;
const failures = [];
const times = [];

function finish() {
  console.log('\n━━ time per step ━━');
  for (const { label, seconds, ok } of times) console.log(`${ok ? '  ' : '✗ '}${label.padEnd(60)} ${seconds.toFixed(1).padStart(7)} s`);
  const total = times.reduce((s, t) => s + t.seconds, 0);
  console.log(`${'  total'.padEnd(62)} ${total.toFixed(1).padStart(7)} s`);
  console.log('');
  if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
  if (failures.length && failed === 0) failed = failures.length;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failures.length || failed ? 1 : 0);
}

/** Runs one step, records its time; stops the whole run on failure unless --keep-going. */
async function step(label, fn) {
  console.log(`\n━━ ${label} ━━`);
  const t0 = performance.now();
  let ok = false;
  try {
    ok = await fn();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  }
  times.push({ label, seconds: (performance.now() - t0) / 1000, ok });
  if (!ok) {
    failures.push(label);
    if (!keepGoing) finish();
  }
  return ok;
}

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status === 0;
}

/** Starts a command with its output kept, for steps that run side by side. */
function runCaptured(cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

function printed({ ok, output }) {
  process.stdout.write(output);
  return ok;
}

/** Resolves true when host:port accepts a connection and answers `probe` with something matching `expect`. */
function answers(url, defaultPort, probe, expectText) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(3000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      if (!probe) return done(true);
      socket.write(probe);
    });
    socket.on('data', (d) => done(d.toString().includes(expectText)));
  });
}

// 1. Preflight: a missing service is reported now, not after the long steps.
if (databaseUrl || redisUrl) {
  await step('preflight: services', async () => {
    let ok = true;
    if (databaseUrl) {
      const pgOk = await answers(databaseUrl, 5432);
      console.log(
        pgOk
          ? `PostgreSQL answers at ${new URL(databaseUrl).host}`
          : `PostgreSQL does not answer at ${new URL(databaseUrl).host} (DATABASE_URL): start it, or unset DATABASE_URL to test on PGlite only.`,
      );
      ok &&= pgOk;
    }
    if (redisUrl) {
      const redisOk = await answers(redisUrl, 6379, 'PING\r\n', 'PONG');
      console.log(
        redisOk
          ? `Redis answers at ${new URL(redisUrl).host}`
          : `Redis does not answer PING at ${new URL(redisUrl).host} (REDIS_URL): start it, or unset REDIS_URL.`,
      );
      ok &&= redisOk;
    }
    return ok;
  });
}

// 2. Static checks (their times overlap: the lint time is what it took after the type-check ended).
// Type-check and lint run side by side (two cores, neither waits for the other); each prints its output when done.
if (want('static')) {
  const lint = runCaptured('npm', ['run', 'lint']);
  const typecheck = runCaptured('npm', ['run', 'typecheck']);
  await step('type-check', async () => printed(await typecheck));
  await step('lint', async () => printed(await lint));
}

// 3. One Vitest run with projects (vitest.config.ts at the root).
const projects = [];
if (want('unit')) projects.push('shared', 'web');
if (want('api')) projects.push('api (PGlite)', ...(databaseUrl ? ['api (PostgreSQL)'] : []));
if (projects.length) {
  const out = path.join(tmp, 'vitest.json');
  await step(`vitest: ${projects.join(', ')}`, async () => {
    fs.rmSync(out, { force: true });
    const ok = run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
    try {
      const j = JSON.parse(fs.readFileSync(out, 'utf8'));
      passed += j.numPassedTests;
      failed += j.numFailedTests;
    } catch {
      failed += 1;
    }
    return ok;
  });
}

// 4. Browser tests.
if (want('e2e')) {
  await step('build web app', async () => run('npm', ['run', 'build', '-w', 'apps/web']));
  await step('e2e (Playwright, Chromium)', async () => {
    const { ensureBrowser } = await import(path.join(root, 'e2e/find-browser.mjs'));
    const browser = await ensureBrowser();
    if (!browser) {
      console.error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH.");
      failed += 1;
      return false;
    }
    // Same name as e2e/playwright.config.ts gives its JSON report.
    const out = path.join(tmp, process.env.E2E_PORT ? `results-${process.env.E2E_PORT}.json` : 'results.json');
    fs.rmSync(out, { force: true });
    const ok = run('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e'), env: { CHROME_PATH: browser } });
    try {
      const j = JSON.parse(fs.readFileSync(out, 'utf8'));
      // A test that failed once and passed on a retry is a failure here (issue #21): races must not pass silently.
      passed += j.stats.expected;
      failed += j.stats.unexpected + j.stats.flaky;
      if (j.stats.flaky) console.error(`${j.stats.flaky} flaky test(s): they failed at least once.`);
      return ok && j.stats.flaky === 0;
    } catch {
      failed += 1;
      return false;
    }
  });
}

// 5. The production artefact as deployed: compiled server, production mode, PostgreSQL and Redis.
if (want('smoke')) {
  if (databaseUrl && redisUrl) {
    await step('smoke: compiled server, production, PostgreSQL + Redis', async () => {
      if (!run('node', ['apps/api/scripts/build.mjs', '--if-stale'])) return false;
      const ok = run('node', ['scripts/smoke.mjs']);
      if (ok) passed += 1;
      else failed += 1;
      return ok;
    });
  } else if (only.includes('smoke')) {
    console.error('The smoke test needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis).');
    failures.push('smoke');
  } else {
    console.log('\n(The production smoke test runs when DATABASE_URL and REDIS_URL are set.)');
  }
}

finish();
