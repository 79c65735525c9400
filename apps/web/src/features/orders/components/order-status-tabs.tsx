import { useRef, type KeyboardEvent } from 'react';
import { scrollFadeClass, useScrollEdges } from '../../../lib/use-scroll-edges';
import { adminOrdersCopy } from '@shop/shared/copy/admin-orders';
import { ADMIN_ORDER_STATUSES, type AdminOrderCounts, type AdminOrderStatus } from '@shop/shared/schemas/order-admin';

const t = adminOrdersCopy;
const labels: Record<AdminOrderStatus, string> = {
  all: t.tabAll,
  unpaid: t.tabUnpaid,
  paid: t.tabPaid,
  delivered: t.tabDelivered,
  expired: t.tabExpired,
  cancelled: t.tabCancelled,
};

interface OrderStatusTabsProps {
  value: AdminOrderStatus;
  counts: AdminOrderCounts | undefined;
  panelId: string;
  onChange(status: AdminOrderStatus): void;
}

/** WAI-ARIA tabs: one tab stop, arrow keys move between the statuses. */
export function OrderStatusTabs({ value, counts, panelId, onChange }: OrderStatusTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Issue #39 item 7: on a phone the statuses scroll sideways; the hidden side fades, so more tabs show they exist.
  const list = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(list);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const target =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? ADMIN_ORDER_STATUSES.length - 1
          : step
            ? (index + step + ADMIN_ORDER_STATUSES.length) % ADMIN_ORDER_STATUSES.length
            : -1;
    if (target < 0) return;
    e.preventDefault();
    refs.current[target]?.focus();
    onChange(ADMIN_ORDER_STATUSES[target]);
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t.statusTabs}
      data-more-start={edges.start || undefined}
      data-more-end={edges.end || undefined}
      className={`tabs tabs-box flex-nowrap overflow-x-auto bg-base-200 ${scrollFadeClass(edges)}`}
    >
      {ADMIN_ORDER_STATUSES.map((status, i) => {
        const selected = status === value;
        return (
          <button
            key={status}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${status}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`tab shrink-0 gap-2 font-semibold ${selected ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onChange(status)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {labels[status]}
            <span className={`badge badge-sm tabular-nums ${selected ? 'badge-primary' : 'badge-ghost'}`}>{counts ? counts[status] : '–'}</span>
          </button>
        );
      })}
    </div>
  );
}
