import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { priceListsCopy } from '@shop/shared/copy/price-lists';
import { paths } from '../../../config/paths';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { BackLink, DetailError, DetailPending } from '../../dashboard/components/detail-page-state';
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

  const back = <BackLink to={paths.priceListsAdmin}>{t.backToList}</BackLink>;
  if (list.isPending) return <DetailPending back={back} loading={t.loading} />;
  if (list.isError) {
    return (
      <DetailError back={back} titleId="price-list-title" title={t.adminTitle} error={list.error} notFound={t.notFound} onRetry={() => void list.refetch()} />
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
