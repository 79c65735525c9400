/**
 * Issue #38 item 1 (decision 195): a query that names several parts ("pads and brake fluid", "mt07 chain and
 * sprockets", "oil filter, spark plug", a pasted list of part numbers) answers with each part's group.
 * Pure splitting here; the search (search.service.ts) asks the catalogue which pieces find something.
 */

/** At most this many groups are answered, each with this many parts (the page links to the rest). */
export const MAX_GROUPS = 6;
export const GROUP_ITEMS = 4;
/** A list without separators is cut into pieces that find something only up to this many words. */
export const MAX_LIST_WORDS = 8;

/**
 * What separates the parts of a list: a comma, semicolon, new line or "+", or "and" (and its German and French
 * words, "und" and "et") or "&" between spaces, so "K&N" stays one word.
 */
const SEPARATOR = /\s*[,;\n\r+]\s*|\s+(?:and|und|et|&)\s+/i;

/** The parts of a list the shopper separated; [] when fewer than two. */
export function separatedParts(q: string): string[] {
  const parts = q
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts.slice(0, MAX_GROUPS) : [];
}

/**
 * A list typed without separators ("brake pads chain lube", "FA244HH HF204 CR9EIX"), cut from the left into the
 * longest runs of words that find something, a run never holding a word twice; a word that finds nothing alone is
 * left out. The whole query is not asked again (it found nothing). Fewer than two pieces: [].
 */
export async function listedParts(q: string, finds: (piece: string) => Promise<boolean>): Promise<string[]> {
  const words = q.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > MAX_LIST_WORDS) return [];
  const pieces: string[] = [];
  let i = 0;
  while (i < words.length && pieces.length < MAX_GROUPS) {
    let end = i === 0 ? words.length - 1 : words.length;
    // Issue #38 (decision 213): a word typed again starts another part ("brake pads brake fluid" is "brake pads" and
    // "brake fluid", not "brake pads brake" and "fluid").
    const seen = new Set<string>();
    for (let k = i; k < end; k++) {
      const w = words[k].toLowerCase();
      if (seen.has(w)) {
        end = k;
        break;
      }
      seen.add(w);
    }
    while (end > i && !(await finds(words.slice(i, end).join(' ')))) end--;
    if (end === i) {
      i++;
      continue;
    }
    pieces.push(words.slice(i, end).join(' '));
    i = end;
  }
  return pieces.length >= 2 ? pieces : [];
}
