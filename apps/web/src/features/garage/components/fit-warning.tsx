import { garageCopy } from '@shop/shared/copy/garage';
import type { Product } from '@shop/shared/schemas/product';
import type { Fitment } from '@shop/shared/schemas/vehicle';
import { fitsVehicle } from '@shop/shared/fitment';
import { useFitVehicle } from '../use-chosen-vehicle';
import { vehicleName } from '../vehicle-name';
import { FitWarnIcon } from './fit-icons';

const t = garageCopy;
const years = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);
/** "Yamaha MT-09 SP 2014–2020 (front)": the variant after the model, the position after the years (issue #35 item 1). */
const lineText = (f: Fitment) =>
  `${f.make} ${f.model}${f.variant ? ` ${f.variant}` : ''} ${years(f.yearFrom, f.yearTo)}${f.position ? ` (${f.position})` : ''}`;

/**
 * The purchase page's and the cart's warning for a part that does not fit the
 * chosen vehicle; nothing when it fits or no vehicle is chosen. `compact` is one line (a cart row).
 */
export function FitWarning({ product, compact = false }: { product: Pick<Product, 'universal' | 'fitment'>; compact?: boolean }) {
  const vehicle = useFitVehicle();
  if (!vehicle || fitsVehicle(product, vehicle)) return null;
  const message = t.doesNotFit(vehicleName(vehicle));
  if (compact) {
    return (
      <p className="mt-2 flex items-start gap-1.5 text-sm font-medium">
        <span className="text-warning">
          <FitWarnIcon />
        </span>
        {message}
      </p>
    );
  }
  const lines = product.fitment.slice(0, 4);
  return (
    <div className="flex items-start gap-3 rounded-field border border-warning/60 bg-warning/10 px-4 py-3">
      <span className="text-warning">
        <FitWarnIcon />
      </span>
      <div className="text-sm">
        <p className="font-semibold">{message}</p>
        <p className="mt-1 text-base-content/80">{t.doesNotFitHint}</p>
        {lines.length > 0 && (
          <p className="mt-1 text-base-content/80">
            {t.fitsList}: {lines.map(lineText).join(', ')}
            {product.fitment.length > lines.length ? ', …' : ''}
          </p>
        )}
      </div>
    </div>
  );
}
