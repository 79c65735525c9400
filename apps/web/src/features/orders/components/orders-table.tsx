import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { Skeleton } from '../../../components/ui/skeleton';

const t = orderFlowCopy;

/** A transaction id, small and selectable (customers quote it to the shop). */
export function TransactionId({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <p className="mt-1 text-xs text-base-content/80">
      <span className="font-medium">{t.transactionId}:</span> <code className="break-all select-all">{id}</code>
    </p>
  );
}

/** Rows of grey bars the size of real rows, so the page does not jump when orders arrive. */
export function OrdersTableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" aria-hidden="true">
      <Skeleton className="h-8 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
