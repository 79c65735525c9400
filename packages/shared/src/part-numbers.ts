import { skuKey } from './catalog';

/**
 * Issue #26 item 4 (decision 166): the other numbers a part answers to.
 * - `replaces`: an OEM number this part replaces (Yamaha 1WS-W0045-00).
 * - `equivalent`: another maker's number for the same part (EBC FA252HH).
 * - `supersedes`: an older number of this part, no longer made.
 * Searching any of them, in any formatting (case, spaces, dots, dashes), finds the part first.
 * No zod here: the search box and product cards of every page use these, and zod stays out of the first download
 * (the schemas are in schemas/part-numbers).
 */
export const PART_NUMBER_KINDS = ['replaces', 'equivalent', 'supersedes'] as const;
export type PartNumberKind = (typeof PART_NUMBER_KINDS)[number];
export const MAX_PART_NUMBERS = 30;

/** One other number of a part (checked by `partNumberSchema` in schemas/part-numbers). */
export interface PartNumber {
  kind: PartNumberKind;
  brand: string;
  number: string;
}

const KIND_LABELS: Record<PartNumberKind, string> = { replaces: 'Replaces', equivalent: 'Same as', supersedes: 'Supersedes' };
export const partNumberKindLabel = (kind: PartNumberKind) => KIND_LABELS[kind];

/** "Replaces Yamaha 1WS-W0045-00": the line a search result and the part page show. */
export const partNumberLabel = (p: PartNumber) => `${KIND_LABELS[p.kind]} ${p.brand} ${p.number}`;

/** The number of this list a query means (any formatting of it, with a brand or a revision around it), or null. */
export function matchingPartNumber(list: readonly PartNumber[], query: string): PartNumber | null {
  const key = skuKey(query.trim());
  if (!key) return null;
  const keys = [key, ...partNumberVariants(query)];
  for (const k of keys) {
    const found = list.find((p) => skuKey(p.number) === k);
    if (found) return found;
  }
  return null;
}

/** A revision after the number: a separator and one to three letters or digits ("1WS-W0045-00-00", "FA244HH-01"). */
const REVISION_SUFFIX = /^(.*[a-z0-9])[\s.-]+[a-z0-9]{1,3}$/i;
const MAX_VARIANTS = 8;
/** A key that can be a part number on its own: four characters or more, a digit among them. */
const numberLike = (key: string) => key.length >= 4 && /\d/.test(key);

/**
 * Issue #38: the part numbers a query may mean besides itself, as keys (skuKey): the number without one or two words
 * in front or one behind it (a brand: "EBC FA244HH", "Yamaha 1WS-W0045-00", "FA244HH ebc"), and without a trailing
 * revision suffix (a maker's full form "1WS-W0045-00-00" of the stored "1WS-W0045-00"). The search matches these
 * exactly, never as prefixes, so a word dropped can only find a part whose whole number was typed.
 */
export function partNumberVariants(query: string): string[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const whole = skuKey(query.trim());
  const out: string[] = [];
  const add = (text: string) => {
    const key = skuKey(text);
    if (key !== whole && numberLike(key) && !out.includes(key) && out.length < MAX_VARIANTS) out.push(key);
  };
  // Only words without a digit are dropped (a brand): a pasted list of numbers ("FA244HH HF204") is not one of them.
  const brandLike = (list: string[]) => list.every((w) => !/\d/.test(w));
  for (let front = 0; front <= Math.min(2, words.length - 1); front++) {
    for (let back = 0; back <= Math.min(1, words.length - 1 - front); back++) {
      if (!brandLike([...words.slice(0, front), ...words.slice(words.length - back)])) continue;
      const text = words.slice(front, words.length - back).join(' ');
      if (front + back > 0) add(text);
      const revision = REVISION_SUFFIX.exec(text);
      if (revision) add(revision[1]);
    }
  }
  return out;
}

/** The catalogue CSV's `part_numbers` cell: `replaces:Yamaha:1WS-W0045-00; equivalent:EBC:FA252HH` (empty for none). */
export function formatPartNumbersCell(list: readonly PartNumber[]): string {
  return list.map((p) => `${p.kind}:${p.brand}:${p.number}`).join('; ');
}
