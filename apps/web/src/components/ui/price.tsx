import { toCents } from '@shop/shared/pricing';
import { piecePrice } from '@shop/shared/piece-price';
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

interface PiecePriceProps {
  /** The price of one lot (a product's `unitPrice`, or the tier's that applies). */
  lotPrice: number;
  minOrder: number;
  /**
   * The spec's label before the lot price ('Unit Price: $' on cards and the purchase page): the lot then reads
   * "min. 10 · Unit Price: $249.00 per lot", the spec's text kept, its meaning beside it.
   */
  specLabel?: string;
  /** 'lg' for a part's own page, 'md' for cards, 'sm' inside a line (cart, checkout). */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const eachSizes = { sm: 'text-base font-semibold', md: 'text-xl font-bold text-primary', lg: 'font-display text-3xl font-bold text-primary' } as const;

/**
 * Issue #39 item 1 (decision 182): what one piece costs, first ("$24.90 each"), and the lot it comes from
 * beside it ("min. 10 · $249.00 per lot"). The texts are `piecePrice`'s (packages/shared), the one rule for every screen.
 */
export function PiecePrice({ lotPrice, minOrder, specLabel, size = 'md', className = '' }: PiecePriceProps) {
  const p = piecePrice(lotPrice, minOrder);
  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${className}`} data-piece-price="">
      <span className={`tabular-nums ${eachSizes[size]}`}>{p.eachText}</span>
      <span className="text-sm text-base-content/80 tabular-nums">
        <span className="whitespace-nowrap">{p.minText}</span> ·{' '}
        <span className="whitespace-nowrap">{specLabel ? `${specLabel}${p.lotAmount} per lot` : `${p.lot} per lot`}</span>
      </span>
    </div>
  );
}
