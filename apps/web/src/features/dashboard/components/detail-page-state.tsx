import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { DashboardPageHeader } from './dashboard-page-header';

/**
 * An admin page of one thing (a company, a price list), while its data loads or when it cannot: the link back to
 * the list, then skeletons, or the page's title with "not found" for a 404 and the error with a retry otherwise.
 */

/** The link back to the list of such things. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="link link-hover mb-4 inline-flex items-center gap-1 text-sm font-semibold">
      <ArrowLeftIcon size={16} />
      {children}
    </Link>
  );
}

export function DetailPending({ back, loading }: { back: ReactNode; loading: string }) {
  return (
    <section aria-busy="true">
      {back}
      <div role="status" className="grid gap-4">
        <span className="sr-only">{loading}</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-72 w-full" />
      </div>
    </section>
  );
}

export function DetailError(props: { back: ReactNode; titleId: string; title: string; error: Error; notFound: string; onRetry: () => void }) {
  return (
    <section aria-labelledby={props.titleId}>
      {props.back}
      <DashboardPageHeader id={props.titleId} title={props.title} />
      {props.error instanceof ApiError && props.error.status === 404 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{props.notFound}</p>
      ) : (
        <LoadError message={props.error.message} onRetry={props.onRetry} />
      )}
    </section>
  );
}
