import { checkoutCopy } from '@shop/shared/copy/checkout';
import type { OrderFigures as Figures } from '@shop/shared/schemas/cart';
import { formatPrice } from '../../../components/ui/price';

const t = checkoutCopy;

/** Goods, shipping, tax and total of an order (issue #24): the figures the payment is for. `taxExemptId`: the customer is exempt (with this number, if known). */
export function OrderFigures({ figures, taxExemptId }: { figures: Figures; taxExemptId?: string }) {
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-base-300 pt-2' : ''}`}>
      <dt className={strong ? 'font-semibold uppercase tracking-wider' : 'text-base-content/80'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-display text-2xl font-bold text-primary' : 'font-medium'}`}>{value}</dd>
    </div>
  );
  return (
    <dl className="flex flex-col gap-1">
      {row(t.goods, formatPrice(figures.goods))}
      {row(t.shipping, figures.shipping === 0 ? t.free : formatPrice(figures.shipping))}
      {row(taxExemptId !== undefined ? t.taxExempt(taxExemptId) : figures.taxIncluded ? t.taxIncluded : t.tax, formatPrice(figures.tax))}
      {row(t.total, formatPrice(figures.total), true)}
    </dl>
  );
}
