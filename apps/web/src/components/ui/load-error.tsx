import { storefrontCopy } from '@shop/shared/copy/storefront';

/**
 * Inline notice where data could not be loaded. The query client has already
 * toasted the server's message (spec §4); this keeps the space from looking empty and offers a retry.
 */
export function LoadError({ message, onRetry, className = '' }: { message?: string; onRetry?: () => void; className?: string }) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-center ${className}`}
    >
      <p className="font-semibold">{storefrontCopy.loadError}</p>
      {message && <p className="text-sm text-base-content/75">{message}</p>}
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          {storefrontCopy.retry}
        </button>
      )}
    </div>
  );
}
