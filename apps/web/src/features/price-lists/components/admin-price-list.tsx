import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { paths } from '../../../config/paths';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { adminPriceListQueryOptions, useDeletePriceList } from '../api/price-lists';
import { AdminPriceListForm } from './admin-price-list-form';
import { PriceListCsv } from './price-list-csv';
import { PriceListPrices } from './price-list-prices';
import { CurrentBadge, card, discountsSummary, heading, useValidity } from './price-list-parts';

const t = priceListsCopy;

/**
 * Issue #37 item 2 (decision 206): /dashboard/price-lists/{id} — a list's settings (name, days, companies,
 * percentages off), its part prices (set, change, remove; CSV down and up) and Delete.
 */
export function AdminPriceList({ id }: { id: string }) {
  const list = useQuery(adminPriceListQueryOptions(id));
  const remove = useDeletePriceList();
  const navigate = useNavigate();
  const validity = useValidity();
  const [confirming, setConfirming] = useState(false);

  const back = (
    <Link to={paths.priceListsAdmin} className="link link-hover mb-4 inline-flex items-center gap-1 text-sm font-semibold">
      <ArrowLeftIcon size={16} />
      {t.backToList}
    </Link>
  );
  if (list.isPending) {
    return (
      <section aria-busy="true">
        {back}
        <div role="status" className="grid gap-4">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-72 w-full" />
        </div>
      </section>
    );
  }
  if (list.isError) {
    return (
      <section aria-labelledby="price-list-title">
        {back}
        <DashboardPageHeader id="price-list-title" title={t.adminTitle} />
        {list.error instanceof ApiError && list.error.status === 404 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.notFound}</p>
        ) : (
          <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
        )}
      </section>
    );
  }
  const l = list.data;
  const deleteList = () =>
    remove.mutate(l._id, {
      onSuccess: () => {
        toastSuccess(t.deleted(l.name));
        setConfirming(false);
        void navigate(paths.priceListsAdmin);
      },
      onError: (err) => {
        toastError(err.message);
        setConfirming(false);
      },
    });
  return (
    <section aria-labelledby="price-list-title">
      {back}
      <DashboardPageHeader
        id="price-list-title"
        title={l.name}
        intro={
          <span className="flex flex-wrap items-center gap-2">
            <CurrentBadge current={l.current} />
            <span>{validity(l)}</span>
            {l.discounts.length > 0 && (
              <>
                <span aria-hidden="true">·</span>
                <span className="wrap-anywhere">{discountsSummary(l.discounts)}</span>
              </>
            )}
          </span>
        }
      >
        <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming(true)}>
          {t.deleteList}
        </button>
      </DashboardPageHeader>
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="price-list-prices" className={`${card} min-w-0`}>
          <h3 id="price-list-prices" className={heading}>
            {t.pricesTitle}
          </h3>
          <PriceListPrices list={l} />
        </section>
        <section aria-labelledby="price-list-csv" className={`${card} min-w-0`}>
          <h3 id="price-list-csv" className={heading}>
            {t.csvTitle}
          </h3>
          <PriceListCsv list={l} />
        </section>
        <section aria-labelledby="price-list-edit" className={`${card} min-w-0`}>
          <h3 id="price-list-edit" className={heading}>
            {t.editTitle}
          </h3>
          <AdminPriceListForm key={`${l._id}-${l.name}-${l.startsAt}-${l.endsAt}-${JSON.stringify(l.companies)}-${JSON.stringify(l.discounts)}`} list={l} />
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.deleteConfirm(l.name)}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={deleteList}
      >
        <p>{t.deleteHint}</p>
      </ConfirmDialog>
    </section>
  );
}
