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
  /** A valid quantity, or 0 when the form was reset. */
  onConfirm(quantity: number): void;
}

/**
 * Spec §5: a quantity outside minOrder..stock shows 'Please enter a valid
 * quantity!' and resets the form. Native range checks are off (noValidate) so
 * that the shop's own message is the one the customer sees.
 */
export function QuantityForm({ minOrder, stock, disabled = false, onConfirm }: QuantityFormProps) {
  const id = useId();
  const [value, setValue] = useState('');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !isValidQuantity(quantity, minOrder, stock)) {
      toastError(toastsCopy.invalidQuantity);
      setValue('');
      onConfirm(0);
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
