import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { searchCopy } from '@shop/shared/copy/search';
import { SEARCH_SORTS, type SearchSort } from '@shop/shared/search-options';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from '../../../components/ui/load-error';
import { ProductGrid, ProductGridSkeleton } from '../../catalog/components/product-grid';
import { ProductsPagination } from '../../catalog/components/products-pagination';
import { SEARCH_PAGE_SIZE, useSearch } from '../api/search';
import { readSearchState, searchStateParams, searchUrl, type SearchState } from '../search-params';
import { SearchFilters } from './search-filters';
import { VehicleSelector } from '../../garage/components/vehicle-selector';

const t = searchCopy;

/** The helpful empty state of issue #9, with "browse Brakes" as a link. */
function EmptyResults({ q, filtered, onClear }: { q: string; filtered: boolean; onClear(): void }) {
  const text = t.empty(q);
  const [before, after] = text.split(t.browseBrakes);
  return (
    <div className="rounded-box bg-base-200 p-8 text-center text-lg">
      {q ? (
        <p>
          {before}
          <Link to={searchUrl({ category: 'brakes' })} className="link link-primary">
            {t.browseBrakes}
          </Link>
          {after}
        </p>
      ) : (
        <p>{t.emptyFiltered}</p>
      )}
      {filtered && (
        <button type="button" className="btn btn-outline btn-sm mt-4" onClick={onClear}>
          {t.clearFilters}
        </button>
      )}
    </div>
  );
}

/** /search?q=…: results with facets, in-stock toggle, price range and sort; all of it lives in the URL (issue #9). */
export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useSearch(state);
  const top = useRef<HTMLDivElement>(null);
  const sortId = useId();
  const title = state.q ? t.resultsFor(state.q) : t.allParts;

  // Every change is a new history entry, so the back button undoes it.
  const go = (next: SearchState) => setParams(searchStateParams(next), { preventScrollReset: true });
  const change = (next: Partial<SearchState>) => go({ ...state, ...next, page: 1 });
  const goTo = (page: number) => {
    go({ ...state, page });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const filtered = Boolean(state.category || state.brand || state.inStock || state.minPrice !== undefined || state.maxPrice !== undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <div ref={top} className="mb-6 scroll-mt-24">
        <h1 className="break-words font-display text-3xl font-bold uppercase leading-tight md:text-4xl">{title}</h1>
        <p className="mt-2 h-6 text-sm text-base-content/75" aria-live="polite">
          {data ? t.count(data.total) : ''}
        </p>
      </div>

      <VehicleSelector
        className="mb-8"
        applied={Boolean(state.vehicle)}
        onApply={(v) => change({ vehicle: v._id })}
        onShowAll={() => change({ vehicle: undefined })}
      />

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t.filters}>
          {/* A phone folds the filters away; from 1024 px they stay open beside the results. */}
          <details className="group rounded-box border border-base-300 p-4 lg:hidden">
            <summary className="cursor-pointer font-display text-lg font-bold uppercase">{t.filters}</summary>
            <div className="mt-4">
              <SearchFilters state={state} facets={data?.facets} onChange={change} />
            </div>
          </details>
          <div className="hidden lg:block">
            <SearchFilters state={state} facets={data?.facets} onChange={change} />
          </div>
        </aside>

        <section aria-label={title} className="min-w-0">
          <div className="mb-6 flex items-center justify-end gap-2">
            <label htmlFor={sortId} className="text-sm font-semibold">
              {t.sort}
            </label>
            <select id={sortId} className="select select-sm w-auto" value={state.sort} onChange={(e) => change({ sort: e.target.value as SearchSort })}>
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t.sorts[s]}
                </option>
              ))}
            </select>
          </div>

          {isPending ? (
            <div>
              <div className="mb-6 flex h-6 justify-center">
                <Spinner label={t.loading} />
              </div>
              <ProductGridSkeleton count={6} />
            </div>
          ) : isError && !data ? (
            <LoadError message={error.message} onRetry={() => void refetch()} className="min-h-64" />
          ) : data.total === 0 ? (
            <EmptyResults
              q={state.q}
              filtered={filtered}
              onClear={() => go({ q: state.q, inStock: false, sort: state.sort, page: 1, vehicle: state.vehicle })}
            />
          ) : (
            <div aria-busy={isPlaceholderData} className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}>
              <ProductGrid products={data.items} headingLevel={2} lead />
            </div>
          )}

          <div className="mt-12 min-h-12">
            {data && data.total > SEARCH_PAGE_SIZE && <ProductsPagination page={state.page} pages={data.pages} onPageChange={goTo} />}
          </div>
        </section>
      </div>
    </div>
  );
}
