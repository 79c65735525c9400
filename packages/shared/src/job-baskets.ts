/**
 * Issue #36 item 3 (decision 199): job baskets. The rules both apps share: how many of a part a slot of a job
 * template puts in the basket.
 */

/** Slots in one job template, and the largest quantity (or multiplier) a slot may carry. */
export const JOB_TEMPLATE_SLOTS_MAX = 20;
export const JOB_SLOT_QUANTITY_MAX = 99;
/** Parts offered per slot besides the chosen one. */
export const JOB_SLOT_ALTERNATIVES_MAX = 20;

export const JOB_QUANTITY_RULES = ['fixed', 'per_vehicle'] as const;
export type JobQuantityRule = (typeof JOB_QUANTITY_RULES)[number];

/**
 * The quantity a slot of a job basket starts at, raised to the part's minimum order (the shop sells a part only in
 * quantities from its minimum order up, as `diagramQuantity`):
 * - 'fixed': the slot's quantity ("1 bottle of chain lube");
 * - 'per_vehicle': what one vehicle takes by the fitting application (1 when it does not say) times the slot's
 *   quantity as a multiplier ("pads: 2 per bike" sold from 10 is 10).
 */
export function basketQuantity(rule: JobQuantityRule, quantity: number, perVehicle: number | null | undefined, minOrder: number): number {
  const wanted = rule === 'fixed' ? quantity : (perVehicle && perVehicle > 0 ? perVehicle : 1) * quantity;
  return Math.max(wanted, minOrder);
}

/** Does the part's name hold every word of the slot's words (case-insensitive)? No words: any name. */
export function nameHasWords(name: string, words: string): boolean {
  const hay = name.toLowerCase();
  return words
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
