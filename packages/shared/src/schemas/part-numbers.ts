import { z } from 'zod';
import { SKU_PATTERN, skuKey } from '../catalog';
import { MAX_PART_NUMBERS, PART_NUMBER_KINDS, type PartNumber } from '../part-numbers';

/** Issue #26 item 4 (decision 166): the other numbers of a part, as the product form and the catalogue CSV send them. */
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

// The schema's output is the plain `PartNumber` the zod-free module declares: the compiler refuses any drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const shapeMatches: Same<z.infer<typeof partNumberSchema>, PartNumber> = true;
void shapeMatches;

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
