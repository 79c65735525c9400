import { checkoutCopy } from '@shop/shared/copy/checkout';
import { deliveryEstimate } from '@shop/shared/order-totals';
import type { ShippingOption } from '@shop/shared/schemas/cart';
import { formatPrice } from '../../../components/ui/price';

const t = checkoutCopy;

/** The methods that can carry the cart to the address, cheapest first, as one radio group. */
export function ShippingOptions({ options, value, onChange }: { options: ShippingOption[]; value: string | null; onChange(id: string): void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t.methodTitle}</legend>
      {options.map((o) => (
        <label
          key={o.id}
          className={`flex cursor-pointer items-center gap-3 rounded-field border p-3 transition-colors ${
            value === o.id ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/40'
          }`}
        >
          <input type="radio" name="shipping-method" className="radio radio-primary radio-sm" checked={value === o.id} onChange={() => onChange(o.id)} />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">
              {o.name} · {o.carrier}
            </span>
            <span className="block text-sm text-base-content/75">{deliveryEstimate(o.minDays, o.maxDays)}</span>
          </span>
          <span className="font-semibold tabular-nums">{o.price === 0 ? t.free : formatPrice(o.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}
