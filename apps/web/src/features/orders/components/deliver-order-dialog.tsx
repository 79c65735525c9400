import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useDeliverOrder } from '../api/deliver-order';

/** 'Deleverd order for {product}', then PATCH /paidorders/{id} and 'Deleverd Success'. */
export function DeliverOrderDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const deliver = useDeliverOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? `${ordersCopy.confirmDeliver} ${order.productName}` : ''}
      confirmLabel={orderFlowCopy.confirmDeliverButton}
      tone="primary"
      pending={deliver.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!order) return;
        mutateThenClose(deliver, order._id, toastsCopy.deliveredSuccess, onClose);
      }}
    >
      {order && (
        <p>
          {order.quantity.toLocaleString('en-US')} × {order.productName} · {order.userName} ({order.email}). {orderFlowCopy.deliverHint}
        </p>
      )}
    </ConfirmDialog>
  );
}
