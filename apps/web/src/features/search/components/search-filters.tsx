import { useId, type FormEvent } from 'react';
import { searchCopy } from '@shop/shared/copy/search';
import { CATEGORY_LABELS, type ProductCategory } from '@shop/shared/catalog';
import type { SearchResult } from '@shop/shared/schemas/search';
import type { SearchState } from '../search-params';

const t = searchCopy;

interface SearchFiltersProps {
  state: SearchState;
  facets: SearchResult['facets'] | undefined;
  /** Changes some filters; the page goes back to 1. */
  onChange(next: Partial<SearchState>): void;
}

const categoryLabel = (value: string) => CATEGORY_LABELS[value as ProductCategory] ?? value;

/** Category and brand with their counts, in-stock toggle and price range (issue #9). Every change goes into the URL. */
export function SearchFilters({ state, facets, onChange }: SearchFiltersProps) {
  const ids = { inStock: useId(), min: useId(), max: useId(), brand: useId(), category: useId() };
  const categories = facets?.category ?? [];
  const brands = facets?.brand ?? [];
  // A chosen category or brand stays listed even when nothing matches it any more.
  const categoryOptions =
    state.category && !categories.some((c) => c.value === state.category) ? [...categories, { value: state.category, count: 0 }] : categories;
  const brandOptions =
    state.brand && !brands.some((b) => b.value.toLowerCase() === state.brand!.toLowerCase()) ? [...brands, { value: state.brand, count: 0 }] : brands;

  const onPrice = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const read = (name: string) => {
      const v = String(form.get(name) ?? '').trim();
      const n = Number(v);
      return v === '' || !Number.isFinite(n) || n < 0 ? undefined : n;
    };
    let minPrice = read('minPrice');
    let maxPrice = read('maxPrice');
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
    onChange({ minPrice, maxPrice });
  };

  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="mb-2 font-display text-lg font-bold uppercase">{t.category}</legend>
        <ul className="flex flex-col gap-1">
          <li>
            <label className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="radio"
                className="radio radio-sm radio-primary"
                name={ids.category}
                checked={!state.category}
                onChange={() => onChange({ category: undefined })}
              />
              <span>{t.any}</span>
            </label>
          </li>
          {categoryOptions.map((c) => (
            <li key={c.value}>
              <label className="flex cursor-pointer items-center gap-2 py-1">
                <input
                  type="radio"
                  className="radio radio-sm radio-primary"
                  name={ids.category}
                  checked={state.category === c.value}
                  onChange={() => onChange({ category: c.value as ProductCategory })}
                />
                <span className="flex-1">{categoryLabel(c.value)}</span>
                <span className="text-sm tabular-nums text-base-content/75">{c.count}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div>
        <label htmlFor={ids.brand} className="mb-2 block font-display text-lg font-bold uppercase">
          {t.brand}
        </label>
        <select id={ids.brand} className="select select-sm w-full" value={state.brand ?? ''} onChange={(e) => onChange({ brand: e.target.value || undefined })}>
          <option value="">{t.any}</option>
          {brandOptions.map((b) => (
            <option key={b.value} value={b.value}>
              {`${b.value} (${b.count})`}
            </option>
          ))}
        </select>
      </div>

      <label htmlFor={ids.inStock} className="flex cursor-pointer items-center justify-between gap-3">
        <span className="font-semibold">{t.inStock}</span>
        <input
          id={ids.inStock}
          type="checkbox"
          className="toggle toggle-primary"
          checked={state.inStock}
          onChange={(e) => onChange({ inStock: e.target.checked })}
        />
      </label>

      {/* Keyed by the URL's values, so the back button puts them back in the boxes. */}
      <form key={`${state.minPrice ?? ''}-${state.maxPrice ?? ''}`} onSubmit={onPrice}>
        <fieldset>
          <legend className="mb-2 font-display text-lg font-bold uppercase">{t.price}</legend>
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={ids.min} className="text-sm">
                {t.minPrice}
              </label>
              <input
                id={ids.min}
                name="minPrice"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                defaultValue={state.minPrice ?? ''}
                placeholder={facets?.price.min != null ? String(facets.price.min) : ''}
                className="input input-sm w-full"
              />
            </div>
            <div className="min-w-0 flex-1">
              <label htmlFor={ids.max} className="text-sm">
                {t.maxPrice}
              </label>
              <input
                id={ids.max}
                name="maxPrice"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                defaultValue={state.maxPrice ?? ''}
                placeholder={facets?.price.max != null ? String(facets.price.max) : ''}
                className="input input-sm w-full"
              />
            </div>
            <button type="submit" className="btn btn-outline btn-sm">
              {t.applyPrice}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
