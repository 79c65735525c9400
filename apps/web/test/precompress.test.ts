// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { precompress } from '../vite-plugin-precompress';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function runPlugin(root: string) {
  const plugin = precompress();
  (plugin.configResolved as (c: ResolvedConfig) => void)({ root, build: { outDir: 'dist' } } as ResolvedConfig);
  (plugin.closeBundle as () => void)();
}

describe('precompress build plugin', () => {
  it('writes .br and .gz beside every text asset above 1 KB, and leaves small files and images alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = 'console.log("part");\n'.repeat(200);
    const css = '.card{color:red}\n'.repeat(200);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
    fs.writeFileSync(path.join(dist, 'assets/index-abc.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/index-abc.css'), css);
    fs.writeFileSync(path.join(dist, 'logo.svg'), svg);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'photo.webp'), Buffer.alloc(4096, 7));

    runPlugin(dir);

    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets/index-abc.js.br'))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets/index-abc.js.gz'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(dist, 'assets/index-abc.css.br'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'logo.svg.br'))).toBe(true);
    expect(fs.readFileSync(path.join(dist, 'assets/index-abc.js.br')).length).toBeLessThan(script.length / 10);
    // Below 1 KB: not worth it. Already-compressed formats: not touched.
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'photo.webp.br'))).toBe(false);
  });
});
