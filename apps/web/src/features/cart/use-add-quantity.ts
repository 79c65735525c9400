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
    const quantity = Number(value);
    if (value.trim() === '' || !isValidQuantity(quantity, product.minOrder, product.stock)) {
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
