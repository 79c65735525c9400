#!/usr/bin/env node
// `npm start`: build the web app and compile the API when missing or out of date,
// then run the shop (API + web) on one port with plain node. Migrations and demo data happen at start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are not installed. Run: npm install && npm start');
  process.exit(1);
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'].map((p) => path.join(root, p));
// The page template and the server renderer's bundle (decision 106) are built together; both must be there.
const distSsr = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const builtAt = fs.existsSync(distIndex) && fs.existsSync(distSsr) ? Math.min(fs.statSync(distIndex).mtimeMs, fs.statSync(distSsr).mtimeMs) : 0;
const sourceAt = Math.max(...sources.map((s) => (fs.existsSync(s) && fs.statSync(s).isFile() ? fs.statSync(s).mtimeMs : newestMtime(s))));
if (!builtAt || sourceAt > builtAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Production runs the compiled API (decision 102): built once, rebuilt only when its sources change.
const { apiBuildIsStale, buildApi } = await import(path.join(root, 'apps/api/scripts/build.mjs'));
if (apiBuildIsStale()) {
  console.log('Compiling the API…');
  await buildApi();
}

const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
