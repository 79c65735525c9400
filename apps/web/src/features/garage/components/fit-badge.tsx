import { garageCopy } from '@shop/shared/copy/garage';
import type { Product } from '@shop/shared/schemas/product';
import { fitsVehicle } from '@shop/shared/fitment';
import { useFitVehicle } from '../use-chosen-vehicle';
import { vehicleName } from '../vehicle-name';
import { FitCheckIcon } from './fit-icons';

/** "Fits your 2021 Yamaha MT-07" on a part that fits the chosen vehicle (universal parts too); nothing otherwise. */
export function FitBadge({ product, className = '' }: { product: Pick<Product, 'universal' | 'fitment'>; className?: string }) {
  const vehicle = useFitVehicle();
  if (!vehicle || !fitsVehicle(product, vehicle)) return null;
  return (
    <p
      className={`inline-flex w-fit items-center gap-1.5 rounded-field border border-success/60 bg-success/10 px-2 py-1 text-[0.8125rem] font-semibold leading-5 ${className}`}
    >
      <span className="text-success">
        <FitCheckIcon />
      </span>
      {/* The bike's name is kept on one line: "MT-07" must not break at its dash. */}
      <span>
        {garageCopy.fits('').trim()} <span className="whitespace-nowrap">{vehicleName(vehicle)}</span>
      </span>
    </p>
  );
}
