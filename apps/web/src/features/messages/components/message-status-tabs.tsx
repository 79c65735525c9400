import { useRef, type KeyboardEvent } from 'react';
import { messagesCopy } from '@shop/shared/copy/messages';
import { CONTACT_MESSAGE_STATUSES, type ContactMessageCounts, type ContactMessageStatus } from '@shop/shared/schemas/contact';

const t = messagesCopy;
const labels: Record<ContactMessageStatus, string> = { open: t.tabOpen, handled: t.tabHandled, all: t.tabAll };
const countOf = (counts: ContactMessageCounts, status: ContactMessageStatus) => (status === 'all' ? counts.open + counts.handled : counts[status]);

interface MessageStatusTabsProps {
  value: ContactMessageStatus;
  counts: ContactMessageCounts | undefined;
  panelId: string;
  onChange(status: ContactMessageStatus): void;
}

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home, End) move between Open, Handled and All. */
export function MessageStatusTabs({ value, counts, panelId, onChange }: MessageStatusTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const n = CONTACT_MESSAGE_STATUSES.length;
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : step ? (index + step + n) % n : -1;
    if (target < 0) return;
    e.preventDefault();
    refs.current[target]?.focus();
    onChange(CONTACT_MESSAGE_STATUSES[target]);
  };
  return (
    <div role="tablist" aria-label={t.statusTabs} className="tabs tabs-box w-fit max-w-full flex-nowrap overflow-x-auto bg-base-200">
      {CONTACT_MESSAGE_STATUSES.map((status, i) => {
        const selected = status === value;
        return (
          <button
            key={status}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`messages-tab-${status}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`tab shrink-0 gap-2 font-semibold ${selected ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onChange(status)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {labels[status]}
            <span className={`badge badge-sm tabular-nums ${selected ? 'badge-primary' : 'badge-ghost'}`}>{counts ? countOf(counts, status) : '–'}</span>
          </button>
        );
      })}
    </div>
  );
}
