import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-plugin-precompress';
import { preloadFonts } from './vite-plugin-preload-fonts';

/**
 * Preact renders the React code base, in the browser and on the server (decision 147): React's modules are
 * Preact's compatibility layer, for our code and for every library. Vite turns JSX into calls of
 * react/jsx-runtime (tsconfig's "react-jsx"), which is Preact's too; React Fast Refresh is React's own, so
 * @vitejs/plugin-react is not used.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), preloadFonts([/^assets\/inter-latin-wght-400-700-normal-/, /^assets\/oswald-latin-700-normal-/]), precompress()],
  resolve: { alias: preactAliases },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    // The modules every page runs before hydrating (the entry's static imports) go out as one file: compressed
    // together they are 6.6 KB smaller than the dozen small chunks the default splitting makes of them (decision 107).
    rolldownOptions: {
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } }),
      // React Router reads React.useOptimistic when React has it and does without otherwise; Preact has not.
      // "use client" marks modules for React Server Components, which this app does not use.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
  // The manifest tells the server renderer which chunks and styles a page's screens need (decision 106).
  // The server renderer (decision 106) bundles its packages too, so that every one that imports React gets Preact.
  ssr: { noExternal: true },
}));
