import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import { countryName, regionName } from '@shop/shared/address';
import { TAX_CATEGORIES } from '@shop/shared/order-totals';
import type { TaxRate } from '@shop/shared/schemas/shipping-tax';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { taxRatesQueryOptions } from '../api/shipping-admin';
import { formatRate, rateDisplayName } from '../shipping-form';

const t = taxAdminCopy;
const loose = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** By country name, the whole country before its regions, then standard, reduced, zero. */
export function sortRates(rates: readonly TaxRate[]): TaxRate[] {
  const name = (r: TaxRate) => countryName(r.country) ?? r.country;
  return [...rates].sort(
    (a, b) =>
      name(a).localeCompare(name(b), 'en') || a.region.localeCompare(b.region, 'en') || TAX_CATEGORIES.indexOf(a.category) - TAX_CATEGORIES.indexOf(b.category),
  );
}

/** Rates whose country or region (name or code) contains `query`; a two-letter query also finds the country code. */
export function filterRates(rates: readonly TaxRate[], query: string): TaxRate[] {
  const q = loose(query.trim());
  if (!q) return [...rates];
  return rates.filter((r) => {
    const words = [countryName(r.country) ?? '', r.region ? (regionName(r.country, r.region) ?? '') : ''].map(loose);
    return r.country.toLowerCase() === q || r.region.toLowerCase() === q || words.some((w) => w.includes(q));
  });
}

/** The tax rates in a table, filtered by country or region; each row with its edit and delete buttons. */
export function TaxRatesTable({ onEdit, onDelete }: { onEdit(rate: TaxRate): void; onDelete(rate: TaxRate): void }) {
  const id = useId();
  const rates = useQuery(taxRatesQueryOptions());
  const [query, setQuery] = useState('');
  const sorted = useMemo(() => sortRates(rates.data ?? []), [rates.data]);
  const shown = useMemo(() => filterRates(sorted, query), [sorted, query]);

  if (rates.isPending) return <Skeleton className="h-96 w-full" />;
  if (rates.isError) return <LoadError message={rates.error.message} onRetry={() => void rates.refetch()} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-sm">
        <label htmlFor={`${id}-filter`} className="text-sm font-semibold">
          {t.filter}
        </label>
        <input
          id={`${id}-filter`}
          type="search"
          className="input w-full"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby={`${id}-filter-hint`}
        />
        <p id={`${id}-filter-hint`} className="text-xs text-base-content/75">
          {t.filterHint}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {t.ratesCaption(shown.length, sorted.length)}
      </p>
      {sorted.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noRates}</p>
      ) : shown.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noMatches(query.trim())}</p>
      ) : (
        <>
          {/* Phones: one line per rate, nothing to scroll sideways. */}
          <ul
            aria-label={t.ratesCaption(shown.length, sorted.length)}
            className="max-h-[36rem] divide-y divide-base-300 overflow-y-auto rounded-box border border-base-300 sm:hidden"
          >
            {shown.map((r) => (
              <li key={r._id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="font-semibold">
                    {countryName(r.country) ?? r.country}
                    <span className="font-normal text-base-content/80"> · {regionText(r)}</span>
                  </p>
                  <p className="text-sm text-base-content/80">{t.rateLine(t.categories[r.category] ?? r.category, formatRate(r.ratePercent), r.taxShipping)}</p>
                </div>
                <RateActions rate={r} onEdit={onEdit} onDelete={onDelete} size="btn-sm" className="flex-col items-end" />
              </li>
            ))}
          </ul>
          <div className="hidden max-h-[36rem] overflow-auto rounded-box border border-base-300 sm:block">
            <table className="table table-sm table-pin-rows">
              <caption className="sr-only">{t.ratesCaption(shown.length, sorted.length)}</caption>
              <thead className="text-xs uppercase tracking-wider text-base-content/80">
                <tr className="bg-base-200">
                  <th scope="col">{t.colCountry}</th>
                  <th scope="col">{t.colRegion}</th>
                  <th scope="col">{t.colCategory}</th>
                  <th scope="col" className="text-right">
                    {t.colRate}
                  </th>
                  <th scope="col">{t.colShipping}</th>
                  <th scope="col" className="text-right">
                    <span className="sr-only">{t.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => {
                  return (
                    <tr key={r._id} className="hover:bg-base-200/60">
                      <th scope="row" className="font-semibold whitespace-nowrap">
                        {countryName(r.country) ?? r.country}
                      </th>
                      <td className="whitespace-nowrap">{r.region ? regionText(r) : <span className="text-base-content/75">{t.wholeCountry}</span>}</td>
                      <td>{t.categories[r.category] ?? r.category}</td>
                      <td className="text-right tabular-nums">{formatRate(r.ratePercent)}</td>
                      <td>{r.taxShipping ? t.yes : t.no}</td>
                      <td>
                        <RateActions rate={r} onEdit={onEdit} onDelete={onDelete} size="btn-xs" className="justify-end" />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

const regionText = (r: TaxRate) => (r.region ? `${regionName(r.country, r.region) ?? r.region} (${r.region})` : t.wholeCountry);

function RateActions({
  rate,
  onEdit,
  onDelete,
  size,
  className,
}: {
  rate: TaxRate;
  onEdit(rate: TaxRate): void;
  onDelete(rate: TaxRate): void;
  size: 'btn-xs' | 'btn-sm';
  className: string;
}) {
  const name = rateDisplayName(rate);
  return (
    <div className={`flex shrink-0 gap-1 ${className}`}>
      <button type="button" className={`btn btn-ghost ${size}`} onClick={() => onEdit(rate)} aria-label={t.editRateNamed(name)}>
        {t.edit}
      </button>
      <button type="button" className={`btn btn-ghost ${size} text-error`} onClick={() => onDelete(rate)} aria-label={t.deleteRateNamed(name)}>
        {t.delete}
      </button>
    </div>
  );
}
