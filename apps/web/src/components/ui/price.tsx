import { toCents } from '@shop/shared/pricing';
import { numberFormat } from '@shop/shared/intl';

/**
 * Issue #24 item 6, "prices read like money": every amount the web app shows
 * goes through these functions. They round to the cent, half-up (the server's
 * rule, `toCents`), so no figure shows more than two decimals.
 */
const amount = numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsd = numberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** The amount to the cent, half-up, back in dollars (69.9967 -> 70, 1.005 -> 1.01). */
function toCent(dollars: number): number {
  return toCents(dollars) / 100;
}

/** "1,234.50": a dollar amount without the sign, for texts that already end in '$' (the spec's 'Unit Price: $'). */
export function formatAmount(dollars: number): string {
  return amount.format(toCent(dollars));
}

/** "$1,234.50" */
export function formatPrice(dollars: number): string {
  return usd.format(toCent(dollars));
}

/** "$249" for a whole-dollar amount, else "$24.90": for sentences such as "$249 per lot of 10 · $24.90 each". */
export function formatPriceShort(dollars: number): string {
  const cents = toCents(dollars);
  return cents % 100 === 0 ? wholeUsd.format(cents / 100) : usd.format(cents / 100);
}

export function Price({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatPrice(value)}</span>;
}
