import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * Issue #34 item 7 (decision 176): the fonts the invoice PDFs embed. Noto Sans
 * covers Latin (Polish, Czech, …), Greek and Cyrillic; Noto Sans SC, the CJK
 * member of the same family, draws only the runs Noto Sans has no glyph for.
 * pdfkit embeds a subset of each face (the glyphs used), so a PDF without CJK
 * text never carries the CJK face, and one with it carries a few glyphs.
 */

// Resolved through node's own lookup, from this file's folder: from src/ under tsx, and from dist/ in the compiled
// server, which keeps the repository's node_modules above it (decision 102). Nothing is copied at build time.
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

export type Face = keyof typeof FILES;

const resolve = createRequire(import.meta.url).resolve;
const loaded = new Map<Face, { bytes: Buffer; font: Font }>();

/** A face's file, read once per process: the CJK faces (10 MB each) only when some text first needs them. */
function load(face: Face) {
  let l = loaded.get(face);
  if (!l) {
    const bytes = fs.readFileSync(resolve(FILES[face]));
    l = { bytes, font: create(bytes) as Font };
    loaded.set(face, l);
  }
  return l;
}

const registeredIn = new WeakMap<PDFKit.PDFDocument, Set<Face>>();

/** The name of `face` in `doc`, registered on first use, so a document embeds only the faces it draws with. */
export function faceName(face: Face, doc: PDFKit.PDFDocument): string {
  const registered = registeredIn.get(doc) ?? new Set<Face>();
  if (!registered.has(face)) {
    doc.registerFont(face, load(face).bytes);
    registered.add(face);
    registeredIn.set(doc, registered);
  }
  return face;
}

export interface TextRun {
  face: Face;
  text: string;
}

/**
 * `text` cut into runs by face: the main face wherever it has the glyph (or the fallback has none either, so the
 * main face's blank box shows it is missing), the CJK face elsewhere. White space stays in the run it follows, so
 * "東京 大阪" is one run.
 */
export function textRuns(text: string, bold: boolean): TextRun[] {
  const main: Face = bold ? 'bold' : 'regular';
  const fallback: Face = bold ? 'cjkBold' : 'cjkRegular';
  const runs: TextRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    let face: Face = main;
    if (/\s/.test(ch) && last) face = last.face;
    else if (!load(main).font.hasGlyphForCodePoint(cp) && load(fallback).font.hasGlyphForCodePoint(cp)) face = fallback;
    if (last?.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs.length ? runs : [{ face: main, text }];
}

/**
 * doc.text() for a string that may need both faces: the runs are chained with pdfkit's `continued`, so they wrap
 * as one paragraph. The fallback's runs sit on the main face's baseline (pdfkit would otherwise set each run from
 * its own face's ascender, and Noto Sans SC's is taller). Leaves the document in whichever face drew last.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  options: PDFKit.Mixins.TextOptions,
  bold: boolean,
  size: number,
): void {
  const runs = textRuns(text, bold);
  if (runs.length === 1) {
    doc.font(faceName(runs[0].face, doc)).text(text, x, y, options);
    return;
  }
  const main = load(bold ? 'bold' : 'regular').font;
  const baseline = -(main.ascent / main.unitsPerEm) * size;
  let opts: PDFKit.Mixins.TextOptions = { ...options, baseline };
  // pdfkit right-aligns each continued run on its own; a right-aligned line that fits is placed by its full width.
  if (options.align === 'right' && options.width !== undefined && x !== undefined) {
    const width = runs.reduce((w, r) => w + doc.font(faceName(r.face, doc)).widthOfString(r.text), 0);
    if (width <= options.width) {
      x += options.width - width;
      opts = { ...opts, align: 'left' };
    }
  }
  runs.forEach((r, i) => {
    doc.font(faceName(r.face, doc));
    const o = { ...opts, continued: i < runs.length - 1 };
    if (i === 0) doc.text(r.text, x, y, o);
    else doc.text(r.text, o);
  });
}

/**
 * doc.heightOfString() for text that may need both faces, as an estimate (pdfkit measures in one face only): the
 * taller of the string measured in each face. Good enough to decide on a page break; what was drawn (doc.y after
 * drawText) tells the real height.
 */
export function measureText(doc: PDFKit.PDFDocument, text: string, options: PDFKit.Mixins.TextOptions, bold: boolean): number {
  const faces = [...new Set(textRuns(text, bold).map((r) => r.face))];
  return Math.max(...faces.map((f) => doc.font(faceName(f, doc)).heightOfString(text, options)));
}
