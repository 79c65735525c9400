import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { overviewCopy as t } from '@shop/shared/copy/overview';
import type { Overview } from '@shop/shared/schemas/overview';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { useOverview } from '../../../features/overview/api/get-overview';
import { OwedOnAccount } from '../../../features/overview/components/owed-on-account';
import { dateTimeFormat } from '@shop/shared/intl';
import { formatCount } from '@shop/shared/intl';

// The chart library is only loaded by this admin page.
const RevenueChart = lazy(() => import('../../../features/overview/components/revenue-chart'));
const longDay = dateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** /dashboard/overview (admin; the router's AdminRoute guards it): the owner's sales overview (issue #25 item 7, decision 164). */
export default function OverviewPage() {
  const overview = useOverview();
  return (
    <section aria-labelledby="overview-title">
      <DashboardPageHeader id="overview-title" title={t.title} intro={t.intro} />
      {overview.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : overview.isError ? (
        <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <OverviewView data={overview.data} />
      )}
    </section>
  );
}

function OverviewView({ data }: { data: Overview }) {
  const total = data.daily.reduce((s, d) => s + d.grossSales, 0);
  const best = data.daily.reduce((b, d) => (d.grossSales > b.grossSales ? d : b), data.daily[0]);
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-4 md:grid-cols-3">
        {data.periods.map((p) => (
          <li key={p.key} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{t.periods[p.key]}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
              <div className="col-span-2">
                <dt className="text-xs text-base-content/75">
                  {t.grossSales} <span className="sr-only">({t.grossSalesHint})</span>
                </dt>
                <dd className="font-display text-3xl font-bold tabular-nums">{formatPrice(p.grossSales)}</dd>
                <dd aria-hidden="true" className="text-xs text-base-content/75">
                  {t.grossSalesHint}
                </dd>
              </div>
              <Figure label={t.shipping} value={p.shipping} />
              <Figure label={t.tax} value={p.tax} />
              <div className="col-span-2">
                <dt className="text-xs text-base-content/75">{t.refunds}</dt>
                <dd className="font-semibold tabular-nums">{formatPrice(p.refunds)}</dd>
                <dd className="text-xs text-base-content/75 tabular-nums">
                  {t.refundsSplit(formatPrice(p.refunded.goods), formatPrice(p.refunded.shipping), formatPrice(p.refunded.tax), formatPrice(p.refunded.other))}
                </dd>
              </div>
              <div className="col-span-2 border-t border-base-300 pt-2">
                <dt className="text-xs text-base-content/75">
                  {t.netSales} <span className="sr-only">({t.netSalesHint})</span>
                </dt>
                <dd className="text-xl font-bold tabular-nums">{formatPrice(p.netSales)}</dd>
                <dd aria-hidden="true" className="text-xs text-base-content/75">
                  {t.netSalesHint}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-base-content/75">{t.orders}</dt>
                <dd className="font-semibold tabular-nums">{formatCount(p.orders)}</dd>
              </div>
              <Figure label={t.averageOrder} value={p.averageOrder} />
            </dl>
          </li>
        ))}
      </ul>

      {data.receivables && <OwedOnAccount receivables={data.receivables} />}

      <section aria-labelledby="overview-chart-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        <h3 id="overview-chart-title" className="mb-1 font-display text-xl font-bold uppercase">
          {t.chartTitle}
        </h3>
        {total === 0 ? (
          <p className="text-base-content/75">{t.chartEmpty}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-base-content/80">
              {t.chartSummary(formatPrice(total), formatPrice(best.grossSales), longDay.format(new Date(`${best.date}T00:00:00Z`)))}
            </p>
            <div aria-hidden="true" className="min-w-0">
              <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <RevenueChart daily={data.daily} />
              </Suspense>
            </div>
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="overview-top-title" className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          <h3 id="overview-top-title" className="mb-3 font-display text-xl font-bold uppercase">
            {t.topTitle}
          </h3>
          {data.topParts.length === 0 ? (
            <p className="text-base-content/75">{t.topEmpty}</p>
          ) : (
            <table className="table table-sm">
              <PartTableHead columns={[t.colPart, t.colUnits, t.colRevenue]} />
              <tbody>
                {data.topParts.map((p) => (
                  <tr key={p.productId ?? p.name}>
                    <td className="pl-0 break-words">
                      <span className="font-medium">{p.name}</span>
                      {p.sku && <span className="block font-mono text-xs text-base-content/75">{p.sku}</span>}
                    </td>
                    <td className="text-right tabular-nums">{formatCount(p.units)}</td>
                    <td className="pr-0 text-right tabular-nums">{formatPrice(p.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section aria-labelledby="overview-low-title" className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          <h3 id="overview-low-title" className="font-display text-xl font-bold uppercase">
            {t.lowTitle}
          </h3>
          <p className="mb-3 text-sm text-base-content/75">{t.lowIntro}</p>
          {data.lowStock.length === 0 ? (
            <p className="text-base-content/75">{t.lowEmpty}</p>
          ) : (
            <table className="table table-sm">
              <PartTableHead columns={[t.colPart, t.colStock, t.colMinOrder]} />
              <tbody>
                {data.lowStock.map((p) => (
                  <tr key={p.productId}>
                    <td className="pl-0 break-words">
                      <Link to={paths.editProduct(p.productId)} className="link link-hover font-medium" aria-label={t.restock(p.name)}>
                        {p.name}
                      </Link>
                      {p.sku && <span className="block font-mono text-xs text-base-content/75">{p.sku}</span>}
                    </td>
                    <td className={`text-right font-semibold tabular-nums ${p.stock < p.minOrder ? 'text-error' : ''}`}>{formatCount(p.stock)}</td>
                    <td className="pr-0 text-right tabular-nums">{formatCount(p.minOrder)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}

/** One money figure of a period card. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-base-content/75">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatPrice(value)}</dd>
    </div>
  );
}

/** The head of the overview's two part tables: the part, then two figures aligned right. */
function PartTableHead({ columns: [part, first, second] }: { columns: [string, string, string] }) {
  return (
    <thead className="text-xs uppercase tracking-wider text-base-content/80">
      <tr>
        <th scope="col" className="pl-0">
          {part}
        </th>
        <th scope="col" className="text-right">
          {first}
        </th>
        <th scope="col" className="pr-0 text-right">
          {second}
        </th>
      </tr>
    </thead>
  );
}
