import { copy } from '@shop/shared/copy';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order';

/** 'Are you sure? Cancel order for {product}', then DELETE and 'Delete Success' (customer and admin alike). */
export function CancelOrderDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? copy.orders.confirmCancel(order.productName) : ''}
      confirmLabel={copy.orderFlow.confirmCancelButton}
      cancelLabel={copy.orderFlow.keepOrder}
      pending={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!order) return;
        mutateThenClose(cancel, order._id, copy.toasts.deleteSuccess, onClose);
      }}
    >
      {order && <p>{copy.orderFlow.cancelHint(order.quantity)}</p>}
    </ConfirmDialog>
  );
}
