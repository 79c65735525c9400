import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrowser } from './find-browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
const executablePath = (await findBrowser()) ?? undefined;
// Debian's Chromium as root on a machine with no internet: no sandbox, no GPU, no background calls home.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const browserUse = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: chromiumArgs },
};
/** Read the catalogue, and change neither products, stock nor orders. */
const STOREFRONT = [
  /public-(home|pages|pages-grid|page-heads|products|products-filters)\.spec\.ts$/,
  /server-rendering\.spec\.ts$/,
  /theme-select\.spec\.ts$/,
  /network-timeout\.spec\.ts$/,
  /journey-(search|search-counter|garage)\.spec\.ts$/,
];
/**
 * Assert which entry is newest in lists every journey writes to, or change shop-wide settings every checkout reads
 * (the shipping and tax journey switches prices to include tax for a moment), so they run after the others, one at a time.
 */
const ALONE = [
  /journey-(review|activity|manage-products-pages|admin-shipping-tax)\.spec\.ts$/,
  // Builds the web app once more (development mode): alone, so the build does not slow the others' pages.
  /hydration-dev-build\.spec\.ts$/,
];

export default defineConfig({
  testDir: './tests',
  // Per port: engineers run their suites side by side, and Playwright empties this folder at start.
  outputDir: `./.tmp/test-results-${port}`,
  fullyParallel: false,
  forbidOnly: true,
  // No retries (issue #21): a test that fails once has found a race, and a race is a failure, in CI and here.
  retries: 0,
  failOnFlakyTests: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs reads .tmp/results.json (default port); other ports get their own file.
  reporter: [['list'], ['json', { outputFile: path.join(here, '.tmp', process.env.E2E_PORT ? `results-${port}.json` : 'results.json') }]],
  use: {
    baseURL,
    // Recording a trace of every test cost minutes; with no retries, ask for one with `--trace on` when debugging.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Three phases over one shop (issue #21, decision 149). The storefront's tests compare whole-catalogue pages,
  // counts and orders with the API, so nothing may add or sell a product while they run: they go first. The
  // journeys then change the catalogue, stock and orders on two workers. Last, alone on one worker, the few
  // journeys that assert "newest first" over data every journey writes (reviews, Activity, Manage Products).
  projects: [
    {
      name: 'storefront',
      testMatch: STOREFRONT,
      use: browserUse,
    },
    {
      name: 'journeys',
      testIgnore: [...STOREFRONT, ...ALONE],
      dependencies: ['storefront'],
      use: browserUse,
    },
    {
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['journeys'],
      workers: 1,
      use: browserUse,
    },
  ],
  webServer: {
    command: `node ${path.join(here, 'start-server.mjs')}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
