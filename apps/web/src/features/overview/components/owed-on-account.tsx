import { Link } from 'react-router';
import { receivablesCopy as t } from '@shop/shared/copy/receivables';
import type { Overview } from '@shop/shared/schemas/overview';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';

/**
 * Issue #37 item 4 (decision 208): the sales overview's "Owed on account" — what companies owe on account and how
 * much of it is past its due date (in the warning tone), with the way to the Open invoices page.
 */
export function OwedOnAccount({ receivables: r }: { receivables: NonNullable<Overview['receivables']> }) {
  const overdue = r.overdue > 0;
  return (
    <section
      aria-labelledby="overview-owed-title"
      className={`flex flex-wrap items-end justify-between gap-4 rounded-box border bg-base-100 p-4 shadow-sm sm:p-6 ${overdue ? 'border-warning' : 'border-base-300'}`}
    >
      <div className="min-w-0">
        <h3 id="overview-owed-title" className="font-display text-xl font-bold uppercase">
          {t.owedTitle}
        </h3>
        <dl className="mt-2 flex flex-wrap gap-x-10 gap-y-3">
          <div>
            <dt className="text-xs text-base-content/75">{t.openTotal}</dt>
            <dd className="font-display text-3xl font-bold tabular-nums">{formatPrice(r.openTotal)}</dd>
            <dd className="text-sm text-base-content/80">{t.owedOpen(r.open)}</dd>
          </div>
          <div>
            <dt className="text-xs text-base-content/75">{t.overdueTotal}</dt>
            <dd className={`font-display text-3xl font-bold tabular-nums ${overdue ? 'text-warning' : ''}`}>{formatPrice(r.overdueTotal)}</dd>
            <dd className="text-sm text-base-content/80">{overdue ? t.invoiceCount(r.overdue) : t.noneOverdue}</dd>
          </div>
        </dl>
      </div>
      <Link to={paths.receivablesAdmin} className="btn btn-outline btn-sm">
        {t.owedLink}
      </Link>
    </section>
  );
}
