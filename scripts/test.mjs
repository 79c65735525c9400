#!/usr/bin/env node
// `npm test`: the whole suite. Type-check and lint, unit and component tests,
// API tests on a real database, then the browser tests in Chromium against the
// built shop. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, 'e2e/.tmp');
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- api e2e`
const want = (step) => only.length === 0 || only.includes(step);

let passed = 0;
let failed = 0;
const failures = [];

function run(label, cmd, args, opts = {}) {
  console.log(`\n━━ ${label} ━━`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

// vitest must run inside each workspace for its own config.
function vitestIn(label, dir) {
  const out = path.join(tmp, `vitest-${dir.replace(/\W+/g, '-')}.json`);
  fs.rmSync(out, { force: true });
  console.log(`\n━━ ${label} ━━`);
  const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: path.join(root, dir),
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) failures.push(label);
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
  } catch {
    failed += 1;
  }
}

if (want('static')) {
  run('type-check', 'npm', ['run', 'typecheck']);
  run('lint', 'npm', ['run', 'lint']);
}
if (want('unit')) {
  vitestIn('unit: shared rules', 'packages/shared');
  vitestIn('unit: web components', 'apps/web');
}
if (want('api')) vitestIn(`api (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, 'apps/api');
if (want('e2e')) {
  if (run('build web app', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    const { ensureBrowser } = await import(path.join(root, 'e2e/find-browser.mjs'));
    const browser = await ensureBrowser();
    if (!browser) {
      failures.push('e2e: no browser');
      failed += 1;
    } else {
      // Same name as e2e/playwright.config.ts gives its JSON report.
      const out = path.join(tmp, process.env.E2E_PORT ? `results-${process.env.E2E_PORT}.json` : 'results.json');
      fs.rmSync(out, { force: true });
      console.log('\n━━ e2e (Playwright, Chromium) ━━');
      const r = spawnSync('npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e'), stdio: 'inherit', env: { ...process.env, CHROME_PATH: browser } });
      if (r.status !== 0) failures.push('e2e');
      try {
        const j = JSON.parse(fs.readFileSync(out, 'utf8'));
        passed += j.stats.expected + j.stats.flaky;
        failed += j.stats.unexpected;
      } catch {
        failed += 1;
      }
    }
  }
}

console.log('');
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
if (failures.length && failed === 0) failed = failures.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
