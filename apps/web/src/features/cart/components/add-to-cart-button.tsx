import { useRef, useState } from 'react';
import { cartCopy } from '@shop/shared/copy/cart';
import type { Product } from '@shop/shared/schemas/product';
import { useCart } from '../use-cart';
import { toastAddedToCart } from './added-toast';

/**
 * The purchase page's 'Add to cart': the quantity is the one confirmed with
 * Set Quantity (already checked against minOrder..stock), 0 until then.
 */
export function AddToCartButton({ product, quantity }: { product: Product; quantity: number }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pending = useRef(false);

  async function add() {
    // Enabled while busy (a disabled button drops the keyboard focus, issue #23): a second press is ignored here.
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError('');
    try {
      await cart.setQuantity(product, quantity);
      toastAddedToCart(product.name, quantity);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="-mt-3 flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline btn-lg w-full"
        disabled={quantity === 0}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        onClick={() => void add()}
      >
        {cartCopy.addToCart}
      </button>
      {error && (
        <p role="alert" className="font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
