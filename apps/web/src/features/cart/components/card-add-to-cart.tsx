import { useState } from 'react';
import { copy } from '@shop/shared/copy';
import type { Product } from '@shop/shared/schemas/product';
import { toastError } from '../../../lib/toast';
import { useCart } from '../use-cart';
import { toastAddedToCart } from './added-toast';

/**
 * A product card's 'Add to cart': one minimum order, the smallest quantity the
 * rule allows; the cart page changes it. Not shown when the part is sold out.
 */
export function CardAddToCart({ product, describedBy }: { product: Product; describedBy: string }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  if (product.stock < product.minOrder) return null;

  async function add() {
    setBusy(true);
    try {
      await cart.setQuantity(product, product.minOrder);
      toastAddedToCart(product.name, product.minOrder);
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn-outline w-full" disabled={busy} aria-busy={busy} aria-describedby={describedBy} onClick={() => void add()}>
      {copy.cart.addToCart}
    </button>
  );
}
