// Inter's weights 400–700 only (decision 148): the shop sets no other weight, and the variable font's latin file
// drops from 47 to 30 KB. Written to src/fonts/ (not committed) before `vite build` and `vite`, and again only
// when the source font or this script changed.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const target = path.join(here, '../src/fonts/inter-latin-wght-400-700-normal.woff2');

/** The code points of Fontsource's latin subset: the same unicode-range as the @font-face in styles.css. */
const ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const text = ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

const newest = Math.max(fs.statSync(source).mtimeMs, fs.statSync(fileURLToPath(import.meta.url)).mtimeMs);
if (!fs.existsSync(target) || fs.statSync(target).mtimeMs < newest) {
  const font = await subsetFont(fs.readFileSync(source), text, { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 700 } } });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, font);
  console.log(`Inter 400–700: ${path.relative(process.cwd(), target)} (${(font.length / 1024).toFixed(1)} KB)`);
}
