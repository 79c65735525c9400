import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { diagramsCopy as t } from '@shop/shared/copy/diagrams';
import { cartCopy } from '@shop/shared/copy/cart';
import { diagramQuantity } from '@shop/shared/diagrams';
import { isValidQuantity } from '@shop/shared/pricing';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { piecePrice } from '@shop/shared/piece-price';
import type { Diagram, DiagramCallout } from '@shop/shared/schemas/diagram';
import { paths } from '../../../config/paths';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCart } from '../../cart/use-cart';

const sellable = (c: DiagramCallout) => c.product !== null && c.product.stock >= c.product.minOrder;
const rowId = (n: number) => `callout-row-${n}`;
const pickId = (n: number) => `callout-pick-${n}`;

/**
 * Issue #36 item 1 (decision 197): an exploded drawing with numbered hotspots beside its parts table. Hovering or
 * focusing a hotspot lights its row, and the reverse; pressing a hotspot takes the keyboard to its row. Picked rows
 * go to the cart together, each at the diagram's quantity raised to the part's minimum order unless changed.
 */
export function DiagramView({ diagram }: { diagram: Diagram }) {
  const cart = useCart();
  const [active, setActive] = useState<number | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(diagram.callouts.filter(sellable).map((c) => [c.number, String(diagramQuantity(c.quantity, c.product!.minOrder))])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  const toggle = (n: number, on: boolean) => {
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(n);
      else next.delete(n);
      return next;
    });
    setFormError('');
  };

  const goToRow = (c: DiagramCallout) => {
    setActive(c.number);
    const target = document.getElementById(sellable(c) ? pickId(c.number) : rowId(c.number));
    target?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending.current) return;
    const rows = diagram.callouts.filter((c) => picked.has(c.number) && sellable(c));
    if (rows.length === 0) {
      setFormError(t.pickSomething);
      return;
    }
    const nextErrors: Record<number, string> = {};
    const lines = rows.map((c) => {
      const product = c.product!;
      const quantity = Number(quantities[c.number]);
      if (!isValidQuantity(quantity, product.minOrder, product.stock)) nextErrors[c.number] = orderFlowCopy.quantityHint(product.minOrder, product.stock);
      return { product, quantity };
    });
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length) return;
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
      setPicked(new Set());
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:items-start">
      <section aria-label={t.drawing(diagram.name)} className="min-w-0 lg:sticky lg:top-4">
        <TransformWrapper minScale={1} maxScale={5} doubleClick={{ disabled: true }} wheel={{ step: 0.2 }}>
          {({ zoomIn, zoomOut, resetTransform }) => (
            <div className="overflow-hidden rounded-box border border-base-300 bg-white">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 bg-base-200 px-3 py-2 text-base-content">
                <p className="text-xs text-base-content/80">{t.zoomHint}</p>
                <div className="join">
                  <button type="button" className="btn join-item btn-sm" onClick={() => zoomIn()} aria-label={t.zoomIn}>
                    +
                  </button>
                  <button type="button" className="btn join-item btn-sm" onClick={() => zoomOut()} aria-label={t.zoomOut}>
                    −
                  </button>
                  <button type="button" className="btn join-item btn-sm" onClick={() => resetTransform()}>
                    {t.zoomReset}
                  </button>
                </div>
              </div>
              <TransformComponent wrapperStyle={{ width: '100%' }} contentStyle={{ width: '100%' }}>
                <div className="relative w-full" style={{ aspectRatio: `${diagram.imageWidth} / ${diagram.imageHeight}` }}>
                  <img
                    src={diagram.imageUrl}
                    alt=""
                    width={diagram.imageWidth}
                    height={diagram.imageHeight}
                    className="absolute inset-0 h-full w-full select-none"
                    draggable={false}
                  />
                  {diagram.callouts.map((c) => (
                    <button
                      key={c.number}
                      type="button"
                      aria-label={t.hotspotName(c.number, c.label, c.quantity)}
                      aria-controls={rowId(c.number)}
                      data-callout={c.number}
                      className={`absolute flex items-center justify-center rounded-full border-2 text-sm font-bold shadow transition-colors focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary ${
                        active === c.number ? 'border-primary bg-primary text-primary-content' : 'border-neutral bg-yellow-300 text-neutral'
                      }`}
                      style={{ left: `${c.x}%`, top: `${c.y}%`, width: `${c.w}%`, height: `${c.h}%` }}
                      onMouseEnter={() => setActive(c.number)}
                      onMouseLeave={() => setActive((a) => (a === c.number ? null : a))}
                      onFocus={() => setActive(c.number)}
                      onBlur={() => setActive((a) => (a === c.number ? null : a))}
                      onClick={() => goToRow(c)}
                    >
                      {c.number}
                    </button>
                  ))}
                </div>
              </TransformComponent>
            </div>
          )}
        </TransformWrapper>
      </section>

      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
        <table className="table table-sm w-full [&_td]:wrap-anywhere">
          <caption className="sr-only">{t.tableCaption(diagram.name)}</caption>
          <thead>
            <tr className="text-base-content">
              <th scope="col" className="w-10">
                {t.colPick}
              </th>
              <th scope="col" className="w-10">
                {t.colNumber}
              </th>
              <th scope="col">{t.colPart}</th>
              <th scope="col" className="w-28">
                {t.colQuantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {diagram.callouts.map((c) => (
              <CalloutRow
                key={c.number}
                callout={c}
                active={active === c.number}
                picked={picked.has(c.number)}
                quantity={quantities[c.number] ?? ''}
                error={errors[c.number] ?? ''}
                onActive={(on) => setActive((a) => (on ? c.number : a === c.number ? null : a))}
                onPick={(on) => toggle(c.number, on)}
                onQuantity={(v) => {
                  setQuantities((q) => ({ ...q, [c.number]: v }));
                  setErrors((e) => ({ ...e, [c.number]: '' }));
                }}
              />
            ))}
          </tbody>
        </table>
        {formError && (
          <p role="alert" className="text-sm font-semibold text-error">
            {formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary self-start" aria-busy={busy}>
          {busy ? t.adding : t.addPicked(picked.size)}
        </button>
      </form>
    </div>
  );
}

interface RowProps {
  callout: DiagramCallout;
  active: boolean;
  picked: boolean;
  quantity: string;
  error: string;
  onActive(on: boolean): void;
  onPick(on: boolean): void;
  onQuantity(value: string): void;
}

function CalloutRow({ callout: c, active, picked, quantity, error, onActive, onPick, onQuantity }: RowProps) {
  const product = c.product;
  const canBuy = sellable(c);
  const price = product ? piecePrice(product.unitPrice, product.minOrder) : null;
  const errorId = `callout-error-${c.number}`;
  return (
    <tr
      id={rowId(c.number)}
      tabIndex={canBuy ? undefined : -1}
      data-active={active || undefined}
      className={`align-top transition-colors ${active ? 'bg-primary/15' : ''}`}
      onMouseEnter={() => onActive(true)}
      onMouseLeave={() => onActive(false)}
      onFocus={() => onActive(true)}
      onBlur={() => onActive(false)}
    >
      <td>
        {canBuy && (
          <input
            id={pickId(c.number)}
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            checked={picked}
            onChange={(e) => onPick(e.target.checked)}
            aria-label={t.pickRow(c.number, c.label)}
          />
        )}
      </td>
      <td className="font-bold">{c.number}</td>
      <td>
        <div className="flex flex-col gap-0.5">
          {product ? (
            <Link to={paths.part(product._id)} className="link font-semibold link-hover">
              {c.label}
            </Link>
          ) : (
            <span className="font-semibold">{c.label}</span>
          )}
          <span className="text-xs text-base-content/80">
            {product ? product.sku : c.partNumber} · {t.colPerBike.toLowerCase()}: {c.quantity}
          </span>
          {c.replaces && <span className="text-xs text-base-content/80">{t.replaces(c.replaces)}</span>}
          {c.notes && <span className="text-xs text-base-content/80">{c.notes}</span>}
          {!product ? (
            <span className="text-xs">
              <span className="badge badge-outline badge-sm">{t.notSold}</span> <span className="text-base-content/80">{t.notSoldHint(c.partNumber)}</span>
            </span>
          ) : !canBuy ? (
            <span className="badge badge-outline badge-sm">{t.outOfStock}</span>
          ) : (
            price && (
              <span className="text-xs">
                <span className="font-semibold">{price.eachText}</span> · {t.minOrderNote(product.minOrder)}
              </span>
            )
          )}
        </div>
      </td>
      <td>
        {canBuy && (
          <>
            <input
              type="number"
              inputMode="numeric"
              min={product!.minOrder}
              max={product!.stock}
              className={`input input-sm w-full min-w-16 ${error ? 'input-error' : ''}`}
              value={quantity}
              onChange={(e) => onQuantity(e.target.value)}
              aria-label={t.quantityOf(c.number, c.label)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className="mt-1 text-xs text-error">
                {error}
              </p>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
