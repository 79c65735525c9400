import { useRef, type KeyboardEvent } from 'react';
import { newsletterCopy } from '@shop/shared/copy/newsletter';
import type { NewsletterStatus, NewsletterSubscriberCounts } from '@shop/shared/schemas/newsletter';

const t = newsletterCopy;
export type SubscriberTab = NewsletterStatus | 'all';
export const SUBSCRIBER_TABS: readonly SubscriberTab[] = ['all', 'pending', 'confirmed', 'unsubscribed'];
const labels: Record<SubscriberTab, string> = { all: t.tabAll, pending: t.tabPending, confirmed: t.tabConfirmed, unsubscribed: t.tabUnsubscribed };
const countOf = (c: NewsletterSubscriberCounts, tab: SubscriberTab) => (tab === 'all' ? c.pending + c.confirmed + c.unsubscribed : c[tab]);

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home, End) move between All, Pending, Confirmed and Unsubscribed. */
export function SubscriberStatusTabs({
  value,
  counts,
  panelId,
  onChange,
}: {
  value: SubscriberTab;
  counts: NewsletterSubscriberCounts | undefined;
  panelId: string;
  onChange(tab: SubscriberTab): void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const n = SUBSCRIBER_TABS.length;
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : step ? (index + step + n) % n : -1;
    if (target < 0) return;
    e.preventDefault();
    refs.current[target]?.focus();
    onChange(SUBSCRIBER_TABS[target]);
  };
  return (
    <div role="tablist" aria-label={t.statusTabs} className="tabs tabs-box w-fit max-w-full flex-nowrap overflow-x-auto bg-base-200">
      {SUBSCRIBER_TABS.map((tab, i) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`subscribers-tab-${tab}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`tab shrink-0 gap-2 px-3 font-semibold ${selected ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onChange(tab)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {labels[tab]}
            <span className={`badge badge-sm tabular-nums ${selected ? 'badge-primary' : 'badge-ghost'}`}>{counts ? countOf(counts, tab) : '–'}</span>
          </button>
        );
      })}
    </div>
  );
}
