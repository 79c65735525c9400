import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order';

/** 'Are you sure? Cancel order for {product}', then DELETE and 'Delete Success' (customer and admin alike). */
export function CancelOrderDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? ordersCopy.confirmCancel(order.productName) : ''}
      confirmLabel={orderFlowCopy.confirmCancelButton}
      cancelLabel={orderFlowCopy.keepOrder}
      pending={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!order) return;
        mutateThenClose(cancel, order._id, toastsCopy.deleteSuccess, onClose);
      }}
    >
      {order && <p>{orderFlowCopy.cancelHint(order.quantity)}</p>}
    </ConfirmDialog>
  );
}
