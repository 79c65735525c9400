import { useState } from 'react';
import { quickOrderCopy as t } from '@shop/shared/quick-order';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useReorder } from '../api/quick-order';
import { ReorderReport } from './reorder-report';

/**
 * Issue #37 item 3 (decision 202): the order page's "Order again": every line of the order whose part is still sold
 * goes to the cart in one step (POST /cart/reorder/{ref}); the lines that cannot are listed with their reason.
 */
export function OrderAgainAll({ orderRef }: { orderRef: string }) {
  const reorder = useReorder();
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  return (
    <div className="mt-4 flex flex-col items-start gap-2 border-t border-base-300 pt-4">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={reorder.isPending}
        aria-busy={reorder.isPending}
        aria-describedby="order-again-hint"
        onClick={() =>
          reorder.mutate(
            { ref: orderRef },
            {
              onSuccess: (r) => {
                setResult(r);
                if (r.added.length) toastSuccess(t.added(r.added.length));
              },
              onError: (err) => toastError(err.message),
            },
          )
        }
      >
        {t.orderAgain}
      </button>
      <p id="order-again-hint" className="text-sm text-base-content/75">
        {t.orderAgainHint}
      </p>
      {result && <ReorderReport result={result} />}
    </div>
  );
}
