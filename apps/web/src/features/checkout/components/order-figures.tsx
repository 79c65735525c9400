import { checkoutCopy } from '@shop/shared/copy/checkout';
import type { OrderFigures as Figures } from '@shop/shared/schemas/cart';
import { formatPrice } from '../../../components/ui/price';

const t = checkoutCopy;

/** Issue #39 (decision 183): the buyer's EU VAT ID and whether it made the order reverse charge (0 % VAT). */
export interface VatFigures {
  vatId: string;
  reverseCharge: boolean;
}

/**
 * Goods, shipping, tax and total of an order (issue #24): the figures the payment is for. `taxExemptId`: the customer
 * is exempt (with this number, if known). `vat`: the buyer's EU VAT ID, shown with the tax it means (issue #39).
 */
export function OrderFigures({ figures, taxExemptId, vat }: { figures: Figures; taxExemptId?: string; vat?: VatFigures }) {
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-base-300 pt-2' : ''}`} data-testid={testId}>
      <dt className={strong ? 'font-semibold uppercase tracking-wider' : 'text-base-content/80'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-display text-2xl font-bold text-primary' : 'font-medium'}`}>{value}</dd>
    </div>
  );
  const taxLabel = vat?.reverseCharge ? t.reverseCharge : taxExemptId !== undefined ? t.taxExempt(taxExemptId) : figures.taxIncluded ? t.taxIncluded : t.tax;
  return (
    <dl className="flex flex-col gap-1">
      {row(t.goods, formatPrice(figures.goods))}
      {row(t.shipping, figures.shipping === 0 ? t.free : formatPrice(figures.shipping))}
      {row(taxLabel, formatPrice(figures.tax), false, 'order-tax')}
      {vat?.vatId && row(t.vatIdOnOrder, vat.vatId, false, 'order-vat-id')}
      {row(t.total, formatPrice(figures.total), true)}
    </dl>
  );
}
