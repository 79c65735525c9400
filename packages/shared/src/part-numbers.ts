import { z } from 'zod';
import { SKU_PATTERN, skuKey } from './catalog';

/**
 * Issue #26 item 4 (decision 166): the other numbers a part answers to.
 * - `replaces`: an OEM number this part replaces (Yamaha 1WS-W0045-00).
 * - `equivalent`: another maker's number for the same part (EBC FA252HH).
 * - `supersedes`: an older number of this part, no longer made.
 * Searching any of them, in any formatting (case, spaces, dots, dashes), finds the part first.
 */
export const PART_NUMBER_KINDS = ['replaces', 'equivalent', 'supersedes'] as const;
export type PartNumberKind = (typeof PART_NUMBER_KINDS)[number];
export const MAX_PART_NUMBERS = 30;

export const partNumberSchema = z.object({
  kind: z.enum(PART_NUMBER_KINDS, { message: `Kind must be one of: ${PART_NUMBER_KINDS.join(', ')}` }),
  brand: z.string({ message: 'Maker must be text' }).trim().min(1, 'Maker is Required').max(60, 'Maker must be 60 characters or fewer'),
  number: z
    .string({ message: 'Number must be text' })
    .trim()
    .min(1, 'Number is Required')
    .max(40, 'Number must be 40 characters or fewer')
    .regex(SKU_PATTERN, 'Number may hold letters, digits, spaces, dots, dashes and slashes'),
});
export type PartNumber = z.infer<typeof partNumberSchema>;

export const partNumberListSchema = z
  .array(partNumberSchema, { message: 'partNumbers must be a list of { kind, brand, number }' })
  .max(MAX_PART_NUMBERS, `At most ${MAX_PART_NUMBERS} other part numbers`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      const key = skuKey(p.number);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'number'], message: `${p.number} is listed twice` });
      seen.add(key);
    });
  });

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

/** The cell read back, or the reason it cannot be. */
export function parsePartNumbersCell(cell: string): { ok: true; value: PartNumber[] } | { ok: false; message: string } {
  const entries = cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const value: PartNumber[] = [];
  for (const entry of entries) {
    const parts = entry.split(':').map((s) => s.trim());
    if (parts.length !== 3) return { ok: false, message: `"${entry}" must be kind:maker:number, e.g. replaces:Yamaha:1WS-W0045-00` };
    const parsed = partNumberSchema.safeParse({ kind: parts[0].toLowerCase(), brand: parts[1], number: parts[2] });
    if (!parsed.success) return { ok: false, message: `"${entry}": ${parsed.error.issues[0].message}` };
    value.push(parsed.data);
  }
  const list = partNumberListSchema.safeParse(value);
  if (!list.success) return { ok: false, message: list.error.issues[0].message };
  return { ok: true, value: list.data };
}
