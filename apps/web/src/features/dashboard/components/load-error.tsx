import { copy } from '@shop/shared/copy';

/** A failed load, in place of the content, with a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-box border border-error/40 bg-base-200 p-6">
      <p className="font-medium text-error">{message}</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {copy.orderFlow.tryAgain}
      </button>
    </div>
  );
}
