import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { isValidQuantity, lotPrice } from '@shop/shared/pricing';
import type { CartLine } from '@shop/shared/schemas/cart';
import { uploadSrcSet } from '@shop/shared/images';
import { paths } from '../../../config/paths';
import { formatPrice, PiecePrice } from '../../../components/ui/price';
import { fieldAria, fieldErrorId } from '../../../components/ui/form-field';
import type { CartView } from '../use-cart';
import { PriceTiersLine } from '../../catalog/components/price-tiers';
import { FitWarning } from '../../garage/components/fit-warning';
import { FitDetailsLine } from '../../garage/components/fit-badge';

const t = cartCopy;

/** One line: picture, name, price each and per lot, quantity (the purchase page's rule), line total, remove. */
export function CartLineRow({ line, cart }: { line: CartLine; cart: CartView }) {
  const id = useId();
  const p = line.product;
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const quantity = Number(value);
    if (value.trim() === '' || !isValidQuantity(quantity, p.minOrder, p.stock)) {
      setError(orderFlowCopy.quantityHint(p.minOrder, p.stock));
      return;
    }
    void run(() => cart.setQuantity(p, quantity));
  }

  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 border-b border-base-300 py-4 last:border-b-0 sm:grid-cols-[5.5rem_minmax(0,1fr)_auto] sm:items-center">
      <div className="row-span-2 self-start overflow-hidden rounded-field border border-base-300 bg-gradient-to-b from-[#f3f5f7] to-[#e6eaee] sm:row-span-1 sm:self-center">
        <img
          src={p.img}
          srcSet={uploadSrcSet(p.img)}
          sizes="96px"
          alt=""
          width={96}
          height={72}
          className="aspect-[4/3] h-auto w-full scale-[1.08] object-contain"
        />
      </div>
      <div className="min-w-0">
        <Link to={paths.part(p._id)} className="link link-hover font-display text-lg font-bold uppercase leading-tight wrap-anywhere">
          {p.name}
        </Link>
        <p className="mt-1 font-mono text-sm text-base-content/80">{p.sku}</p>
        {/* Issue #39: one piece's price at this quantity (its tier's, if one applies) first, the lot beside it. */}
        <PiecePrice lotPrice={lotPrice(p.unitPrice, p.priceTiers, line.quantity)} minOrder={p.minOrder} size="sm" className="mt-1" />
        <PriceTiersLine product={p} quantity={line.quantity} />
        <form noValidate onSubmit={submit} className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="sr-only">
            {t.quantityFor(p.name)}
          </label>
          <div className="join">
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={p.minOrder}
              max={p.stock}
              step={1}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError('');
              }}
              className="input input-sm join-item w-28 tabular-nums"
              {...fieldAria(id, { error: error || undefined })}
            />
            <button type="submit" className="btn btn-sm btn-secondary join-item" disabled={busy}>
              {t.update}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-ghost text-error"
            disabled={busy}
            aria-label={t.removeLine(p.name)}
            onClick={() => void run(() => cart.remove(p._id))}
          >
            {t.remove}
          </button>
        </form>
        {error && (
          <p id={fieldErrorId(id)} role="alert" className="mt-1 text-sm font-medium text-error">
            {error}
          </p>
        )}
        <FitWarning product={p} compact />
        <FitDetailsLine product={p} />
      </div>
      <p className="col-start-2 text-left sm:col-start-3 sm:text-right">
        <span className="block text-xs text-base-content/75">{t.lineTotal}</span>
        <span className="font-display text-xl font-bold tabular-nums">{formatPrice(line.lineTotal)}</span>
      </p>
    </li>
  );
}
