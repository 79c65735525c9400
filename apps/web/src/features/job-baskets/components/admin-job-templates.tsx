import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { jobBasketsCopy } from '@shop/shared/copy/job-baskets';
import { CATEGORY_LABELS } from '@shop/shared/catalog';
import type { AdminJobTemplate } from '@shop/shared/schemas/job-basket';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { adminJobTemplatesQueryOptions, useDeleteJobTemplate } from '../api/admin-job-templates';
import { AdminJobTemplateForm } from './admin-job-template-form';

const t = jobBasketsCopy;
const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';

/** Issue #36 item 3 (decision 199): the admin's job templates — the list, a new job, editing one, deleting one. */
export function AdminJobTemplates() {
  const templates = useQuery(adminJobTemplatesQueryOptions());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminJobTemplate | null>(null);
  const remove = useDeleteJobTemplate();
  const editing = templates.data?.find((x) => x._id === editingId) ?? null;

  return (
    <section aria-labelledby="job-templates-title">
      <DashboardPageHeader id="job-templates-title" title={t.adminTitle} intro={t.adminIntro} />
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="job-templates-list" className={`${card} min-w-0`}>
          <h3 id="job-templates-list" className={heading}>
            {t.adminListTitle}
          </h3>
          {templates.isPending ? (
            <div role="status">
              <span className="sr-only">{t.adminLoading}</span>
              <Skeleton className="h-40 w-full" />
            </div>
          ) : templates.isError ? (
            <LoadError message={templates.error.message} onRetry={() => void templates.refetch()} />
          ) : templates.data.length === 0 ? (
            <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.adminEmpty}</p>
          ) : (
            <ul aria-label={t.adminListTitle} className="grid gap-4 lg:grid-cols-2">
              {templates.data.map((x) => (
                <li key={x._id} className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
                  <div className="min-w-0">
                    <h4 className="font-display text-lg font-bold uppercase tracking-wide wrap-anywhere">{x.name}</h4>
                    <p className="text-sm text-base-content/75 wrap-anywhere">{x.slug}</p>
                  </div>
                  <p className="text-sm font-semibold">{t.slotCount(x.slots.length)}</p>
                  <ul className="list-inside list-disc text-sm wrap-anywhere">
                    {x.slots.map((s, i) => (
                      <li key={i}>{t.slotSummary(s.name, CATEGORY_LABELS[s.category], s.position)}</li>
                    ))}
                  </ul>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditingId(x._id)} aria-label={t.edit(x.name)}>
                      {t.editButton}
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setToDelete(x)} aria-label={t.deleteNamed(x.name)}>
                      {t.deleteButton}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        {editing && (
          <section aria-labelledby="job-templates-edit" className={`${card} min-w-0`}>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <h3 id="job-templates-edit" className="font-display text-xl font-bold uppercase tracking-wide">
                {t.editTitle(editing.name)}
              </h3>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditingId(null)}>
                {t.cancelEdit}
              </button>
            </div>
            <AdminJobTemplateForm key={`${editing._id}-${editing.updatedAt}`} template={editing} onDone={() => setEditingId(null)} />
          </section>
        )}
        <section aria-labelledby="job-templates-create" className={`${card} min-w-0`}>
          <h3 id="job-templates-create" className={heading}>
            {t.createTitle}
          </h3>
          <AdminJobTemplateForm />
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? t.deleteConfirm(toDelete.name) : ''}
        confirmLabel={t.deleteButton}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          mutateThenClose(remove, toDelete._id, t.deleted(toDelete.name), () => {
            if (editingId === toDelete._id) setEditingId(null);
            setToDelete(null);
          })
        }
      >
        <p>{t.deleteConfirmHint}</p>
      </ConfirmDialog>
    </section>
  );
}
