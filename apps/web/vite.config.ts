import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-plugin-precompress';
import { preloadFonts } from './vite-plugin-preload-fonts';
import { noRootHas } from './postcss-no-root-has';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// React Router 7's package exports name its development build only (remix-run/react-router#14102): a production
// bundle would carry its development checks and warnings. The browser's production build takes its production build.
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: {
    alias: mode === 'production' && !isSsrBuild ? [{ find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') }] : [],
  },
  css: { postcss: { plugins: [noRootHas()] } },
  plugins: [react(), tailwindcss(), preloadFonts([/^assets\/inter-latin-wght-400-700-normal-/, /^assets\/oswald-latin-700-normal-/]), precompress()],
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    // The modules every page runs before hydrating (the entry's static imports) go out as one file: compressed
    // together they are 6.6 KB smaller than the dozen small chunks the default splitting makes of them (decision 107).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  // The manifest tells the server renderer which chunks and styles a page's screens need (decision 106).
  // The server renderer (decision 106) bundles the workspace's TypeScript; npm packages stay in node_modules.
  ssr: { noExternal: ['@shop/shared'] },
}));
