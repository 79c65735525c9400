/** The products page number from the URL (?page=2); anything that is not a whole number from 1 up means page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
