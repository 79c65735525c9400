import { useId } from 'react';
import { messagesCopy } from '@shop/shared/copy/messages';
import type { ContactMessageItem } from '@shop/shared/schemas/contact';
import { MailIcon } from '../../../components/ui/icons';
import { dateTimeFormat } from '@shop/shared/intl';

const t = messagesCopy;
const when = dateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatMessageDate = (iso: string) => when.format(new Date(iso));

const replyHref = (m: ContactMessageItem) => `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;

interface MessageCardProps {
  message: ContactMessageItem;
  /** True while this message's change is on its way. */
  pending: boolean;
  onToggle(message: ContactMessageItem): void;
}

/** One contact-form message: who wrote, when, about what, the text, and its state with the button that changes it. */
export function MessageCard({ message: m, pending, onToggle }: MessageCardProps) {
  const id = useId();
  const handled = m.handledAt !== null;
  return (
    <article aria-labelledby={`${id}-subject`} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id={`${id}-subject`} className="min-w-0 text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          {m.subject}
        </h3>
        <span className={`badge shrink-0 font-semibold ${handled ? 'badge-success' : 'badge-warning'}`}>{handled ? t.statusHandled : t.statusOpen}</span>
      </header>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-base-content/80">{t.from}</dt>
        <dd className="[overflow-wrap:anywhere]">{m.email}</dd>
        <dt className="font-semibold text-base-content/80">{t.received}</dt>
        <dd>
          <time dateTime={m.createdAt} className="tabular-nums">
            {formatMessageDate(m.createdAt)}
          </time>
        </dd>
      </dl>
      <p className="mt-3 whitespace-pre-wrap rounded-field bg-base-200 p-3 leading-relaxed [overflow-wrap:anywhere]">{m.message}</p>
      <footer className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/80">{handled && m.handledAt ? t.handledBy(m.handledBy ?? '—', formatMessageDate(m.handledAt)) : ''}</p>
        <div className="flex flex-wrap gap-2">
          <a href={replyHref(m)} className="btn btn-ghost btn-sm" aria-describedby={`${id}-subject`}>
            <MailIcon size={16} />
            {t.reply}
          </a>
          <button
            type="button"
            className={`btn btn-sm ${handled ? 'btn-outline' : 'btn-primary'}`}
            aria-describedby={`${id}-subject`}
            disabled={pending}
            aria-busy={pending}
            onClick={() => onToggle(m)}
          >
            {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {handled ? t.reopen : t.markHandled}
          </button>
        </div>
      </footer>
    </article>
  );
}
