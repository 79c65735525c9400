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

/** The number of this list a query means (any formatting of it), or null. */
export function matchingPartNumber(list: readonly PartNumber[], query: string): PartNumber | null {
  const key = skuKey(query.trim());
  if (!key) return null;
  return list.find((p) => skuKey(p.number) === key) ?? null;
}

/** The catalogue CSV's `part_numbers` cell: `replaces:Yamaha:1WS-W0045-00; equivalent:EBC:FA252HH` (empty for none). */
export function formatPartNumbersCell(list: readonly PartNumber[]): string {
  return list.map((p) => `${p.kind}:${p.brand}:${p.number}`).join('; ');
}
