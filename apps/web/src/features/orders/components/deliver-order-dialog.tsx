import { copy } from '@shop/shared/copy';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useDeliverOrder } from '../api/deliver-order';

/** 'Deleverd order for {product}', then PATCH /paidorders/{id} and 'Deleverd Success'. */
export function DeliverOrderDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const deliver = useDeliverOrder();
  return (
    <ConfirmDialog
      open={order !== null}
      title={order ? `${copy.orders.confirmDeliver} ${order.productName}` : ''}
      confirmLabel={copy.orderFlow.confirmDeliverButton}
      tone="primary"
      pending={deliver.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!order) return;
        mutateThenClose(deliver, order._id, copy.toasts.deliveredSuccess, onClose);
      }}
    >
      {order && (
        <p>
          {order.quantity.toLocaleString('en-US')} × {order.productName} · {order.userName} ({order.email}). {copy.orderFlow.deliverHint}
        </p>
      )}
    </ConfirmDialog>
  );
}
