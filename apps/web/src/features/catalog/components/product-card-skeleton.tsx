import { Skeleton } from '../../../components/ui/skeleton';

/** Same box as ProductCard, so the grid does not move when the products arrive. */
export function ProductCardSkeleton() {
  return (
    <div
      className="card h-full overflow-hidden border border-base-300 bg-base-100 max-sm:grid max-sm:grid-cols-[5.5rem_minmax(0,1fr)] max-sm:gap-3 max-sm:p-3"
      aria-hidden="true"
    >
      <div className="skeleton aspect-[4/3] rounded-none bg-base-200 max-sm:aspect-square max-sm:rounded-field" />
      <div className="card-body gap-3 p-5 max-sm:p-0 sm:p-6">
        <Skeleton className="h-7 w-4/5 sm:h-14" />
        <Skeleton className="h-7 w-1/2" />
        <div className="grid grid-cols-2 gap-2">
          <Skeleton className="h-[3.75rem]" />
          <Skeleton className="h-[3.75rem]" />
        </div>
        <Skeleton className="h-[4.5rem]" />
        <Skeleton className="mt-2 h-10" />
      </div>
    </div>
  );
}
