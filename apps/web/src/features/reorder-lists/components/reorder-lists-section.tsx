import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reorderListsCopy as t } from '@shop/shared/copy/reorder-lists';
import { quickOrderCopy as q } from '@shop/shared/quick-order';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import type { ReorderListSummary } from '@shop/shared/schemas/reorder-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useDateFormat } from '../../../lib/date-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { reorderListsQueryOptions, useAddReorderListToCart, useDeleteReorderList } from '../api/reorder-lists';
import { ReorderReport } from '../../cart/components/reorder-report';

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * Issue #37 item 3 (decision 207): the quick order page's "Your reorder lists" (also on the company page, item 5). Each list goes to the cart in one
 * click (then Order again's report: what was added, what was not, a link to the cart), or is deleted after a
 * confirmation.
 */
export function ReorderListsSection({ className = 'mt-10' }: { className?: string } = {}) {
  const titleId = useId();
  const lists = useQuery(reorderListsQueryOptions());
  const add = useAddReorderListToCart();
  const remove = useDeleteReorderList();
  const [report, setReport] = useState<{ id: string; result: QuickOrderResult } | null>(null);
  const [toDelete, setToDelete] = useState<ReorderListSummary | null>(null);
  const when = useDateFormat(DAY);

  const onAdd = (list: ReorderListSummary) =>
    add.mutate(list._id, {
      onSuccess: (result) => {
        setReport({ id: list._id, result });
        if (result.added.length) toastSuccess(q.added(result.added.length));
      },
      onError: (err) => toastError(err.message),
    });

  return (
    <section aria-labelledby={titleId} className={`${className} min-w-0 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6`}>
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase leading-tight">
        {t.sectionTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-base-content/80">{t.sectionIntro}</p>
      {lists.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : lists.isError ? (
        <LoadError message={lists.error.message} onRetry={() => void lists.refetch()} />
      ) : lists.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-4 text-sm">{t.empty}</p>
      ) : (
        <ul aria-label={t.listsLabel} className="flex flex-col divide-y divide-base-300">
          {lists.data.map((list) => {
            const adding = add.isPending && add.variables === list._id;
            return (
              <li key={list._id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{list.name}</h3>
                    <p className="text-sm text-base-content/75">
                      {t.lineCount(list.lineCount)} · {t.updated(when(list.updatedAt))}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={t.addToCartNamed(list.name)}
                      disabled={add.isPending}
                      aria-busy={adding}
                      onClick={() => onAdd(list)}
                    >
                      {adding && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                      {t.addToCart}
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={t.deleteNamed(list.name)} onClick={() => setToDelete(list)}>
                      {t.delete}
                    </button>
                  </div>
                </div>
                {report?.id === list._id && <ReorderReport result={report.result} />}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.deleteConfirm(toDelete.name) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && mutateThenClose(remove, toDelete._id, t.deleted(toDelete.name), () => setToDelete(null))}
      >
        <p>{t.deleteHint}</p>
      </ConfirmDialog>
    </section>
  );
}
