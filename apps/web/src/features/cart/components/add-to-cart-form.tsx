import { useId } from 'react';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Product } from '@shop/shared/schemas/product';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useAddQuantity } from '../use-add-quantity';

/**
 * Quantity and 'Add to cart' for the public part page: the purchase page's
 * rule (minOrder..stock, shared isValidQuantity), its hint as the error text.
 */
export function AddToCartForm({ product }: { product: Product }) {
  const id = useId();
  const { value, change, error, setError, busy, submit } = useAddQuantity(product, (message) => setError(message));
  const soldOut = product.stock < product.minOrder;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <FormField id={id} label={orderFlowCopy.quantityLabel} hint={orderFlowCopy.quantityHint(product.minOrder, product.stock)} error={error || undefined}>
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
            onChange={(e) => change(e.target.value)}
            className="input join-item w-full tabular-nums"
            {...fieldAria(id, { hint: true, error: error || undefined })}
          />
          {/* aria-disabled (styled by daisyUI), not disabled, while busy: a disabled button drops the keyboard focus (issue #23). */}
          <button type="submit" className="btn btn-secondary join-item" disabled={soldOut} aria-disabled={busy || undefined} aria-busy={busy}>
            {cartCopy.addToCart}
          </button>
        </div>
      </FormField>
    </form>
  );
}
