import { useId, useState } from 'react';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { fitsVehicle } from '@shop/shared/fitment';
import type { Fitment, Vehicle } from '@shop/shared/schemas/vehicle';
import type { Product } from '@shop/shared/schemas/product';
import { toastError } from '../../../lib/toast';
import { useChosenVehicle, useFitVehicle } from '../../garage/use-chosen-vehicle';
import { vehicleName } from '../../garage/vehicle-name';
import { VehiclePicker } from '../../garage/components/vehicle-picker';
import { FitCheckIcon, FitWarnIcon } from '../../garage/components/fit-icons';
import { compareNames } from '@shop/shared/intl';

const t = partPageCopy;

export interface FitmentGroup {
  make: string;
  models: { model: string; years: string }[];
}

const span = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

/**
 * The fitment lines grouped by make, then model, A to Z; a model's spans
 * oldest first ("CBR600RR 2003–2016, 2021–2024").
 */
export function groupFitment(fitment: readonly Fitment[]): FitmentGroup[] {
  const makes = new Map<string, Map<string, Fitment[]>>();
  for (const line of fitment) {
    const models = makes.get(line.make) ?? new Map<string, Fitment[]>();
    makes.set(line.make, models);
    models.set(line.model, [...(models.get(line.model) ?? []), line]);
  }
  return [...makes.entries()]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([make, models]) => ({
      make,
      models: [...models.entries()]
        .sort(([a], [b]) => compareNames(a, b))
        .map(([model, lines]) => ({
          model,
          years: [...lines]
            .sort((a, b) => a.yearFrom - b.yearFrom || a.yearTo - b.yearTo)
            .map((l) => span(l.yearFrom, l.yearTo))
            .join(', '),
        })),
    }));
}

/**
 * Issue #26 item 5: "Fits these bikes" on the part page. The list comes with the
 * product, so the server renders it (crawlable); the fit status and the
 * "Check fit" selector depend on the visitor's bike and appear in the browser.
 * The status reads the shared rule (`fitsVehicle`) for the bike checked here,
 * else the bike chosen on the site.
 */
export function PartFitment({ product }: { product: Pick<Product, 'universal' | 'fitment'> }) {
  const headingId = useId();
  const chosen = useChosenVehicle();
  const siteVehicle = useFitVehicle();
  const [checked, setChecked] = useState<Vehicle | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const vehicle = checked ?? siteVehicle;
  const groups = product.universal ? [] : groupFitment(product.fitment);

  async function check(v: Vehicle) {
    setBusy(true);
    setChecked(v);
    setPicking(false);
    try {
      // The bike checked here becomes the bike chosen on the site (a customer's goes to My Garage), as in the selector.
      await chosen.choose(v);
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const showPicker = !product.universal && (picking || !vehicle);
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-200 p-4 sm:p-5">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {t.fitmentTitle}
      </h2>
      {product.universal ? (
        <p className="mt-2 font-semibold">{t.universal}</p>
      ) : (
        <ul aria-label={t.fitmentList} className="mt-2 flex flex-col gap-1.5">
          {groups.map((g) => (
            <li key={g.make} className="flex flex-wrap gap-x-2">
              <span className="font-semibold">{g.make}</span>
              <ul className="flex flex-wrap gap-x-2">
                {g.models.map((m, i) => (
                  <li key={m.model} className="text-base-content/85">
                    <span className="font-medium text-base-content">{m.model}</span> <span className="tabular-nums">{m.years}</span>
                    {i < g.models.length - 1 ? <span aria-hidden="true">,</span> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}

      <FitStatus product={product} vehicle={vehicle} />

      {product.universal ? null : showPicker ? (
        <div className="mt-4 border-t border-base-300 pt-4">
          <h3 className="text-sm font-semibold uppercase tracking-wider">{t.checkFit}</h3>
          <p className="mb-3 mt-1 text-sm text-base-content/80">{t.checkFitHint}</p>
          <VehiclePicker
            key={vehicle?._id ?? 'none'}
            submitLabel={t.checkFit}
            initial={vehicle}
            busy={busy}
            onPick={check}
            onCancel={vehicle ? () => setPicking(false) : undefined}
          />
        </div>
      ) : (
        <button type="button" className="btn btn-sm btn-outline mt-3" onClick={() => setPicking(true)}>
          {t.checkAnother}
        </button>
      )}
    </section>
  );
}

/** "Fits your 2021 Yamaha MT-07" (success) or "Does not fit your …" (warning); nothing without a bike. */
export function FitStatus({ product, vehicle }: { product: Pick<Product, 'universal' | 'fitment'>; vehicle: Vehicle | null }) {
  // The live region is always there, so a screen reader hears the answer when a bike is checked.
  const fits = vehicle ? fitsVehicle(product, vehicle) : null;
  return (
    <div role="status" className="mt-3 empty:mt-0">
      {vehicle && fits ? (
        <p className="flex w-fit items-center gap-2 rounded-field border border-success/60 bg-success/10 px-3 py-2 font-semibold">
          <span className="text-success">
            <FitCheckIcon />
          </span>
          {t.fitsYour(vehicleName(vehicle))}
        </p>
      ) : vehicle ? (
        <div className="flex items-start gap-2 rounded-field border border-warning/60 bg-warning/10 px-3 py-2">
          <span className="text-warning">
            <FitWarnIcon />
          </span>
          <div>
            <p className="font-semibold">{t.doesNotFitYour(vehicleName(vehicle))}</p>
            <p className="text-sm text-base-content/80">{t.doesNotFitHint}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
