import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { NEWSLETTER_SUBSCRIBERS_DEFAULT_LIMIT, type NewsletterStatus } from '@shop/shared/schemas/newsletter';
import { exportConfirmedSubscribers, useSubscribers } from '../../../features/newsletter/api/newsletter';
import { SUBSCRIBER_TABS, SubscriberStatusTabs, type SubscriberTab } from '../../../features/newsletter/components/subscriber-status-tabs';
import { SubscribersTable } from '../../../features/newsletter/components/subscribers-table';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/ui/icons';
import { downloadText } from '../../../lib/download';
import { toastError } from '../../../lib/toast';

const t = newsletterCopy;
const PANEL_ID = 'subscribers-panel';

/** The tab, the search and the page live in the address (?status=&q=&page=), so reload, back and a shared link keep them. */
function useSubscribersFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'all';
  const tab: SubscriberTab = SUBSCRIBER_TABS.includes(raw as SubscriberTab) ? (raw as SubscriberTab) : 'all';
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { tab?: SubscriberTab; q?: string; page?: number }) => {
    const merged = { tab, q, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.tab !== 'all') out.set('status', merged.tab);
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out);
  };
  return { tab, q, page, update };
}

/** Issue #39 (decision 186): the newsletter's addresses for admins, with their status and dates; the confirmed ones as CSV. */
export default function SubscribersPage() {
  const { tab, q, page, update } = useSubscribersFilter();
  const status: NewsletterStatus | undefined = tab === 'all' ? undefined : tab;
  const subscribers = useSubscribers({ status, q, page, limit: NEWSLETTER_SUBSCRIBERS_DEFAULT_LIMIT });
  const data = subscribers.data;
  const search = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    update({ q: search.current?.value.trim() ?? '' });
  };
  const onClear = () => {
    if (search.current) search.current.value = '';
    update({ q: '' });
    search.current?.focus();
  };
  const onExport = async () => {
    setExporting(true);
    try {
      downloadText(`newsletter-confirmed-${new Date().toISOString().slice(0, 10)}.csv`, await exportConfirmedSubscribers());
    } catch {
      toastError(t.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const from = data && data.total > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.limit) : 0;

  return (
    <section aria-labelledby="subscribers-title" className="min-w-0">
      <DashboardPageHeader id="subscribers-title" title={t.title} intro={t.intro}>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void onExport()} disabled={exporting} aria-busy={exporting}>
          {exporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t.exportCsv}
        </button>
      </DashboardPageHeader>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SubscriberStatusTabs value={tab} counts={data?.counts} panelId={PANEL_ID} onChange={(next) => update({ tab: next })} />
        <form role="search" onSubmit={onSearch} className="flex w-full gap-2 lg:max-w-sm">
          <label htmlFor="subscribers-search" className="sr-only">
            {t.searchLabel}
          </label>
          <input
            key={q}
            ref={search}
            id="subscribers-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t.searchPlaceholder}
            className="input input-sm w-full min-w-0"
          />
          <button type="submit" className="btn btn-primary btn-sm">
            {t.search}
          </button>
          {q && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClear}>
              {t.clearSearch}
            </button>
          )}
        </form>
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        tabIndex={-1}
        aria-labelledby={`subscribers-tab-${tab}`}
        aria-busy={subscribers.isFetching}
        className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
      >
        {subscribers.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : subscribers.isError ? (
          <LoadError message={subscribers.error.message} onRetry={() => void subscribers.refetch()} />
        ) : data!.items.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
            {data!.counts.pending + data!.counts.confirmed + data!.counts.unsubscribed === 0 && !q ? t.empty : t.emptyFiltered}
          </p>
        ) : (
          <>
            <SubscribersTable items={data!.items} />
            <nav aria-label={t.pagination} className="mt-6 flex flex-wrap items-center justify-between gap-4">
              <p className="text-sm text-base-content/80 tabular-nums">{t.showing(from, to, data!.total)}</p>
              {data!.pages > 1 && (
                <div className="flex items-center gap-3">
                  <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
                    <ArrowLeftIcon size={16} />
                    {t.previous}
                  </button>
                  <p className="min-w-24 text-center text-sm font-semibold tabular-nums" aria-live="polite">
                    {t.pageOf(Math.min(page, data!.pages), data!.pages)}
                  </p>
                  <button type="button" className="btn btn-outline btn-sm" disabled={page >= data!.pages} onClick={() => update({ page: page + 1 })}>
                    {t.next}
                    <ArrowRightIcon size={16} />
                  </button>
                </div>
              )}
            </nav>
          </>
        )}
      </div>
    </section>
  );
}
