import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (decision 149): the shared rules, the web components and the API,
 * each a project with its own config. The API runs on PGlite always and on PostgreSQL too when DATABASE_URL is
 * set, as two projects of the same run, so the two cores stay busy and the start-up is paid once.
 *
 *   npx vitest run --project 'api (PGlite)'            one project
 *   npm test -- unit api                                 what the README's command runs
 */
const postgres = process.env.DATABASE_URL;

export default defineConfig({
  test: {
    // Each API test file opens its own database: two workers fit two cores.
    maxWorkers: 2,
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      {
        extends: './apps/api/vitest.config.ts',
        test: { name: 'api (PGlite)', root: './apps/api', env: { DATABASE_URL: '' } },
      },
      ...(postgres
        ? [
            {
              extends: './apps/api/vitest.config.ts',
              test: {
                name: 'api (PostgreSQL)',
                root: './apps/api',
                env: { DATABASE_URL: postgres },
                // Its servers run on PGlite whatever the project (DATABASE_URL ''): once is enough.
                exclude: [...configDefaults.exclude, 'test/log-reader.test.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
