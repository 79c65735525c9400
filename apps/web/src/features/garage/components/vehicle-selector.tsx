import { useState } from 'react';
import { garageCopy } from '@shop/shared/copy/garage';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { toastError } from '../../../lib/toast';
import { useChosenVehicle, useFitVehicle } from '../use-chosen-vehicle';
import { vehicleName } from '../vehicle-name';
import { VehiclePicker } from './vehicle-picker';
import { BikeIcon } from './fit-icons';

const t = garageCopy;

interface VehicleSelectorProps {
  /** True when the page's list is filtered for the shown vehicle (its id is in the URL). */
  applied?: boolean;
  /** Show the parts for a vehicle: the page navigates or sets its URL. */
  onApply(vehicle: Vehicle): void;
  /** Drop the vehicle filter (products and search pages). */
  onShowAll?(): void;
  /** Replaces the "Showing…" line when the page knows better (the search words name another bike). */
  status?: string;
  className?: string;
}

/**
 * The vehicle selector (issue #11 part 3, decision 132). With a vehicle it is
 * one compact bar: the bike, "Show parts that fit" or "Show all parts", and
 * "Change bike". Without one it offers the customer's garage first, then
 * year → make → model; on a phone the selects fold behind "Choose your bike".
 */
export function VehicleSelector({ applied = false, onApply, onShowAll, status, className = '' }: VehicleSelectorProps) {
  const chosen = useChosenVehicle();
  const current = useFitVehicle();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function apply(vehicle: Vehicle) {
    setBusy(true);
    try {
      await chosen.choose(vehicle);
    } catch (err) {
      // The filter still works from the URL; only saving the choice failed.
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
    setEditing(false);
    setOpen(false);
    onApply(vehicle);
  }

  const showForm = !current || editing;
  const others = chosen.garage.filter((e) => e.vehicle._id !== current?._id);

  return (
    <section aria-label={t.selectorLabel} className={`rounded-box border border-base-300 bg-base-200 p-3 shadow-sm sm:p-4 ${className}`}>
      {!showForm && current ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="flex min-w-[13rem] flex-1 items-center gap-3">
            <span className="text-primary">
              <BikeIcon />
            </span>
            <p className="min-w-0">
              <span className="block text-xs font-semibold uppercase tracking-wider text-base-content/75">{t.shoppingFor}</span>
              <span className="block break-words font-display text-lg font-bold uppercase leading-tight">{vehicleName(current)}</span>
              <span className="hidden text-sm text-base-content/75 md:block">{status ?? (applied ? t.showingFitting : t.notFiltering)}</span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {applied ? (
              onShowAll && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={onShowAll}>
                  {t.showAll}
                </button>
              )
            ) : (
              <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void apply(current)}>
                {t.showFitting}
              </button>
            )}
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing(true)}>
              {t.change}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-3">
            <span className="text-primary">
              <BikeIcon />
            </span>
            <p className="min-w-0 flex-1 font-display text-lg font-bold uppercase leading-tight">{t.chooseTitle}</p>
            {!current && !open && (
              <button type="button" className="btn btn-sm btn-primary sm:hidden" aria-expanded={false} onClick={() => setOpen(true)}>
                {t.chooseBike}
              </button>
            )}
          </div>
          <div className={`flex flex-col gap-3 ${current || open ? '' : 'hidden sm:flex'}`}>
            {others.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs font-semibold uppercase tracking-wider text-base-content/75">{t.fromGarage}</span>
                {others.map((e) => (
                  <button key={e._id} type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={() => void apply(e.vehicle)}>
                    {vehicleName(e.vehicle)}
                  </button>
                ))}
              </div>
            )}
            <p className="text-sm text-base-content/80">{t.chooseHint}</p>
            <VehiclePicker
              key={current?._id ?? 'none'}
              submitLabel={t.showFitting}
              initial={current}
              busy={busy}
              onPick={apply}
              onCancel={current ? () => setEditing(false) : open ? () => setOpen(false) : undefined}
            />
          </div>
        </div>
      )}
    </section>
  );
}
