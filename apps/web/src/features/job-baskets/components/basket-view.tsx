import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { jobBasketsCopy as t } from '@shop/shared/copy/job-baskets';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { isValidQuantity } from '@shop/shared/pricing';
import { piecePrice } from '@shop/shared/piece-price';
import type { Basket, BasketPart, BasketSlot } from '@shop/shared/schemas/job-basket';
import { paths } from '../../../config/paths';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCart } from '../../cart/use-cart';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';

const inStock = (p: BasketPart) => p.product.stock >= p.product.minOrder;
const optionsOf = (s: BasketSlot): BasketPart[] => (s.chosen ? [s.chosen, ...s.alternatives] : []);

/**
 * Issue #36 item 3 (decision 199): every slot of a job filled for one bike, as a list of cards (never wider than a
 * phone). A slot's part may be swapped for another that fits; the whole basket goes to the cart in one request, and
 * a slot with nothing to add is named in a confirmation first.
 */
export function BasketView({ basket }: { basket: Basket }) {
  const cart = useCart();
  const [picked, setPicked] = useState<string[]>(() => basket.slots.map((s) => s.chosen?.product._id ?? ''));
  const [quantities, setQuantities] = useState<string[]>(() => basket.slots.map((s) => (s.chosen ? String(s.chosen.quantity) : '')));
  const [errors, setErrors] = useState<string[]>(() => basket.slots.map(() => ''));
  const [formError, setFormError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  const partOf = (i: number) => optionsOf(basket.slots[i]).find((p) => p.product._id === picked[i]) ?? null;
  const empty = basket.slots.filter((s) => !s.chosen);

  /** The lines to add, or null when a quantity breaks the rule (each error shown under its input). */
  function linesToAdd() {
    const nextErrors = basket.slots.map(() => '');
    const lines: { product: BasketPart['product']; quantity: number }[] = [];
    basket.slots.forEach((_, i) => {
      const part = partOf(i);
      if (!part) return;
      const quantity = Number(quantities[i]);
      if (!isValidQuantity(quantity, part.product.minOrder, part.product.stock)) {
        nextErrors[i] = orderFlowCopy.quantityHint(part.product.minOrder, part.product.stock);
      }
      lines.push({ product: part.product, quantity });
    });
    setErrors(nextErrors);
    return nextErrors.some(Boolean) ? null : lines;
  }

  async function add() {
    const lines = linesToAdd();
    if (!lines || pending.current) return;
    pending.current = true;
    setBusy(true);
    try {
      await cart.setQuantities(lines);
      toastSuccess(
        <span className="flex flex-col gap-1">
          <span>{t.added(lines.length)}</span>
          <a href={paths.cart} className="link font-semibold">
            {cartCopy.viewCart}
          </a>
        </span>,
      );
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      pending.current = false;
      setBusy(false);
      setConfirming(false);
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFormError('');
    if (basket.slots.every((s) => !s.chosen)) {
      setFormError(t.nothingToAdd);
      return;
    }
    if (!linesToAdd()) return;
    if (empty.length > 0) setConfirming(true);
    else void add();
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
        <ul aria-label={t.slotsLabel(basket.name)} className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-2">
          {basket.slots.map((s, i) => (
            <SlotCard
              key={`${i}-${s.name}`}
              index={i}
              slot={s}
              part={partOf(i)}
              quantity={quantities[i]}
              error={errors[i]}
              onPick={(id) => {
                const next = optionsOf(s).find((p) => p.product._id === id);
                setPicked((prev) => prev.map((v, j) => (j === i ? id : v)));
                if (next) setQuantities((prev) => prev.map((v, j) => (j === i ? String(next.quantity) : v)));
                setErrors((prev) => prev.map((v, j) => (j === i ? '' : v)));
              }}
              onQuantity={(v) => {
                setQuantities((prev) => prev.map((q, j) => (j === i ? v : q)));
                setErrors((prev) => prev.map((e, j) => (j === i ? '' : e)));
              }}
            />
          ))}
        </ul>
        {formError && (
          <p role="alert" className="text-sm font-semibold text-error">
            {formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary self-start" aria-busy={busy} disabled={busy}>
          {busy ? t.adding : t.addBasket}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        confirmLabel={t.confirmAdd(basket.slots.length - empty.length)}
        cancelLabel={t.confirmCancel}
        tone="primary"
        pending={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void add()}
      >
        <p>{t.confirmText(empty.map((s) => s.name))}</p>
      </ConfirmDialog>
    </>
  );
}

interface SlotProps {
  index: number;
  slot: BasketSlot;
  part: BasketPart | null;
  quantity: string;
  error: string;
  onPick(productId: string): void;
  onQuantity(value: string): void;
}

function SlotCard({ index, slot, part, quantity, error, onPick, onQuantity }: SlotProps) {
  const headingId = `basket-slot-${index}`;
  const selectId = `basket-swap-${index}`;
  const quantityId = `basket-quantity-${index}`;
  const errorId = `basket-quantity-error-${index}`;
  const price = part ? piecePrice(part.product.unitPrice, part.product.minOrder) : null;
  return (
    <li aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={headingId} className="font-display text-lg font-bold uppercase tracking-wide wrap-anywhere">
        {slot.name}
      </h2>
      {!part || !price ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-3 text-sm">{slot.unavailable ?? t.noPart(slot.name)}</p>
      ) : (
        <>
          <div className="flex min-w-0 flex-col gap-0.5">
            <Link to={paths.part(part.product._id)} className="link font-semibold link-hover wrap-anywhere">
              {part.product.name}
            </Link>
            <span className="text-xs text-base-content/80 wrap-anywhere">{t.sku(part.product.sku)}</span>
            <span className="text-sm">
              <span className="font-semibold">{price.eachText}</span> · <span className="text-base-content/80">{price.minText}</span>
            </span>
            {(part.perVehicle || part.position) && (
              <span className="text-xs text-base-content/80">
                {[part.perVehicle ? t.perBike(part.perVehicle) : '', part.position ? t.position(part.position) : ''].filter(Boolean).join(' · ')}
              </span>
            )}
          </div>
          <div className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_7rem]">
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={selectId} className="text-sm font-semibold">
                {t.swap(slot.name)}
              </label>
              <select id={selectId} className="select select-sm w-full min-w-0" value={part.product._id} onChange={(e) => onPick(e.target.value)}>
                {[slot.chosen!, ...slot.alternatives].map((p) => (
                  <option key={p.product._id} value={p.product._id} disabled={!inStock(p)}>
                    {t.optionLabel(p.product.name, piecePrice(p.product.unitPrice, p.product.minOrder).eachText, inStock(p))}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={quantityId} className="text-sm font-semibold">
                {t.quantityOf(slot.name)}
              </label>
              <input
                id={quantityId}
                type="number"
                inputMode="numeric"
                min={part.product.minOrder}
                max={part.product.stock}
                className={`input input-sm w-full ${error ? 'input-error' : ''}`}
                value={quantity}
                onChange={(e) => onQuantity(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          </div>
          {error && (
            <p id={errorId} className="text-xs text-error">
              {error}
            </p>
          )}
        </>
      )}
    </li>
  );
}
