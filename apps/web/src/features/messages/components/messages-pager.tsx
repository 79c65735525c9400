import { messagesCopy } from '@shop/shared/copy/messages';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/ui/icons';

const t = messagesCopy;

interface MessagesPagerProps {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPageChange(page: number): void;
}

/** Previous and Next under the list, with where the admin is ("Showing 21–40 of 57 messages"). */
export function MessagesPager({ page, pages, total, limit, onPageChange }: MessagesPagerProps) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav aria-label={t.pagination} className="mt-6 flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-base-content/80 tabular-nums">{t.showing(from, to, total)}</p>
      {pages > 1 && (
        <div className="flex items-center gap-3">
          <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ArrowLeftIcon size={16} />
            {t.previous}
          </button>
          <p className="min-w-24 text-center text-sm font-semibold tabular-nums" aria-live="polite">
            {t.pageOf(Math.min(page, pages), pages)}
          </p>
          <button type="button" className="btn btn-outline btn-sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            {t.next}
            <ArrowRightIcon size={16} />
          </button>
        </div>
      )}
    </nav>
  );
}
