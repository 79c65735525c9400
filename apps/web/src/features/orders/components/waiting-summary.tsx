import { adminOrdersCopy } from '@shop/shared/copy/admin-orders';
import { formatCount } from '@shop/shared/intl';
import type { Waiting } from '@shop/shared/schemas/overview';
import { useWaiting } from '../api/get-waiting';

const t = adminOrdersCopy;
const KEYS = ['toShip', 'returnsToApprove', 'returnsToReceive', 'refundsDue', 'openMessages'] as const satisfies readonly (keyof Waiting)[];

/** Issue #39 item 2 (decision 180): above Manage All Orders, what waits on the shop (the same call as the sidebar's badges). */
export function WaitingSummary() {
  const waiting = useWaiting(true).data;
  if (!waiting) return null;
  return (
    <section aria-labelledby="waiting-title" className="mb-4 rounded-box border border-base-300 bg-base-200 p-4">
      <h2 id="waiting-title" className="mb-2 text-sm font-semibold tracking-wide text-base-content/80 uppercase">
        {t.waitingTitle}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
        {KEYS.map((key) => (
          <div key={key} className="flex flex-col">
            <dt className="text-sm text-base-content/80">{t.waiting[key]}</dt>
            <dd className={`text-2xl font-bold tabular-nums ${waiting[key] > 0 ? 'text-primary' : ''}`}>{formatCount(waiting[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
