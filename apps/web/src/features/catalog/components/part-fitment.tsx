import { useId, useState } from 'react';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { applicationDetails, fitsVehicle } from '@shop/shared/fitment';
import type { Fitment, Vehicle } from '@shop/shared/schemas/vehicle';
import type { Product } from '@shop/shared/schemas/product';
import { toastError } from '../../../lib/toast';
import { useChosenVehicle, useFitVehicle } from '../../garage/use-chosen-vehicle';
import { vehicleName } from '../../garage/vehicle-name';
import { FitDetails, fitDetailsText } from '../../garage/fit-details';
import { VehiclePicker } from '../../garage/components/vehicle-picker';
import { FitCheckIcon, FitWarnIcon } from '../../garage/components/fit-icons';
import { compareNames } from '@shop/shared/intl';

const t = partPageCopy;

export interface FitmentGroup {
  make: string;
  /**
   * One entry per model (and variant, and details): its spans, oldest first. Issue #35 item 1 (decision 192): lines
   * that say where the part goes or how many a bike takes keep those details, so a front and a rear line of one model
   * are two entries; lines of one model with the same details share an entry, as plain lines always did.
   */
  models: { model: string; variant?: string; years: string; details?: string }[];
}

const span = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

/**
 * The fitment lines grouped by make, then model, A to Z; a model's spans
 * oldest first ("CBR600RR 2003–2016, 2021–2024"), with the lines' details
 * after them where they have any ("MT-07 2014–2024 · front · 2 per bike").
 */
export function groupFitment(fitment: readonly Fitment[]): FitmentGroup[] {
  const makes = new Map<string, Map<string, Fitment[]>>();
  for (const line of fitment) {
    const entries = makes.get(line.make) ?? new Map<string, Fitment[]>();
    makes.set(line.make, entries);
    const key = [line.model, line.variant ?? '', applicationDetails(line)].join('\u0000');
    entries.set(key, [...(entries.get(key) ?? []), line]);
  }
  return [...makes.entries()]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([make, entries]) => ({
      make,
      models: [...entries.values()]
        .map((lines) => [...lines].sort((a, b) => a.yearFrom - b.yearFrom || a.yearTo - b.yearTo))
        .sort(
          ([a], [b]) =>
            compareNames(a.model, b.model) ||
            compareNames(a.variant ?? '', b.variant ?? '') ||
            a.yearFrom - b.yearFrom ||
            compareNames(applicationDetails(a), applicationDetails(b)),
        )
        .map((lines) => {
          const [first] = lines;
          const details = applicationDetails(first);
          return {
            model: first.model,
            ...(first.variant ? { variant: first.variant } : {}),
            years: lines.map((l) => span(l.yearFrom, l.yearTo)).join(', '),
            ...(details ? { details } : {}),
          };
        }),
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
          {groups.map((g) => {
            // Models with details (position, per bike, notes) read best one a line; plain ones run on in a row.
            const detailed = g.models.some((m) => m.details);
            return (
              <li key={g.make} className={detailed ? 'flex flex-col' : 'flex flex-wrap gap-x-2'}>
                <span className="font-semibold">{g.make}</span>
                <ul className={detailed ? 'flex flex-col gap-0.5 border-l-2 border-base-300 pl-3' : 'flex flex-wrap gap-x-2'}>
                  {g.models.map((m, i) => (
                    <li key={`${m.model}\u0000${m.variant ?? ''}\u0000${m.details ?? ''}`} className="text-base-content/85">
                      <span className="font-medium text-base-content">{m.variant ? `${m.model} ${m.variant}` : m.model}</span>{' '}
                      <span className="tabular-nums">{m.years}</span>
                      {/* On a phone the details go under the bike (the " · " is for screen readers there); beside it when
                          there is room, wrapping as a whole to a line of their own when they do not fit after the years. */}
                      {m.details ? (
                        <>
                          <span className="max-sm:sr-only"> · </span>
                          <span className="block text-sm sm:inline-block">{m.details}</span>
                        </>
                      ) : null}
                      {!detailed && i < g.models.length - 1 ? <span aria-hidden="true">,</span> : null}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
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

/**
 * "Fits your 2021 Yamaha MT-07" (success) or "Does not fit your …" (warning); nothing without a bike. Issue #35
 * item 1: where the lines that cover the bike say where the part goes, how many it takes or more, that follows
 * ("Fits your 2019 Yamaha MT-07 · front · 2 per bike · One set per caliper").
 */
export function FitStatus({ product, vehicle }: { product: Pick<Product, 'universal' | 'fitment'>; vehicle: Vehicle | null }) {
  // The live region is always there, so a screen reader hears the answer when a bike is checked.
  const fits = vehicle ? fitsVehicle(product, vehicle) : null;
  const details = vehicle && fits ? fitDetailsText(product.fitment, vehicle) : '';
  return (
    <div role="status" className="mt-3 empty:mt-0">
      {vehicle && fits ? (
        <p className="flex w-fit items-start gap-2 rounded-field border border-success/60 bg-success/10 px-3 py-2 font-semibold">
          {/* As tall as the first line: the tick stays by "Fits your …" when the details follow under it. */}
          <span className="flex h-6 items-center text-success">
            <FitCheckIcon />
          </span>
          <span>
            {t.fitsYour(vehicleName(vehicle))}
            <FitDetails text={details} className="font-normal" />
          </span>
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
