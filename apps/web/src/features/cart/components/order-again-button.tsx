import { cartCopy } from '@shop/shared/copy/cart';
import type { Order } from '@shop/shared/schemas/order';
import { toastError } from '../../../lib/toast';
import { useSetCartLine } from '../api/cart';
import { toastAddedToCart } from './added-toast';

/** Issue #9 part 6: puts an order's part and quantity back into the cart (the server checks minOrder..stock). */
export function OrderAgainButton({ order, className = 'btn btn-outline btn-sm' }: { order: Order; className?: string }) {
  const setLine = useSetCartLine();
  const productId = order.productId;
  if (!productId) return null;
  return (
    <button
      type="button"
      className={className}
      disabled={setLine.isPending}
      aria-busy={setLine.isPending}
      onClick={() =>
        setLine.mutate(
          { productId, quantity: order.quantity },
          { onSuccess: () => toastAddedToCart(order.productName, order.quantity), onError: (err) => toastError(err.message) },
        )
      }
    >
      {cartCopy.orderAgain}
      <span className="sr-only"> {order.productName}</span>
    </button>
  );
}
