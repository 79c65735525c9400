import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { CATEGORY_LABELS, type ProductCategory } from '@shop/shared/catalog';
import type { PriceListSummary } from '@shop/shared/schemas/price-list';
import { useDateFormat } from '../../../lib/date-format';

const t = priceListsCopy;
export const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
export const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * The form's days are the admin's own calendar days. "Valid from" starts at the beginning of its day; "valid until"
 * names the last day the list applies, so the list ends (the API's endsAt, exclusive) at the start of the next day.
 */
export function dayToInstant(day: string, end = false): string | null {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d + (end ? 1 : 0)).toISOString();
}

/** The date box's value (YYYY-MM-DD, local) of a start, or of the last day before an (exclusive) end. */
export function instantToDay(iso: string | null, end = false): string {
  if (!iso) return '';
  const at = new Date(Date.parse(iso) - (end ? 1 : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "Always", "From Jan 1, 2027", "Until Mar 31, 2027" or "Jan 1, 2027 – Mar 31, 2027" (the last day it applies). */
export function useValidity(): (list: Pick<PriceListSummary, 'startsAt' | 'endsAt'>) => string {
  const format = useDateFormat(DAY);
  return ({ startsAt, endsAt }) => {
    const from = startsAt ? format(startsAt) : null;
    const until = endsAt ? format(Date.parse(endsAt) - 1) : null;
    if (from && until) return t.validBetween(from, until);
    if (from) return t.validFrom(from);
    if (until) return t.validUntil(until);
    return t.always;
  };
}

/** A category's label, or the brand as written. */
export const discountTarget = (d: PriceListSummary['discounts'][number]) =>
  d.kind === 'category' ? (CATEGORY_LABELS[d.value as ProductCategory] ?? d.value) : d.value;

/** "Brakes 10% off · Brembo 5% off", or "None". */
export const discountsSummary = (discounts: PriceListSummary['discounts']) =>
  discounts.length === 0 ? t.noDiscounts : discounts.map((d) => t.percentOff(discountTarget(d), d.percentOff)).join(' · ');

export function CurrentBadge({ current }: { current: boolean }) {
  return current ? (
    <span className="badge badge-success whitespace-nowrap font-semibold">{t.current}</span>
  ) : (
    <span className="badge badge-ghost whitespace-nowrap border-base-300 font-semibold">{t.notCurrent}</span>
  );
}
