import { useMemo, useState } from 'react';
import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import { COUNTRIES, countryName } from '@shop/shared/address';
import { fieldErrorId } from '../../../components/ui/form-field';

const t = shippingAdminCopy;

/** Countries whose name or code contains `query` (any case, accents optional), A to Z. */
export function matchCountries(query: string) {
  const loose = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = loose(query.trim());
  if (!q) return COUNTRIES;
  return COUNTRIES.filter((c) => c.code.toLowerCase() === q || loose(c.name).includes(q));
}

/**
 * The countries of a zone: the chosen ones as chips (each with a remove button), a search box, and a scrolling
 * list of checkboxes filtered by it.
 */
export function CountryPicker({ id, value, onChange, error }: { id: string; value: string[]; onChange(codes: string[]): void; error?: string }) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => matchCountries(query), [query]);
  const chosen = new Set(value);
  const toggle = (code: string, on: boolean) => onChange(on ? [...value, code] : value.filter((c) => c !== code));
  const chosenSorted = [...value].sort((a, b) => (countryName(a) ?? a).localeCompare(countryName(b) ?? b, 'en'));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? fieldErrorId(id) : undefined}>
      <legend className="mb-1 text-sm font-semibold">{t.chooseCountries}</legend>
      <p className="text-sm text-base-content/80" aria-live="polite">
        {t.chosen(value.length)}
      </p>
      {chosenSorted.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t.chosen(value.length)}>
          {chosenSorted.map((code) => {
            const name = countryName(code) ?? code;
            return (
              <li key={code}>
                <button
                  type="button"
                  className="btn btn-xs btn-soft btn-primary h-auto min-h-7 gap-1 py-1 font-semibold"
                  onClick={() => toggle(code, false)}
                  aria-label={t.removeCountry(name)}
                >
                  {name}
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <label htmlFor={`${id}-search`} className="text-sm font-semibold">
        {t.findCountry}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="input w-full"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-describedby={`${id}-search-hint`}
      />
      <p id={`${id}-search-hint`} className="text-xs text-base-content/75">
        {t.findCountryHint}
      </p>
      <div className="max-h-56 overflow-y-auto rounded-field border border-base-300 bg-base-200 p-2">
        {shown.length === 0 ? (
          <p className="p-2 text-sm text-base-content/80">{t.noCountryMatches(query.trim())}</p>
        ) : (
          <ul className="grid gap-0.5 sm:grid-cols-2">
            {shown.map((c) => (
              <li key={c.code}>
                <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-field px-2 hover:bg-base-300">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={chosen.has(c.code)}
                    onChange={(e) => toggle(c.code, e.target.checked)}
                  />
                  <span className="min-w-0 flex-1">{c.name}</span>
                  <span className="font-mono text-xs text-base-content/70" aria-hidden="true">
                    {c.code}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
