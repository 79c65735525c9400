#!/usr/bin/env node
// Compiles the API to plain JavaScript in apps/api/dist (decision 102), so
// production runs `node dist/server.js` with no TypeScript tooling loaded.
// Our code, @shop/shared and the npm dependencies are bundled, except the few
// that load files of their own at run time (listed below). The SQL migrations
// are copied next to the bundle, where db/client.ts looks for them.
//
//   node apps/api/scripts/build.mjs            build
//   node apps/api/scripts/build.mjs --if-stale build only when a source is newer than dist
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '../..');
const outdir = path.join(apiDir, 'dist');
const stamp = path.join(outdir, '.built');
const sources = [path.join(apiDir, 'src'), path.join(repoRoot, 'packages/shared/src'), path.join(apiDir, 'package.json'), fileURLToPath(import.meta.url)];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function apiBuildIsStale() {
  if (!fs.existsSync(stamp)) return true;
  const builtAt = fs.statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(s) > builtAt);
}

export async function buildApi() {
  const { build } = await import('esbuild');
  const external = [
    ...builtinModules,
    ...builtinModules.map((m) => `node:${m}`),
    // Loaded from node_modules at run time: PGlite finds its WebAssembly and data files next to its own code,
    // pino starts its transports as worker files, Swagger UI serves its files from its package, pg-native is optional,
    // sharp loads its prebuilt native binary (@img/*) next to its own code, pdfkit reads its fonts' metrics (.afm) from its own folder.
    ...['@electric-sql/pglite', 'pino', 'pino-pretty', 'thread-stream', '@fastify/swagger-ui', 'pg-native', 'sharp', 'pdfkit'].flatMap((d) => [d, `${d}/*`]),
  ];
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(apiDir, 'src/server.ts'), 'make-admin': path.join(apiDir, 'src/cli/make-admin.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    external,
    // Every other dependency is bundled too: resolving and reading ~2,000 module files was most of the start time.
    // Bundled CommonJS packages still call require() for Node's own modules.
    banner: { js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);" },
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    // Packages reached through @shop/shared (zod) resolve from the API's node_modules.
    nodePaths: [path.join(apiDir, 'node_modules'), path.join(repoRoot, 'node_modules')],
  });
  fs.cpSync(path.join(apiDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  if (process.argv.includes('--if-stale') && !apiBuildIsStale()) process.exit(0);
  const t0 = Date.now();
  await buildApi();
  console.log(`API compiled to ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - t0} ms`);
}
