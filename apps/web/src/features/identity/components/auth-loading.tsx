import { authCopy } from '@shop/shared/copy/auth';

/** Shown by the route guards while the sign-in state loads; keeps the page's height so nothing jumps. */
export function AuthLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="text-sm text-base-content/70">{authCopy.checkingSession}</span>
    </div>
  );
}
