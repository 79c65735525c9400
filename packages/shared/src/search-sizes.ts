/**
 * Issue #38 item 3 (decision 211): the sizes a parts counter hears in a query, read as attributes rather than as
 * loose numbers: a diameter ("43 mm", "43mm"), a thread ("M10x1.25", "m10 x 1.25"), a tooth count ("15t", "15 tooth",
 * "15 teeth") and a chain's pitch and links ("520 chain", "525 x 118", "520 pitch", "118 links"). Tyre sizes are read
 * by the search's `tyreSizes` (decision 194). The same reader reads a part's name, so a part's sizes and a query's
 * can be compared (`sameKindOfSize`).
 */

/** A size read from a query or a part's name. */
export type QuerySize =
  | { kind: 'diameter'; mm: number; label: string; text: string }
  | { kind: 'thread'; diameter: number; pitch: number | null; label: string; text: string }
  | { kind: 'teeth'; teeth: number; label: string; text: string }
  | { kind: 'chain'; pitch: number; links: number | null; label: string; text: string };

/** The chain pitches riders name (ANSI-style numbers): a bare number is a pitch only when it is one of these. */
export const CHAIN_PITCHES = [415, 420, 428, 520, 525, 530, 532, 630] as const;

/** Words that say a number next to them is a chain pitch or a sprocket's ("520 chain", "sprocket 520"). */
const CHAIN_WORDS = /(^|[^\p{L}])(chains?|sprockets?|kette|ketten|chaine|chaîne|catena|cadena)([^\p{L}]|$)/iu;

const num = (s: string) => Number(s.replace(',', '.'));
const B = '(?<![\\p{L}\\p{N}.,])';
const E = '(?![\\p{L}\\p{N}]|[.,]\\d)';

// M10, M10x1.25, M10 x 1.25, M10×1,25 (a thread's diameter 3–30 mm, its pitch 0.2–3 mm).
const THREAD = new RegExp(`${B}m\\s?(\\d{1,2})(?:\\s*[x×*]\\s*(\\d(?:[.,]\\d{1,2})?))?${E}`, 'giu');
// 525 x 118, 520x120 (a chain: pitch × links).
const CHAIN_LINKS = new RegExp(`${B}(\\d{3})\\s*[x×*]\\s*(\\d{2,3})\\s*(?:l|links?)?${E}`, 'giu');
// 520 pitch, 520-pitch.
const PITCH_WORD = new RegExp(`${B}(\\d{3})[\\s-]*pitch${E}`, 'giu');
// 118 links, 118L (only with a chain named).
const LINKS = new RegExp(`${B}(\\d{2,3})\\s*(?:l|links?)${E}`, 'giu');
// A bare pitch (only with a chain or sprocket named).
const BARE_PITCH = new RegExp(`${B}(\\d{3})${E}`, 'giu');
// 43 mm, 43mm, 43-mm, 43 millimetres, 4.5 mm.
const DIAMETER = new RegExp(`${B}(\\d{1,3}(?:[.,]\\d)?)\\s*-?\\s*(?:mm|millimet(?:re|er)s?)${E}`, 'giu');
// 15t, 15 t, 15 tooth, 15 teeth, 15-tooth, z15.
const TEETH = new RegExp(`${B}(?:(\\d{1,2})\\s*-?\\s*(?:t|teeth|tooth|tooths|z)|z(\\d{1,2}))${E}`, 'giu');

/** A size found in a text, with where it was typed (a chain's pitch and links typed apart are two ranges). */
export interface FoundSize {
  size: QuerySize;
  ranges: [number, number][];
}

