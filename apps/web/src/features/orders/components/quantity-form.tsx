import { useId, useState, type FormEvent } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { isValidQuantity } from '@shop/shared/pricing';
import { toastError } from '../../../lib/toast';
import { FormField, fieldAria } from '../../../components/ui/form-field';

interface QuantityFormProps {
  minOrder: number;
  stock: number;
  disabled?: boolean;
  /** A valid quantity (the minimum order again when the form was reset), or 0 while an edited number waits for Set Quantity. */
  onConfirm(quantity: number): void;
}

/**
 * Spec §5: a quantity outside minOrder..stock shows 'Please enter a valid
 * quantity!' and resets the form. Native range checks are off (noValidate) so
 * that the shop's own message is the one the customer sees.
 * Issue #39: the form starts at the minimum order (the smallest quantity the
 * shop sells), and a reset returns it there, so the page always shows a price.
 */
export function QuantityForm({ minOrder, stock, disabled = false, onConfirm }: QuantityFormProps) {
  const id = useId();
  const start = disabled ? '' : String(minOrder);
  const [value, setValue] = useState(start);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !isValidQuantity(quantity, minOrder, stock)) {
      toastError(toastsCopy.invalidQuantity);
      setValue(start);
      onConfirm(disabled ? 0 : minOrder);
      return;
    }
    onConfirm(quantity);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <FormField id={id} label={orderFlowCopy.quantityLabel} hint={orderFlowCopy.quantityHint(minOrder, stock)}>
        <div className="join w-full">
          <input
            id={id}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={minOrder}
            max={stock}
            step={1}
            placeholder={String(minOrder)}
            value={value}
            disabled={disabled}
            onChange={(e) => {
              setValue(e.target.value);
              // A changed number is not confirmed yet: Place Order waits for Set Quantity again.
              onConfirm(0);
            }}
            className="input join-item w-full tabular-nums"
            {...fieldAria(id, { hint: true })}
          />
          <button type="submit" className="btn btn-secondary join-item" disabled={disabled}>
            {orderFlowCopy.setQuantity}
          </button>
        </div>
      </FormField>
    </form>
  );
}
