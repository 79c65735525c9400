import { cartCopy } from '@shop/shared/copy/cart';
import { paths } from '../../../config/paths';
import { toastSuccess } from '../../../lib/toast';

/**
 * The toast lives outside the router (app/providers), so its link is a plain
 * anchor; the cart survives the page load (server or localStorage).
 */
export function toastAddedToCart(name: string, quantity: number) {
  toastSuccess(
    <span className="flex flex-col gap-1">
      <span>{cartCopy.added(name, quantity)}</span>
      <a href={paths.cart} className="link font-semibold">
        {cartCopy.viewCart}
      </a>
    </span>,
  );
}
