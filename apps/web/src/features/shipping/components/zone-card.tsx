import { useId } from 'react';
import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import { countryName, regionName } from '@shop/shared/address';
import { deliveryEstimate } from '@shop/shared/order-totals';
import type { ShippingMethod, ShippingZone } from '@shop/shared/schemas/shipping-tax';
import { bandLabel, freeLabel } from '../shipping-form';

const t = shippingAdminCopy;
/** Up to this many countries are named in a line; more fold into a list behind their count. */
const INLINE_COUNTRIES = 6;

const byName = (codes: readonly string[]) => codes.map((c) => countryName(c) ?? c).sort((a, b) => a.localeCompare(b, 'en'));

/** A region code by its name in the zone's countries: 'CA' in a US zone is California. */
function regionNames(zone: ShippingZone) {
  return zone.regions.map((code) => {
    for (const country of zone.countries) {
      const name = regionName(country, code);
      if (name) return `${name} (${code})`;
    }
    return code;
  });
}

interface ZoneCardProps {
  zone: ShippingZone;
  onEdit(): void;
  onDelete(): void;
  onAddMethod(): void;
  onEditMethod(method: ShippingMethod): void;
  onDeleteMethod(method: ShippingMethod): void;
}

/** One shipping zone: its countries (and regions), its methods in a table, and the buttons that change them. */
export function ZoneCard({ zone, onEdit, onDelete, onAddMethod, onEditMethod, onDeleteMethod }: ZoneCardProps) {
  const id = useId();
  const names = byName(zone.countries);
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-display text-2xl font-bold uppercase leading-tight tracking-wide">
            {zone.name}
          </h3>
          <p className="text-sm text-base-content/75">
            {t.countriesCount(zone.countries.length)} · {t.methodsCount(zone.methods.length)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={t.editZoneNamed(zone.name)}>
            {t.editZone}
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onDelete} aria-label={t.deleteZoneNamed(zone.name)}>
            {t.deleteZone}
          </button>
        </div>
      </div>

      <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold">{t.countries}</dt>
        <dd className="min-w-0">
          {names.length <= INLINE_COUNTRIES ? (
            names.join(', ')
          ) : (
            <details>
              <summary className="cursor-pointer font-medium text-primary underline-offset-2 hover:underline">{t.countriesCount(names.length)}</summary>
              <p className="mt-1 text-base-content/85">{names.join(', ')}</p>
            </details>
          )}
        </dd>
        <dt className="font-semibold">{t.regions}</dt>
        <dd>
          {zone.regions.length > 0 ? regionNames(zone).join(', ') : <span className="text-base-content/75">{t.wholeCountries(zone.countries.length)}</span>}
        </dd>
      </dl>

      {zone.methods.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-4 text-sm">{t.noMethods}</p>
      ) : (
        <>
          {/* Phones: one block per method, nothing to scroll sideways. */}
          <ul aria-label={t.methodsOf(zone.name)} className="flex flex-col gap-3 sm:hidden">
            {zone.methods.map((m) => (
              <li key={m._id} className="rounded-field border border-base-300 bg-base-200/50 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h4 className="font-semibold">{m.name}</h4>
                  <span className="text-sm text-base-content/80">{deliveryEstimate(m.minDays, m.maxDays)}</span>
                </div>
                <p className="text-sm text-base-content/80">{m.carrier}</p>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold">{t.colBands}</dt>
                  <dd>
                    <BandList method={m} />
                  </dd>
                  <dt className="font-semibold">{t.colFree}</dt>
                  <dd className="tabular-nums">{freeLabel(m.freeOver)}</dd>
                  <dt className="font-semibold">{t.colOversize}</dt>
                  <dd>{m.takesOversize ? t.yes : t.no}</dd>
                </dl>
                <MethodActions zone={zone} method={m} onEdit={onEditMethod} onDelete={onDeleteMethod} className="mt-2 justify-end" size="btn-sm" />
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 sm:block">
            <table className="table table-sm">
              <caption className="sr-only">{t.methodsOf(zone.name)}</caption>
              <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
                <tr>
                  <th scope="col">{t.colMethod}</th>
                  <th scope="col">{t.colCarrier}</th>
                  <th scope="col">{t.colDelivery}</th>
                  <th scope="col">{t.colBands}</th>
                  <th scope="col">{t.colFree}</th>
                  <th scope="col">{t.colOversize}</th>
                  <th scope="col" className="text-right">
                    <span className="sr-only">{t.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zone.methods.map((m) => (
                  <tr key={m._id} className="align-top">
                    <th scope="row" className="font-semibold">
                      {m.name}
                    </th>
                    <td className="min-w-32">{m.carrier}</td>
                    <td className="whitespace-nowrap">{deliveryEstimate(m.minDays, m.maxDays)}</td>
                    <td>
                      <BandList method={m} />
                    </td>
                    <td className="whitespace-nowrap tabular-nums">{freeLabel(m.freeOver)}</td>
                    <td>{m.takesOversize ? t.yes : t.no}</td>
                    <td>
                      <MethodActions zone={zone} method={m} onEdit={onEditMethod} onDelete={onDeleteMethod} className="justify-end" size="btn-xs" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div>
        <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={onAddMethod} aria-label={t.addMethodNamed(zone.name)}>
          <span aria-hidden="true">+</span> {t.addMethod}
        </button>
      </div>
    </section>
  );
}

/** "up to 1 kg: $7.99", light to heavy. */
function BandList({ method }: { method: ShippingMethod }) {
  return (
    <ul className="flex flex-col gap-0.5 whitespace-nowrap tabular-nums">
      {[...method.bands]
        .sort((a, b) => a.upToGrams - b.upToGrams)
        .map((b) => (
          <li key={b.upToGrams}>{bandLabel(b)}</li>
        ))}
    </ul>
  );
}

function MethodActions({
  zone,
  method,
  onEdit,
  onDelete,
  className,
  size,
}: {
  zone: ShippingZone;
  method: ShippingMethod;
  onEdit(method: ShippingMethod): void;
  onDelete(method: ShippingMethod): void;
  className: string;
  size: 'btn-xs' | 'btn-sm';
}) {
  return (
    <div className={`flex gap-1 ${className}`}>
      <button type="button" className={`btn btn-ghost ${size}`} onClick={() => onEdit(method)} aria-label={t.editMethodNamed(method.name, zone.name)}>
        {t.edit}
      </button>
      <button
        type="button"
        className={`btn btn-ghost ${size} text-error`}
        onClick={() => onDelete(method)}
        aria-label={t.deleteMethodNamed(method.name, zone.name)}
      >
        {t.delete}
      </button>
    </div>
  );
}
