import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messagesCopy } from '@shop/shared/copy/messages';
import { CONTACT_MESSAGE_STATUSES, CONTACT_MESSAGES_DEFAULT_LIMIT, type ContactMessageItem, type ContactMessageStatus } from '@shop/shared/schemas/contact';
import { useMessages, useSetMessageHandled } from '../../../features/messages/api/messages';
import { MessageCard } from '../../../features/messages/components/message-card';
import { MessageStatusTabs } from '../../../features/messages/components/message-status-tabs';
import { MessagesPager } from '../../../features/messages/components/messages-pager';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';

const t = messagesCopy;
const PANEL_ID = 'messages-panel';
const empty: Record<ContactMessageStatus, string> = { open: t.emptyOpen, handled: t.emptyHandled, all: t.emptyAll };

/** The tab and page live in the address (?status=&page=), so reload, back and a shared link keep them. */
function useMessagesFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ContactMessageStatus = CONTACT_MESSAGE_STATUSES.includes(raw as ContactMessageStatus) ? (raw as ContactMessageStatus) : 'open';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (next: { status?: ContactMessageStatus; page?: number }, replace = false) => {
    const merged = { status, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.status !== 'open') out.set('status', merged.status);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, { replace });
  };
  return { status, page, update };
}

/** Issue #25 item 6: the contact form's messages for admins, open first, each marked handled once answered. */
export default function MessagesPage() {
  const { status, page, update } = useMessagesFilter();
  const messages = useMessages({ status, page, limit: CONTACT_MESSAGES_DEFAULT_LIMIT });
  const toggle = useSetMessageHandled();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const data = messages.data;

  // The last message of the last page was handled: show the page before instead of an empty one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > data.pages) update({ page: data.pages }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data]);

  const onToggle = (m: ContactMessageItem) => {
    const handled = m.handledAt === null;
    setPendingId(m._id);
    toggle.mutate(
      { id: m._id, handled },
      {
        onSuccess: () => {
          toastSuccess(handled ? t.marked(m.subject) : t.reopened(m.subject));
          // The message may leave this tab: keep the keyboard in the list rather than on a button that is gone.
          panel.current?.focus();
        },
        onError: (err) => toastError(err.message),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <section aria-labelledby="messages-title">
      <DashboardPageHeader id="messages-title" title={t.title} intro={t.intro} />
      <div className="mb-4">
        <MessageStatusTabs value={status} counts={data?.counts} panelId={PANEL_ID} onChange={(next) => update({ status: next })} />
      </div>
      <div
        id={PANEL_ID}
        ref={panel}
        role="tabpanel"
        tabIndex={-1}
        aria-labelledby={`messages-tab-${status}`}
        aria-busy={messages.isFetching}
        className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
      >
        {messages.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 w-full" />
            ))}
          </div>
        ) : messages.isError ? (
          <LoadError message={messages.error.message} onRetry={() => void messages.refetch()} />
        ) : data!.items.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
            {data!.counts.open + data!.counts.handled === 0 ? t.emptyAll : empty[status]}
          </p>
        ) : (
          <>
            <ol aria-label={t.title} className="flex flex-col gap-3">
              {data!.items.map((m) => (
                <li key={m._id}>
                  <MessageCard message={m} pending={pendingId === m._id} onToggle={onToggle} />
                </li>
              ))}
            </ol>
            <MessagesPager page={data!.page} pages={data!.pages} total={data!.total} limit={data!.limit} onPageChange={(next) => update({ page: next })} />
          </>
        )}
      </div>
    </section>
  );
}
