import { Link } from 'react-router';
import { receivablesCopy as t } from '@shop/shared/copy/receivables';
import type { Receivables } from '@shop/shared/schemas/company';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { useAdminReceivables } from '../api/receivables';
import { OverdueBadge } from './overdue-badge';
import { Email, ReceivableCard } from './receivable-card';

const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** Issue #37 item 4 (decision 208): /dashboard/receivables — every company's open invoices on account, oldest due first. */
export function AdminReceivables() {
  const receivables = useAdminReceivables();
  return (
    <section aria-labelledby="receivables-title">
      <DashboardPageHeader id="receivables-title" title={t.adminTitle} intro={t.adminIntro} />
      {receivables.isPending ? (
        <div role="status" className="grid gap-6">
          <span className="sr-only">{t.adminLoading}</span>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : receivables.isError ? (
        <LoadError message={receivables.error.message} onRetry={() => void receivables.refetch()} />
      ) : (
        <div className="grid min-w-0 gap-6">
          <ReceivablesTotals data={receivables.data} />
          {/* The table's scrolling box is the region its heading names. */}
          <div className={`${card} min-w-0`}>
            <h3 id="receivables-list" className="mb-4 font-display text-xl font-bold uppercase tracking-wide">
              {t.listTitle}
            </h3>
            <ReceivablesTable data={receivables.data} labelledBy="receivables-list" />
          </div>
        </div>
      )}
    </section>
  );
}

/** What is open on account in all, and how much of it is past its due date (in the warning tone). */
export function ReceivablesTotals({ data }: { data: Receivables }) {
  const overdue = data.overdueCount > 0;
  return (
    <section aria-labelledby="receivables-totals" className={card}>
      <h3 id="receivables-totals" className="sr-only">
        {t.totalsTitle}
      </h3>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{t.openTotal}</dt>
          <dd className="font-display text-3xl font-bold tabular-nums">{formatPrice(data.openTotal)}</dd>
          <dd className="text-sm text-base-content/80">{t.invoiceCount(data.items.length)}</dd>
        </div>
        <div className={`min-w-0 sm:border-l sm:pl-4 ${overdue ? 'sm:border-warning' : 'sm:border-base-300'}`}>
          <dt className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{t.overdueTotal}</dt>
          <dd className={`font-display text-3xl font-bold tabular-nums ${overdue ? 'text-warning' : ''}`}>{formatPrice(data.overdueTotal)}</dd>
          <dd className="text-sm text-base-content/80">{overdue ? t.invoiceCount(data.overdueCount) : t.noneOverdue}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * The open invoices: a table from a tablet's width on (order to its page, company and who placed it, PO number,
 * placed, due with "Overdue · N days", amount, the invoice's link), in a box that scrolls sideways if it must — which
 * the keyboard reaches (axe: scrollable-region-focusable) and the heading above names — and cards on a phone.
 */
export function ReceivablesTable({ data, labelledBy }: { data: Receivables; labelledBy: string }) {
  const date = useDateFormat(DAY);
  if (data.items.length === 0) return <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.adminEmpty}</p>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 md:block" tabIndex={0} role="region" aria-labelledby={labelledBy}>
        <table className="table table-sm">
          <caption className="sr-only">{t.listTitle}</caption>
          <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
            <tr>
              <th scope="col">{t.colOrder}</th>
              <th scope="col">{t.colCompany}</th>
              <th scope="col">{t.colPo}</th>
              <th scope="col">{t.colPlaced}</th>
              <th scope="col">{t.colDue}</th>
              <th scope="col" className="text-right">
                {t.colAmount}
              </th>
              <th scope="col">{t.colInvoice}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((r) => (
              <tr key={r.checkoutId} className="hover:bg-base-200/60">
                <th scope="row" className="whitespace-nowrap font-semibold">
                  <Link to={paths.orderDetail(r.number)} className="link link-hover tabular-nums" aria-label={t.openOrder(r.number)}>
                    {r.number}
                  </Link>
                </th>
                <td className="min-w-40 wrap-anywhere">
                  <span className="block font-medium">{r.companyName}</span>
                  <span className="block text-xs text-base-content/80">
                    {t.by} <Email address={r.email} />
                  </span>
                </td>
                <td className="min-w-36 wrap-anywhere">{r.poNumber || <span className="text-base-content/80">{t.noPo}</span>}</td>
                <td className="whitespace-nowrap">{date(r.placedAt)}</td>
                <td className="whitespace-nowrap">
                  <span className="block">{date(r.dueAt)}</span>
                  <OverdueBadge invoice={r} />
                </td>
                <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatPrice(r.total)}</td>
                <td className="whitespace-nowrap">
                  {r.invoiceUrl ? (
                    <a href={r.invoiceUrl} className="link link-primary font-semibold" aria-label={t.invoiceOf(r.number)}>
                      {t.invoiceLink}
                    </a>
                  ) : (
                    <span className="text-sm text-base-content/80">{t.notIssued}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t.listTitle} className="grid gap-3 md:hidden">
        {data.items.map((r) => (
          <ReceivableCard key={r.checkoutId} invoice={r} date={date} admin />
        ))}
      </ul>
    </>
  );
}
