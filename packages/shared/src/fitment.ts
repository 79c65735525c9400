/**
 * Fitment rules without zod (decision 107): the fit badge shows on every public page that lists parts.
 * `schemas/vehicle.ts` re-exports them.
 * Model years run from the first motorcycle to a few years ahead of the present.
 *
 * Issue #35 item 1 (decision 192): a fitment line is an application as the industry models it (ACES): a part on a
 * vehicle (make, model, model years, optionally one variant), with an optional position, quantity per vehicle, notes
 * and the feed it came from.
 */
export const VEHICLE_YEAR_MIN = 1885;
export const VEHICLE_YEAR_MAX = 2100;

/** Where on the vehicle a part goes; a position combines at most one word of each pair ("front left", "rear upper"). */
export const FITMENT_POSITION_PAIRS = [
  ['front', 'rear'],
  ['left', 'right'],
  ['upper', 'lower'],
] as const;
export const FITMENT_POSITIONS = FITMENT_POSITION_PAIRS.flat();
export const FITMENT_PER_VEHICLE_MAX = 99;
export const FITMENT_NOTES_MAX = 200;

interface FitmentLine {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** Only this variant of the model ("SP", "ABS"); absent: every variant. */
  variant?: string | null;
  position?: string | null;
  perVehicle?: number | null;
  notes?: string | null;
}

interface FitVehicle {
  make: string;
  model: string;
  year: number;
  variant?: string | null;
}

/** Does this line cover the vehicle? A line for one variant covers only that variant. */
export function lineFits(line: FitmentLine, vehicle: FitVehicle): boolean {
  return (
    line.make === vehicle.make &&
    line.model === vehicle.model &&
    line.yearFrom <= vehicle.year &&
    vehicle.year <= line.yearTo &&
    (!line.variant || line.variant === (vehicle.variant ?? null))
  );
}

/** Does a fitment list (or universal) cover this vehicle? The server's filter answers the same. */
export function fitsVehicle(product: { universal: boolean; fitment: readonly FitmentLine[] }, vehicle: FitVehicle): boolean {
  if (product.universal) return true;
  return product.fitment.some((f) => lineFits(f, vehicle));
}

/**
 * The position, quantity per vehicle and notes of the lines that cover the vehicle, one phrase per line that has any
 * ("front · 2 per bike"); empty when none does or none says more than the vehicle.
 */
export function fitDetails(fitment: readonly FitmentLine[], vehicle: FitVehicle): string[] {
  const out: string[] = [];
  for (const line of fitment) {
    if (!lineFits(line, vehicle)) continue;
    const phrase = applicationDetails(line);
    if (phrase && !out.includes(phrase)) out.push(phrase);
  }
  return out;
}

/** "front · 2 per bike · ABS models only" for one line; '' when it has none of them. */
export function applicationDetails(line: Pick<FitmentLine, 'position' | 'perVehicle' | 'notes'>): string {
  return [line.position ?? '', line.perVehicle ? `${line.perVehicle} per bike` : '', line.notes?.trim() ?? ''].filter(Boolean).join(' · ');
}

/**
 * A position as typed ("Front-Left", "left, front", "FRONT") in the shop's words and order ("front left"); '' for
 * none; null when it names an unknown word or both words of a pair.
 */
export function normalizePosition(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[\s,/&+-]+|\band\b/)
    .map((w) => w.trim())
    .filter(Boolean);
  const picked: string[] = [];
  for (const pair of FITMENT_POSITION_PAIRS) {
    const used = pair.filter((w) => words.includes(w));
    if (used.length > 1) return null;
    if (used.length) picked.push(used[0]);
  }
  if (words.some((w) => !(FITMENT_POSITIONS as readonly string[]).includes(w))) return null;
  return picked.join(' ');
}
