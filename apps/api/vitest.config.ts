import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run; each test file starts from a copy (decision 149).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite and PostgreSQL databases are per file; two workers fit 2 cores.
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
  },
});
