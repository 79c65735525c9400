import { useId } from 'react';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import type { Product } from '@shop/shared/schemas/product';
import { fieldErrorId } from '../../../components/ui/form-field';
import { toastError } from '../../../lib/toast';
import { useAddQuantity } from '../use-add-quantity';

/**
 * A product card's quantity and 'Add to cart' (issue #9): a workshop adds
 * 40 of a part from the list without opening it. The field starts at one
 * minimum order and follows the purchase page's rule, with its hint as the
 * error. Not shown when the part is sold out.
 */
export function CardAddToCart({ product, describedBy }: { product: Product; describedBy: string }) {
  const id = useId();
  const { value, change, error, busy, submit } = useAddQuantity(product, toastError);
  if (product.stock < product.minOrder) return null;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="w-full">
      <div className="join w-full">
        <label htmlFor={id} className="sr-only">
          {orderFlowCopy.quantityLabel} of {product.name}
        </label>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={product.minOrder}
          max={product.stock}
          step={1}
          value={value}
          onChange={(e) => change(e.target.value)}
          className="input join-item w-24 shrink-0 tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(id) : undefined}
        />
        {/* aria-disabled (styled by daisyUI), not disabled, while busy: a disabled button drops the keyboard focus (issue #23). */}
        <button type="submit" className="btn btn-outline join-item flex-1" aria-disabled={busy || undefined} aria-busy={busy} aria-describedby={describedBy}>
          {cartCopy.addToCart}
        </button>
      </div>
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </form>
  );
}
