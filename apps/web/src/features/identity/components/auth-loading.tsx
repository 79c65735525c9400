import { authCopy } from '@shop/shared/copy/auth';
import { networkCopy } from '@shop/shared/copy/network';
import { useRateLimitWait } from '../../../lib/use-rate-limit-wait';

/** Shown by the route guards while the sign-in state loads; keeps the page's height so nothing jumps. */
export function AuthLoading() {
  // Issue #22: the session check met a 429 and waits the time the shop named before it asks again.
  const wait = useRateLimitWait();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-sm text-base-content/70">{wait === null ? authCopy.checkingSession : networkCopy.tooManyRequests(wait)}</span>
    </div>
  );
}
