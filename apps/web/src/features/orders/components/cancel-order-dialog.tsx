import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useCancelOrder } from '../api/cancel-order';
import { purchaseLineIds } from '../purchase';

/** What a confirmation is about: one spec order, or an order as people see it (issue #24). */
export type OrderTarget = Order | Purchase;

const isPurchase = (o: OrderTarget): o is Purchase => 'kind' in o;
/** A lone order as a Purchase is its one spec order: same texts, same call. */
const single = (o: OrderTarget): Order | null => (!isPurchase(o) ? o : o.kind === 'single' ? o.orders[0] : null);

/**
 * 'Are you sure? Cancel order for {product}', then DELETE and 'Delete Success' (customer and admin alike).
 * An order of many lines (issue #24) is named by its number and every line is cancelled, one after the other.
 */
export function CancelOrderDialog({ order, onClose }: { order: OrderTarget | null; onClose(): void }) {
  const cancel = useCancelOrder();
  const one = order && single(order);
  const many = order && !one ? (order as Purchase) : null;
  const units = many ? many.orders.reduce((sum, o) => sum + o.quantity, 0) : 0;
  return (
    <ConfirmDialog
      open={order !== null}
      title={one ? ordersCopy.confirmCancel(one.productName) : many ? ordersCopy.confirmCancel(many.number) : ''}
      confirmLabel={orderFlowCopy.confirmCancelButton}
      cancelLabel={orderFlowCopy.keepOrder}
      pending={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (one) mutateThenClose(cancel, one._id, toastsCopy.deleteSuccess, onClose);
        else if (many) mutateThenClose(cancel, purchaseLineIds(many), toastsCopy.deleteSuccess, onClose);
      }}
    >
      {one && <p>{orderFlowCopy.cancelHint(one.quantity)}</p>}
      {many && <p>{orderViewCopy.cancelLines(many.orders.length, units)}</p>}
    </ConfirmDialog>
  );
}