/** The sizes in a text, in the order typed, each with where it was typed. */
export function findSizes(q: string): FoundSize[] {
  const found: { at: number; end: number; size: QuerySize }[] = [];
  let text = q;
  const take = (re: RegExp, read: (m: RegExpExecArray) => QuerySize | null) => {
    re.lastIndex = 0;
    text = text.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const at = args[args.length - 2] as number;
      const size = read(m);
      if (!size) return m[0];
      found.push({ at, end: at + m[0].length, size });
      // Keep the length, so that the next readers' positions still order the sizes as typed.
      return ' '.repeat(m[0].length);
    });
  };
  const chainNamed = CHAIN_WORDS.test(q);
  take(THREAD, (m) => {
    const diameter = Number(m[1]);
    const pitch = m[2] ? num(m[2]) : null;
    if (diameter < 3 || diameter > 30 || (pitch !== null && (pitch < 0.2 || pitch > 3))) return null;
    return { kind: 'thread', diameter, pitch, label: pitch === null ? `M${diameter}` : `M${diameter}×${pitch}`, text: m[0] };
  });
  take(CHAIN_LINKS, (m) => {
    const pitch = Number(m[1]);
    const links = Number(m[2]);
    if (!(CHAIN_PITCHES as readonly number[]).includes(pitch) || links < 60 || links > 200) return null;
    return { kind: 'chain', pitch, links, label: `${pitch} × ${links}`, text: m[0] };
  });
  take(PITCH_WORD, (m) => {
    const pitch = Number(m[1]);
    return (CHAIN_PITCHES as readonly number[]).includes(pitch) ? { kind: 'chain', pitch, links: null, label: `${pitch}`, text: m[0] } : null;
  });
  if (chainNamed) {
    take(BARE_PITCH, (m) => {
      const pitch = Number(m[1]);
      return (CHAIN_PITCHES as readonly number[]).includes(pitch) ? { kind: 'chain', pitch, links: null, label: `${pitch}`, text: m[0] } : null;
    });
    // Links without a pitch (pitch 0): "118 links".
    take(LINKS, (m) => {
      const links = Number(m[1]);
      return links >= 60 && links <= 200 ? { kind: 'chain', pitch: 0, links, label: `${links} links`, text: m[0] } : null;
    });
  }
  take(DIAMETER, (m) => {
    const mm = num(m[1]);
    return mm > 0 ? { kind: 'diameter', mm, label: `${mm} mm`, text: m[0] } : null;
  });
  take(TEETH, (m) => {
    const teeth = Number(m[1] ?? m[2]);
    return teeth >= 8 && teeth <= 99 ? { kind: 'teeth', teeth, label: `${teeth}T`, text: m[0] } : null;
  });
  found.sort((a, b) => a.at - b.at);
  // A pitch and links typed apart ("520 chain 118 links") are one chain size.
  const out: FoundSize[] = [];
  for (const { size, at, end } of found) {
    const chain = out.find((f) => f.size.kind === 'chain');
    if (size.kind === 'chain' && chain?.size.kind === 'chain') {
      const c = chain.size;
      if ((c.links === null && size.pitch === 0) || (c.pitch === 0 && size.links === null)) {
        const pitch = c.pitch || size.pitch;
        const links = c.links ?? size.links;
        chain.size = { kind: 'chain', pitch, links, label: `${pitch} × ${links}`, text: `${c.text} ${size.text}` };
        chain.ranges.push([at, end]);
        continue;
      }
    }
    out.push({ size, ranges: [[at, end]] });
  }
  return out;
}

/** The sizes in a text, in the order typed, and the text with them taken out. */
export function querySizes(q: string): { sizes: QuerySize[]; rest: string } {
  const found = findSizes(q);
  const ranges = found.flatMap((f) => f.ranges).sort((a, b) => b[0] - a[0]);
  let rest = q;
  for (const [at, end] of ranges) rest = `${rest.slice(0, at)} ${rest.slice(end)}`;
  return { sizes: found.map((f) => f.size), rest: rest.replace(/\s+/g, ' ').trim() };
}

/** Whether two sizes are of one kind (a fork seal's 43 mm and 41 mm; a chain's 520 and 525). */
export const sameKindOfSize = (a: QuerySize, b: QuerySize) => a.kind === b.kind;

/** Whether a part's size answers a query's: every value the query gives is the part's. */
export function sizeMatches(asked: QuerySize, part: QuerySize): boolean {
  if (asked.kind !== part.kind) return false;
  switch (asked.kind) {
    case 'diameter':
      return part.kind === 'diameter' && part.mm === asked.mm;
    case 'thread':
      return part.kind === 'thread' && part.diameter === asked.diameter && (asked.pitch === null || part.pitch === asked.pitch);
    case 'teeth':
      return part.kind === 'teeth' && part.teeth === asked.teeth;
    case 'chain':
      return part.kind === 'chain' && (asked.pitch === 0 || part.pitch === asked.pitch) && (asked.links === null || part.links === asked.links);
  }
}

/**
 * Issue #38 item 1 (decision 213): how a number typed alone after a part ("fork seals 41", "sprocket 16", "chain 520
 * 120") reads as a size of a kind the part's sizes have: a diameter in mm, a tooth count (8–99), a chain's pitch (one
 * of CHAIN_PITCHES) or links (60–200). The spelling `findSizes` reads ("41mm", "16t", "520 pitch", "120 links"), one per
 * kind that can take the number.
 */
export function bareNumberReadings(n: number, kinds: ReadonlySet<QuerySize['kind']>): string[] {
  const out: string[] = [];
  if (!Number.isInteger(n) || n < 1 || n > 999) return out;
  if (kinds.has('diameter')) out.push(`${n}mm`);
  if (kinds.has('teeth') && n >= 8 && n <= 99) out.push(`${n}t`);
  if (kinds.has('chain') && (CHAIN_PITCHES as readonly number[]).includes(n)) out.push(`${n} pitch`);
  if (kinds.has('chain') && n >= 60 && n <= 200) out.push(`${n} links`);
  return out;
}

/** Where a number stands alone in a query: not inside a part number, a size or a code ("RA-250-45", "180/55", "4.5"). */
const bareNumberAt = (n: string) => new RegExp(`(?<![\\p{L}\\p{N}.,/-])${n}(?![\\p{L}\\p{N}/-]|[.,]\\d)`, 'u');

/** The query with a number that stands alone written as a size instead ("fork seals 41" → "fork seals 41mm"); null if it does not stand alone. */
export function withBareNumberAs(q: string, n: string, reading: string): string | null {
  const re = bareNumberAt(n);
  return re.test(q) ? q.replace(re, reading) : null;
}

/** The query without a number that stands alone ("fork seals 41" → "fork seals"); null if it does not stand alone. */
export function withoutBareNumber(q: string, n: string): string | null {
  const re = bareNumberAt(n);
  return re.test(q) ? q.replace(re, ' ').replace(/\s+/g, ' ').trim() : null;
}
