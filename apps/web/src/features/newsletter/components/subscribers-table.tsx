import { newsletterCopy } from '@shop/shared/copy/newsletter';
import { dateTimeFormat } from '@shop/shared/intl';
import type { NewsletterStatus, NewsletterSubscriberItem } from '@shop/shared/schemas/newsletter';

const t = newsletterCopy;
const when = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

const statusLabel: Record<NewsletterStatus, string> = { pending: t.statusPending, confirmed: t.statusConfirmed, unsubscribed: t.statusUnsubscribed };
const statusClass: Record<NewsletterStatus, string> = {
  pending: 'badge-warning',
  confirmed: 'badge-success',
  unsubscribed: 'badge-neutral',
};

export function SubscriberStatusBadge({ status }: { status: NewsletterStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap font-semibold ${statusClass[status]}`}>{statusLabel[status]}</span>;
}

/**
 * The admin's list of newsletter addresses: a table from 768 px, one card per address on a phone (the same
 * facts, labelled, so nothing scrolls sideways).
 */
export function SubscribersTable({ items }: { items: NewsletterSubscriberItem[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 md:block">
        <table className="table">
          <caption className="sr-only">{t.tableCaption}</caption>
          <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.subscribed}</th>
              <th scope="col">{t.confirmedAt}</th>
              <th scope="col">{t.unsubscribedAt}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s._id}>
                <th scope="row" className="max-w-72 break-all font-semibold">
                  {s.email}
                </th>
                <td>
                  <SubscriberStatusBadge status={s.status} />
                </td>
                <td className="min-w-28 tabular-nums">{date(s.createdAt)}</td>
                <td className="min-w-28 tabular-nums">{date(s.confirmedAt)}</td>
                <td className="min-w-28 tabular-nums">{date(s.unsubscribedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t.tableCaption} className="flex flex-col gap-3 md:hidden">
        {items.map((s) => (
          <li key={s._id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-all font-semibold">{s.email}</p>
              <SubscriberStatusBadge status={s.status} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">{t.subscribed}</dt>
              <dd className="tabular-nums">{date(s.createdAt)}</dd>
              {s.confirmedAt && (
                <>
                  <dt className="text-base-content/70">{t.confirmedAt}</dt>
                  <dd className="tabular-nums">{date(s.confirmedAt)}</dd>
                </>
              )}
              {s.unsubscribedAt && (
                <>
                  <dt className="text-base-content/70">{t.unsubscribedAt}</dt>
                  <dd className="tabular-nums">{date(s.unsubscribedAt)}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
