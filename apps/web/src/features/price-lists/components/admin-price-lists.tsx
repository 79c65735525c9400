import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { adminPriceListsQueryOptions } from '../api/price-lists';
import { AdminPriceListForm } from './admin-price-list-form';
import { CurrentBadge, card, discountsSummary, heading, useValidity } from './price-list-parts';

const t = priceListsCopy;

/** Issue #37 item 2 (decision 206): /dashboard/price-lists — every trade price list, and a new one. */
export function AdminPriceLists() {
  const lists = useQuery(adminPriceListsQueryOptions());
  const validity = useValidity();
  return (
    <section aria-labelledby="price-lists-title">
      <DashboardPageHeader id="price-lists-title" title={t.adminTitle} intro={t.adminIntro} />
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="price-lists-list" className={`${card} min-w-0`}>
          <h3 id="price-lists-list" className={heading}>
            {t.adminListTitle}
          </h3>
          {lists.isPending ? (
            <div role="status">
              <span className="sr-only">{t.adminLoading}</span>
              <Skeleton className="h-40 w-full" />
            </div>
          ) : lists.isError ? (
            <LoadError message={lists.error.message} onRetry={() => void lists.refetch()} />
          ) : lists.data.length === 0 ? (
            <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.adminEmpty}</p>
          ) : (
            // A phone scrolls the table sideways inside its box, which the keyboard can reach (axe: scrollable-region-focusable).
            <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label={t.adminListTitle}>
              <table className="table table-sm">
                <caption className="sr-only">{t.adminListTitle}</caption>
                <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
                  <tr>
                    <th scope="col">{t.colName}</th>
                    <th scope="col">{t.colValid}</th>
                    <th scope="col">{t.colStatus}</th>
                    <th scope="col">{t.colCompanies}</th>
                    <th scope="col" className="text-right">
                      {t.colPrices}
                    </th>
                    <th scope="col">{t.colDiscounts}</th>
                  </tr>
                </thead>
                <tbody>
                  {lists.data.map((l) => (
                    <tr key={l._id} className="hover:bg-base-200/60">
                      <th scope="row" className="min-w-40 font-semibold wrap-anywhere">
                        <Link to={paths.priceListAdmin(l._id)} className="link link-hover" aria-label={t.openNamed(l.name)}>
                          {l.name}
                        </Link>
                      </th>
                      <td className="min-w-36">{validity(l)}</td>
                      <td>
                        <CurrentBadge current={l.current} />
                      </td>
                      <td className="min-w-40 wrap-anywhere">{l.companies.length === 0 ? t.noCompanies : l.companies.map((c) => c.name).join(', ')}</td>
                      <td className="text-right tabular-nums">{t.priceCount(l.priceCount)}</td>
                      <td className="min-w-48 wrap-anywhere">{discountsSummary(l.discounts)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section aria-labelledby="price-lists-create" className={`${card} min-w-0`}>
          <h3 id="price-lists-create" className={heading}>
            {t.createTitle}
          </h3>
          <AdminPriceListForm />
        </section>
      </div>
    </section>
  );
}
