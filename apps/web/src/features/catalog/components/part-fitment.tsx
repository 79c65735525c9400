import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FIT_LIST_PAGE_SIZE, fitmentEntryCount, groupFitment, type FitmentGroup } from '@shop/shared/fitment-list';
import type { FitmentListPage } from '@shop/shared/schemas/fitment-list';
import { formatCount } from '@shop/shared/intl';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { fitsVehicle } from '@shop/shared/fitment';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import type { Product } from '@shop/shared/schemas/product';
import { toastError } from '../../../lib/toast';
import { useChosenVehicle, useFitVehicle } from '../../garage/use-chosen-vehicle';
import { vehicleName } from '../../garage/vehicle-name';
import { FitDetails, fitDetailsText } from '../../garage/fit-details';
import { VehiclePicker } from '../../garage/components/vehicle-picker';
import { FitCheckIcon, FitWarnIcon } from '../../garage/components/fit-icons';
import { LoadError } from '../../../components/ui/load-error';
import { partFitmentQueryOptions } from '../api/get-part-fitment';

const t = partPageCopy;

// The grouping is shared with the API's paged fit list (decision 217).
export { groupFitment, type FitmentGroup };

/**
 * Issue #26 item 5: "Fits these bikes" on the part page. The list comes with the
 * product, so the server renders it (crawlable); the fit status and the
 * "Check fit" selector depend on the visitor's bike and appear in the browser.
 * The status reads the shared rule (`fitsVehicle`) for the bike checked here,
 * else the bike chosen on the site.
 */
export function PartFitment({ product }: { product: Pick<Product, 'universal' | 'fitment'> & { _id?: string } }) {
  const headingId = useId();
  const chosen = useChosenVehicle();
  const siteVehicle = useFitVehicle();
  const [checked, setChecked] = useState<Vehicle | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const vehicle = checked ?? siteVehicle;
  const groups = product.universal ? [] : groupFitment(product.fitment);
  // Decision 217: more models than one page (a feed's part with thousands of applications) are read a page at a time.
  const paged = product._id !== undefined && fitmentEntryCount(groups) > FIT_LIST_PAGE_SIZE;

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
    <section id="fits" aria-labelledby={headingId} className="scroll-mt-24 rounded-box border border-base-300 bg-base-200 p-4 sm:p-5">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {t.fitmentTitle}
      </h2>
      {product.universal ? (
        <p className="mt-2 font-semibold">{t.universal}</p>
      ) : paged ? (
        <PagedFitmentList productId={product._id!} />
      ) : (
        <FitmentGroupsList groups={groups} />
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

/** The grouped list: a make, then its models with their years and details. */
function FitmentGroupsList({ groups }: { groups: readonly FitmentGroup[] }) {
  return (
    <ul aria-label={t.fitmentList} className="mt-2 flex flex-col gap-1.5">
      {groups.map((g, gi) => {
        // Models with details (position, per bike, notes) read best one a line; plain ones run on in a row.
        const detailed = g.models.some((m) => m.details);
        return (
          <li key={`${g.make}\u0000${gi}`} className={detailed ? 'flex flex-col' : 'flex flex-wrap gap-x-2'}>
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
  );
}

/** `?fits=` as a page number: a whole number of 1 or more, else 1. */
const fitPageOf = (text: string | null) => (text && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1);

/** The address of a page of the list (and a make), kept on the part page so it works before the script and is shared. */
function fitListHref(page: number, make: string) {
  const search = new URLSearchParams();
  if (make) search.set('make', make);
  if (page > 1) search.set('fits', String(page));
  const q = search.toString();
  return `${q ? `?${q}` : '?'}#fits`;
}

/**
 * Decision 217: the fit list of a part with many models, a page at a time from the API (rendered on the server for
 * the page's address), with a make filter and Previous / Next links. Both are plain GET links and a GET form, so they
 * work before the script loads and without it; with it, they change the list in place.
 */
function PagedFitmentList({ productId }: { productId: string }) {
  const [params, setParams] = useSearchParams();
  const page = fitPageOf(params.get('fits'));
  const make = params.get('make')?.trim() ?? '';
  const list = useQuery({ ...partFitmentQueryOptions(productId, page, make), meta: { silent: true } });
  const selectId = useId();

  function filter(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const chosen = String(new FormData(e.currentTarget).get('make') ?? '');
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('fits');
        if (chosen) next.set('make', chosen);
        else next.delete('make');
        return next;
      },
      { preventScrollReset: true },
    );
  }

  if (list.isPending) {
    return (
      <p role="status" className="mt-2 text-base-content/80">
        {t.fitLoading}
      </p>
    );
  }
  if (list.isError) return <LoadError message={list.error.message} onRetry={() => void list.refetch()} className="mt-2" />;
  const data: FitmentListPage = list.data;
  const models = data.makes.reduce((n, m) => n + m.models, 0);
  const from = (data.page - 1) * data.limit + 1;
  const to = Math.min(data.entries, data.page * data.limit);
  return (
    <div className="mt-2 flex flex-col gap-3" aria-busy={list.isPlaceholderData}>
      <p className="text-sm text-base-content/80">{t.fitSummary(formatCount(models), formatCount(data.makes.length), formatCount(data.applications))}</p>
      <form method="get" action="#fits" role="search" aria-label={t.fitMakeFilter} onSubmit={filter} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-semibold">
            {t.fitMake}
          </label>
          {/* Keyed by the make shown, so the choice follows the address (Back, a link) after the script has loaded. */}
          <select key={data.make ?? ''} id={selectId} name="make" defaultValue={data.make ?? ''} className="select select-sm w-full max-w-72 bg-base-100">
            <option value="">{t.fitAllMakes(formatCount(models))}</option>
            {data.makes.map((m) => (
              <option key={m.make} value={m.make}>
                {t.fitMakeOption(m.make, formatCount(m.models))}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-sm btn-outline">
          {t.fitShow}
        </button>
      </form>

      {data.entries === 0 ? (
        <p className="font-medium">
          {t.fitNoMake(data.make ?? '')}{' '}
          <Link to={fitListHref(1, '')} preventScrollReset className="link">
            {t.fitAllBikes}
          </Link>
        </p>
      ) : data.groups.length === 0 ? (
        <p className="font-medium">
          {t.fitPastEnd}{' '}
          <Link to={fitListHref(1, make)} preventScrollReset className="link">
            {t.fitFirstPage}
          </Link>
        </p>
      ) : (
        <>
          <p aria-live="polite" className="text-sm font-semibold tabular-nums">
            {t.fitShowing(formatCount(from), formatCount(to), formatCount(data.entries))}
          </p>
          <FitmentGroupsList groups={data.groups} />
        </>
      )}

      {data.pages > 1 && data.groups.length > 0 ? (
        <nav aria-label={t.fitPages} className="flex flex-wrap items-center gap-2">
          {data.page > 1 ? (
            <Link to={fitListHref(data.page - 1, make)} preventScrollReset className="btn btn-sm btn-outline">
              {t.fitPrevious}
            </Link>
          ) : null}
          <span className="text-sm tabular-nums text-base-content/80">{t.fitPageOf(formatCount(data.page), formatCount(data.pages))}</span>
          {data.page < data.pages ? (
            <Link to={fitListHref(data.page + 1, make)} preventScrollReset className="btn btn-sm btn-outline">
              {t.fitNext}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
