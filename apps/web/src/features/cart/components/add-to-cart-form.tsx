import { useId, useState, type FormEvent } from 'react';
import { copy } from '@shop/shared/copy';
import { isValidQuantity } from '@shop/shared/pricing';
import type { Product } from '@shop/shared/schemas/product';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useCart } from '../use-cart';
import { toastAddedToCart } from './added-toast';

/**
 * Quantity and 'Add to cart' for the public part page: the purchase page's
 * rule (minOrder..stock, shared isValidQuantity), its hint as the error text.
 */
export function AddToCartForm({ product }: { product: Product }) {
  const id = useId();
  const cart = useCart();
  const [value, setValue] = useState(String(product.minOrder));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const soldOut = product.stock < product.minOrder;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !isValidQuantity(quantity, product.minOrder, product.stock)) {
      setError(copy.orderFlow.quantityHint(product.minOrder, product.stock));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await cart.setQuantity(product, quantity);
      toastAddedToCart(product.name, quantity);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField id={id} label={copy.orderFlow.quantityLabel} hint={copy.orderFlow.quantityHint(product.minOrder, product.stock)} error={error || undefined}>
        <div className="join w-full sm:max-w-md">
          <input
            id={id}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={product.minOrder}
            max={product.stock}
            step={1}
            value={value}
            disabled={soldOut}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            className="input join-item w-full tabular-nums"
            {...fieldAria(id, { hint: true, error: error || undefined })}
          />
          <button type="submit" className="btn btn-secondary join-item" disabled={soldOut || busy} aria-busy={busy}>
            {copy.cart.addToCart}
          </button>
        </div>
      </FormField>
    </form>
  );
}
