/** Grey placeholder block; size it like the content it stands in for so nothing shifts when data arrives. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton rounded-box bg-base-300 ${className}`} aria-hidden="true" />;
}
