// Starts the built shop for the browser tests on a fresh embedded database.
// Extra services (a local OpenID provider standing in for Google) are started
// by e2e/support/services.mjs when present.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = path.join(here, '.tmp', `data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

let extraEnv = {};
const servicesFile = path.join(here, 'support', 'services.mjs');
if (fs.existsSync(servicesFile)) {
  const { startServices } = await import(servicesFile);
  extraEnv = await startServices({ port, dataDir });
}

// The browser tests run the compiled server, as production does (decision 102).
const { apiBuildIsStale, buildApi } = await import(path.join(root, 'apps/api/scripts/build.mjs'));
if (apiBuildIsStale()) await buildApi();

const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    PORT: String(port),
    HOST: 'localhost',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    // The browser tests run on their own embedded database, whatever the shell has set for the API suite.
    DATABASE_URL: '',
    REDIS_URL: '',
    BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-1234',
    // The browser tests place many orders with the demo customer; the limit of 3 (#8) has its own API tests.
    MAX_UNPAID_ORDERS: '1000',
    // Likewise the caps on one account's unpaid reservations (#22), which have their own API tests.
    MAX_UNPAID_LINES: '1000',
    MAX_UNPAID_UNITS: '1000000',
    MAX_UNPAID_VALUE_DOLLARS: '100000000',
    // Hundreds of page loads from one address in a few minutes: the page and API budgets have their own tests.
    PAGE_RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every browser is on this machine: a test plays a second visitor with X-Forwarded-For (search misses count clients, #34).
    TRUST_PROXY: 'loopback',
    ...extraEnv,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
