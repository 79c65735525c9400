import { useState } from 'react';
import { cancelPaidCopy as t } from '@shop/shared/copy/cancel-paid';
import { cancelledAfterPayment, customerMayCancelPaid } from '@shop/shared/cancel-paid';
import type { Purchase } from '@shop/shared/schemas/cart';
import { formatPrice } from '../../../components/ui/price';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useCancelPaidOrder } from '../api/cancel-paid-order';

/**
 * Issue #39 item 9 (decision 189): on the customer's order page, "Cancel order" while the paid order has not shipped;
 * the dialog says the amount refunded, and the page then shows it cancelled and refunded.
 */
export function CancelPaidOrderAction({ purchase: p }: { purchase: Purchase }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelPaidOrder();
  if (!customerMayCancelPaid(p)) return null;
  const amount = formatPrice(p.total);
  return (
    <div className="flex flex-col items-start gap-2 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <p className="text-sm text-base-content/80">{t.hint}</p>
      <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
        {t.button}
        <span className="sr-only"> {p.number}</span>
      </button>
      <ConfirmDialog
        open={asking}
        title={t.dialogTitle(p.number)}
        confirmLabel={t.confirm(amount)}
        cancelLabel={t.keep}
        pending={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => mutateThenClose(cancel, p.number, t.done(p.number, amount), () => setAsking(false))}
      >
        <p>{t.dialogBody(amount)}</p>
        <p className="mt-2 text-sm">{t.dialogNote}</p>
      </ConfirmDialog>
    </div>
  );
}

/** What a paid order its customer cancelled says in place of the unpaid order's "cancelled before it was paid". */
export function cancelledHintOf(p: Purchase, unpaidHint: string): string {
  if (!cancelledAfterPayment(p)) return unpaidHint;
  const pending = p.refunds.some((r) => r.status === 'pending');
  return t.cancelledHint(formatPrice(pending ? p.total : p.refunded), pending);
}
