import { garageCopy } from '@shop/shared/copy/garage';
import type { Product } from '@shop/shared/schemas/product';
import { fitsVehicle } from '@shop/shared/fitment';
import { useFitVehicle } from '../use-chosen-vehicle';
import { vehicleName } from '../vehicle-name';
import { FitDetails, fitDetailsText } from '../fit-details';
import { FitCheckIcon } from './fit-icons';

/**
 * "Fits your 2021 Yamaha MT-07" on a part that fits the chosen vehicle (universal parts too); nothing otherwise.
 * Issue #35 item 1: where the fitment says where the part goes or how many a bike takes, that follows, without the
 * notes to keep a card's badge short ("Fits your 2019 Yamaha MT-07 · front · 2 per bike"); the part page has them.
 */
export function FitBadge({ product, className = '' }: { product: Pick<Product, 'universal' | 'fitment'>; className?: string }) {
  const vehicle = useFitVehicle();
  if (!vehicle || !fitsVehicle(product, vehicle)) return null;
  const details = fitDetailsText(product.fitment, vehicle, { notes: false });
  return (
    <p
      className={`inline-flex w-fit items-start gap-1.5 rounded-field border border-success/60 bg-success/10 px-2 py-1 text-[0.8125rem] font-semibold leading-5 ${className}`}
    >
      {/* As tall as a line of text: the tick stays by the first line when the details wrap. */}
      <span className="flex h-5 items-center text-success">
        <FitCheckIcon />
      </span>
      {/* The bike's name is kept on one line: "MT-07" must not break at its dash. */}
      <span>
        {garageCopy.fits('').trim()} <span className="whitespace-nowrap">{vehicleName(vehicle)}</span>
        <FitDetails text={details} className="font-medium" />
      </span>
    </p>
  );
}

/**
 * A cart row's fit check for a part that fits the chosen bike and whose fitment says where it goes or how many a
 * bike takes ("Fits your 2019 Yamaha MT-07 · front · 2 per bike", issue #35 item 1); nothing otherwise, so a part
 * that fits without such details adds nothing to its row. `FitWarning` answers for a part that does not fit.
 */
export function FitDetailsLine({ product }: { product: Pick<Product, 'universal' | 'fitment'> }) {
  const vehicle = useFitVehicle();
  if (!vehicle || !fitsVehicle(product, vehicle)) return null;
  const details = fitDetailsText(product.fitment, vehicle, { notes: false });
  if (!details) return null;
  return (
    <p className="mt-2 flex w-fit items-start gap-1.5 rounded-field border border-success/60 bg-success/10 px-2 py-1 text-[0.8125rem] font-semibold leading-5">
      <span className="flex h-5 items-center text-success">
        <FitCheckIcon />
      </span>
      <span>
        {garageCopy.fits('').trim()} <span className="whitespace-nowrap">{vehicleName(vehicle)}</span>
        <FitDetails text={details} className="font-medium" />
      </span>
    </p>
  );
}
