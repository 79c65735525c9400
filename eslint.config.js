import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Boundaries: the web app, the API and the shared package never reach into each other's internals. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/.tmp/**',
      'apps/api/src/db/migrations/**',
      '**/test-results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Classic scripts the browser runs as they are (public/boot.js, decision 106).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/api/**', '@shop/api', '@shop/api/*'], message: 'The web app talks to the API over HTTP only.' }],
          // The whole catalogue would put every text on every page (decision 107).
          paths: [{ name: '@shop/shared/copy', message: 'Import the part a screen shows: @shop/shared/copy/<part>.' }],
        },
      ],
    },
  },
  {
    // components/ and lib/ know no feature (DESIGN §2): what composes features (navbar, footer, home sections)
    // lives in app/. A later no-restricted-imports replaces the one above for these files, so it repeats its rules.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/api/**', '@shop/api', '@shop/api/*'], message: 'The web app talks to the API over HTTP only.' },
            { group: ['**/features/**'], message: 'components/ and lib/ know no feature: compose features in app/.' },
          ],
          paths: [{ name: '@shop/shared/copy', message: 'Import the part a screen shows: @shop/shared/copy/<part>.' }],
        },
      ],
      // no-restricted-imports does not look at import(), which the lazy parts use.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/\\/features\\//]', message: 'components/ and lib/ know no feature: compose features in app/.' },
      ],
    },
  },
  {
    // Components never call fetch: every call goes through lib/api-client.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/**'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Use lib/api-client.ts' }] },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@shop/web', '@shop/web/*'], message: 'The API never imports the web app.' }] },
      ],
    },
  },
  {
    // process.env is read only in config/env.ts (tests and scripts may read it too).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config/env.ts' }] },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@shop/api', '@shop/web'], message: 'The shared package depends on nothing of the apps.' }] },
      ],
    },
  },
);
