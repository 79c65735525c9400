import { formatUsd } from '@shop/shared/pricing';

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,234.50": a dollar amount without the sign, for texts that already end in '$' (the spec's 'Unit Price: $'). */
export function formatAmount(dollars: number): string {
  return amount.format(dollars);
}

/** "$1,234.50" */
export function formatPrice(dollars: number): string {
  return formatUsd(dollars);
}

export function Price({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`tabular-nums ${className}`}>{formatPrice(value)}</span>;
}
