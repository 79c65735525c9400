import { dashboardCopy } from '@shop/shared/copy/dashboard';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { useAuth } from '../../../features/identity/auth-context';
import { ReviewForm } from '../../../features/reviews/components/review-form';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';

export default function ReviewPage() {
  const { user } = useAuth();
  const name = user?.displayName || user?.email || '';
  return (
    <section aria-labelledby="review-title">
      <DashboardPageHeader id="review-title" title={dashboardCopy.addReview} intro={orderFlowCopy.reviewIntro} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <ReviewForm />
        </div>
        <aside aria-labelledby="review-posting-as" className="flex items-center gap-4 self-start rounded-box border border-base-300 bg-base-200 p-6">
          {user?.photoURL ? (
            <img src={user.photoURL} alt="" width={64} height={64} className="size-16 rounded-full border-2 border-accent object-cover" />
          ) : (
            <span
              className="flex size-16 items-center justify-center rounded-full border-2 border-accent bg-neutral font-display text-2xl font-bold text-neutral-content"
              aria-hidden="true"
            >
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <p id="review-posting-as" className="text-xs font-semibold uppercase tracking-[0.2em] text-base-content/75">
              {orderFlowCopy.postingAs}
            </p>
            <p className="truncate text-lg font-semibold">{name}</p>
          </div>
        </aside>
      </div>
    </section>
  );
}
