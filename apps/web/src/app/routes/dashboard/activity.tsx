import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { activityCopy } from '@shop/shared/copy/activity';
import { useAudit } from '../../../features/audit/api/get-audit';
import { AuditEntryChanges } from '../../../features/audit/components/audit-entry-changes';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateTimeFormat } from '@shop/shared/intl';

const t = activityCopy;
const when = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function ActivityPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = { action: params.get('action') ?? '', entityType: params.get('entity') ?? '' };
  const audit = useAudit(filter);
  const setFilter = (key: 'action' | 'entity', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const entries = audit.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="activity-title">
      <DashboardPageHeader id="activity-title" title={t.title} intro={t.intro} />
      <div className="mb-4 flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-action`} className="text-sm font-semibold">
            {t.filterAction}
          </label>
          <select id={`${id}-action`} className="select" value={filter.action} onChange={(e) => setFilter('action', e.target.value)}>
            <option value="">{t.any}</option>
            {Object.entries(t.actions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-entity`} className="text-sm font-semibold">
            {t.filterEntity}
          </label>
          <select id={`${id}-entity`} className="select" value={filter.entityType} onChange={(e) => setFilter('entity', e.target.value)}>
            <option value="">{t.any}</option>
            {Object.entries(t.entities).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {audit.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : audit.isError ? (
        <LoadError message={audit.error.message} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{t.empty}</p>
      ) : (
        <>
          <ol aria-label={t.title} className="flex flex-col gap-3">
            {entries.map((entry) => (
              <li key={entry._id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="font-semibold">
                    {t.actions[entry.action] ?? entry.action}{' '}
                    <span className="badge badge-ghost badge-sm align-middle font-normal">
                      {t.entityLabel(t.entities[entry.entityType] ?? entry.entityType, entry.entityId, entry.entityName)}
                    </span>
                  </p>
                  <time dateTime={entry.at} className="text-sm text-base-content/80 tabular-nums">
                    {when.format(new Date(entry.at))}
                  </time>
                </div>
                <p className="mb-2 text-sm text-base-content/80">{entry.actor ? entry.actor.email : t.system}</p>
                <AuditEntryChanges entry={entry} />
              </li>
            ))}
          </ol>
          <div className="mt-6 flex justify-center">
            {audit.hasNextPage ? (
              <button type="button" className="btn btn-outline min-w-32" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
                {audit.isFetchingNextPage ? t.loadingOlder : t.older}
              </button>
            ) : (
              <p className="text-sm text-base-content/75">{t.end}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
