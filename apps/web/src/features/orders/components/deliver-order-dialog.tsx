import { useState } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { orderViewCopy } from '@shop/shared/copy/order-view';
import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { Order } from '@shop/shared/schemas/order';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useDeliverOrder } from '../api/deliver-order';
import type { OrderTarget } from './cancel-order-dialog';
import { formatCount } from '@shop/shared/intl';

const single = (o: OrderTarget): Order | null => (!('kind' in o) ? o : o.kind === 'single' ? o.orders[0] : null);

/**
 * 'Deleverd order for {product}', then PATCH /paidorders/{id} and 'Deleverd Success'.
 * An order of many lines (issue #24) is named by its number and every line not yet delivered is delivered, one after the other.
 */
export function DeliverOrderDialog({ order, onClose }: { order: OrderTarget | null; onClose(): void }) {
  const deliver = useDeliverOrder();
  // Issue #39 item 2 (decision 180): an order of which no parcel left asks once more before it is delivered.
  const [askUnshipped, setAskUnshipped] = useState(false);
  const one = order && single(order);
  const many = order && !one ? (order as Purchase) : null;
  const unshipped = order !== null && 'kind' in order && order.shipments.length === 0 ? order : null;
  const close = () => {
    setAskUnshipped(false);
    onClose();
  };
  const run = () => {
    if (one) mutateThenClose(deliver, one._id, toastsCopy.deliveredSuccess, close);
    else if (many) {
      const ids = many.orders.filter((o) => !o.deleverd).map((o) => o._id);
      mutateThenClose(deliver, ids, toastsCopy.deliveredSuccess, close);
    }
  };
  return (
    <>
      <ConfirmDialog
        open={order !== null && !askUnshipped}
        title={one ? `${ordersCopy.confirmDeliver} ${one.productName}` : many ? `${ordersCopy.confirmDeliver} ${many.number}` : ''}
        confirmLabel={orderFlowCopy.confirmDeliverButton}
        tone="primary"
        pending={deliver.isPending}
        onCancel={close}
        onConfirm={() => (unshipped ? setAskUnshipped(true) : run())}
      >
        {one && (
          <p>
            {formatCount(one.quantity)} × {one.productName} · {one.userName} ({one.email}). {orderFlowCopy.deliverHint}
          </p>
        )}
        {many && (
          <>
            <p>
              {orderViewCopy.deliverLines(many.orders.length, many.number)} {many.userName} ({many.email}). {orderFlowCopy.deliverHint}
            </p>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {many.orders.map((o) => (
                <li key={o._id}>
                  {formatCount(o.quantity)} × {o.productName}
                </li>
              ))}
            </ul>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={unshipped !== null && askUnshipped}
        title={orderFlowCopy.deliverUnshippedTitle}
        confirmLabel={orderFlowCopy.deliverUnshippedConfirm}
        cancelLabel={orderFlowCopy.deliverUnshippedCancel}
        tone="primary"
        pending={deliver.isPending}
        onCancel={close}
        onConfirm={run}
      >
        {unshipped && (
          <>
            <p className="font-semibold text-base-content">{orderFlowCopy.deliverUnshipped(unshipped.number)}</p>
            <p className="mt-2 text-sm">{orderFlowCopy.deliverUnshippedHint}</p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
