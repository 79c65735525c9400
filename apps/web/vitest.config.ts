import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';

export default defineConfig({
  resolve: {
    alias: [
      ...preactAliases,
      // Testing Library's ES module, whose imports of React the aliases above reach
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
    conditions: ['module', 'browser', 'development'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    passWithNoTests: false,
    // Every package that imports React is run through Vite, so that it gets Preact too (decision 147).
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /react-router/,
          /@tanstack\/react-query/,
          /react-hook-form/,
          /@hookform/,
          /react-toastify/,
          /@stripe\/react-stripe-js/,
          /qrcode\.react/,
          /better-auth/,
        ],
      },
    },
  },
});
