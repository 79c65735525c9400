import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest|map)$/i;
/** Below this, compression saves less than its headers cost (issue #10: above 1 KB). */
const THRESHOLD = 1024;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Writes `.br` (maximum quality) and `.gz` next to every text file of the
 * build, once, so the server sends them as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request (decision 101).
 * A compressed copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server renderer's bundle is read from disk by the server, never sent.
      if (ssr) return;
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < THRESHOLD) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
