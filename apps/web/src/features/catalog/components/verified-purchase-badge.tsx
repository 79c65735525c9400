import { reviewsCopy } from '@shop/shared/copy/reviews';

/** Issue #22: the review's writer bought and paid for the part it is about. */
export function VerifiedPurchaseBadge() {
  return (
    <span className="badge badge-sm mt-1 gap-1 border-success/50 bg-success/15 font-semibold text-base-content">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" className="fill-none stroke-current stroke-2">
        <path d="M3 8.5l3 3 7-7" />
      </svg>
      {reviewsCopy.verifiedPurchase}
    </span>
  );
}
