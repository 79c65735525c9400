import { timelineCopy as t } from '@shop/shared/copy/order-view';
import type { Purchase } from '@shop/shared/schemas/cart';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

interface Event {
  at: string;
  text: string;
}

/** Every step of the order that has a time: placed, paid, each parcel, each return step, each refund, delivered or cancelled; oldest first. */
export function timelineOf(p: Purchase): Event[] {
  const events: Event[] = [{ at: p.createdAt, text: t.placed(p.number) }];
  if (p.paidAt) events.push({ at: p.paidAt, text: t.paid(formatPrice(p.total)) });
  const parcels = p.shipments ?? [];
  parcels.forEach((s, i) => events.push({ at: s.shippedAt, text: t.shipped(s.carrierName, i + 1, parcels.length) }));
  for (const r of p.returns ?? []) {
    events.push({ at: r.requestedAt, text: t.returnRequested });
    if (r.decidedAt) events.push({ at: r.decidedAt, text: r.status === 'rejected' ? t.returnRejected : t.returnApproved });
    if (r.receivedAt) events.push({ at: r.receivedAt, text: t.returnReceived });
  }
  for (const r of p.refunds ?? []) events.push({ at: r.createdAt, text: t.refunded(formatPrice(r.total)) });
  if (p.deliveredAt) events.push({ at: p.deliveredAt, text: t.delivered });
  if (p.cancelledAt) events.push({ at: p.cancelledAt, text: t.cancelled });
  // By the moment, not the text: an offset other than Z would sort wrongly as text. Equal moments keep their order.
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Issue #25 item 5: the order's timeline, for its customer and the admin. */
export function OrderTimeline({ purchase }: { purchase: Purchase }) {
  const when = useDateFormat(WHEN);
  const events = timelineOf(purchase);
  return (
    <section aria-labelledby="order-timeline-title" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 id="order-timeline-title" className="mb-3 font-display text-xl font-bold uppercase">
        {t.title}
      </h3>
      <ol className="flex flex-col gap-2 border-l-2 border-base-300 pl-4">
        {events.map((e, i) => (
          <li key={`${e.at}-${i}`} className="relative text-sm">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full bg-primary" />
            <span className="font-medium">{e.text}</span>
            <time dateTime={e.at} className="block text-xs text-base-content/75">
              {when(e.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
