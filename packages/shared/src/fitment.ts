/**
 * Fitment rules without zod (decision 107): the fit badge shows on every public page that lists parts.
 * `schemas/vehicle.ts` re-exports them.
 * Model years run from the first motorcycle to a few years ahead of the present.
 */
export const VEHICLE_YEAR_MIN = 1885;
export const VEHICLE_YEAR_MAX = 2100;

interface FitmentLine {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
}

/** Does a fitment list (or universal) cover this vehicle? The server's filter answers the same. */
export function fitsVehicle(product: { universal: boolean; fitment: readonly FitmentLine[] }, vehicle: { make: string; model: string; year: number }): boolean {
  if (product.universal) return true;
  return product.fitment.some((f) => f.make === vehicle.make && f.model === vehicle.model && f.yearFrom <= vehicle.year && vehicle.year <= f.yearTo);
}
