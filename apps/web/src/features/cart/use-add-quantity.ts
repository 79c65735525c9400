import { useRef, useState, type FormEvent } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { isValidQuantity } from '@shop/shared/pricing';
import type { Product } from '@shop/shared/schemas/product';
import { useCart } from './use-cart';
import { toastAddedToCart } from './components/added-toast';

/**
 * A quantity box and 'Add to cart' (the part page and every product card):
 * the purchase page's rule (minOrder..stock, shared isValidQuantity), its hint
 * as the error; starts at one minimum order.
 */
export function useAddQuantity(product: Product, onFailure: (message: string) => void) {
  const cart = useCart();
  const [value, setValue] = useState(String(product.minOrder));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The button stays enabled while busy (a disabled button loses the keyboard focus), so a second press is ignored here.
  const pending = useRef(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending.current) return;
    // What the box shows (issue #39 item 3): a quantity typed before the page hydrated is in the box but not in the
    // state, and boot.js sends the held 'Add to cart' again once the form has hydrated (decision 145).
    const field = e.currentTarget.elements.namedItem('quantity');
    const typed = field instanceof HTMLInputElement ? field.value : value;
    if (typed !== value) setValue(typed);
    const quantity = Number(typed);
    if (typed.trim() === '' || !isValidQuantity(quantity, product.minOrder, product.stock)) {
      setError(orderFlowCopy.quantityHint(product.minOrder, product.stock));
      return;
    }
    setError('');
    pending.current = true;
    setBusy(true);
    try {
      await cart.setQuantity(product, quantity);
      toastAddedToCart(product.name, quantity);
    } catch (err) {
      onFailure(err instanceof Error ? err.message : String(err));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  const change = (next: string) => {
    setValue(next);
    setError('');
  };
  return { value, change, error, setError, busy, submit };
}
