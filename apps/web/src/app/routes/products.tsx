import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { navCopy } from '@shop/shared/copy/nav';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { productFiltersCopy } from '@shop/shared/copy/product-filters';
import { productsCopy } from '@shop/shared/copy/products';
import { searchCopy } from '@shop/shared/copy/search';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { SEARCH_SORTS, type SearchSort } from '@shop/shared/search-options';
import { SectionHeading } from '../../components/ui/section-heading';
import { Spinner } from '../../components/ui/spinner';
import { LoadError } from '../../components/ui/load-error';
import { PageHead } from '../../components/ui/page-head';
import { paths } from '../../config/paths';
import { PRODUCTS_PER_PAGE, productsPageQueryOptions } from '../../features/catalog/api/get-products-page';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/product-grid';
import { ProductsPagination } from '../../features/catalog/components/products-pagination';
import { searchQueryOptions } from '../../features/search/api/search';
import { SearchFilters } from '../../features/search/components/search-filters';
import { hasProductsFilters, productsFiltersParams, readProductsFilters } from '../../features/search/products-filters';
import type { SearchState } from '../../features/search/search-params';
import { VehicleSelector } from '../../features/garage/components/vehicle-selector';

const t = productFiltersCopy;

export default function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readProductsFilters(searchParams);
  const page = state.page;
  // No filter in the URL: the page reads /api/products as it always did. Any filter: /api/search over all parts.
  const filtered = hasProductsFilters(state);
  // Issue #11: a vehicle in the URL keeps the parts that fit it (both ways of reading the catalogue take it).
  const plain = useQuery({ ...productsPageQueryOptions(page, PRODUCTS_PER_PAGE, state.vehicle), enabled: !filtered });
  // Without filters the search call only brings the facet counts (one item), so the panel can offer them.
  // A failed facet call is not worth a toast: the cards say what went wrong.
  const search = useQuery({ ...searchQueryOptions(state, filtered ? PRODUCTS_PER_PAGE : 1), meta: { silent: !filtered } });
  const { data, isPending, isError, error, isPlaceholderData, refetch } = filtered ? search : plain;
  const facets = search.data?.facets;
  const top = useRef<HTMLDivElement>(null);
  const sortId = useId();

  // Every change is a new history entry, so the back button undoes it.
  const go = (next: SearchState) => setSearchParams(productsFiltersParams(next), { preventScrollReset: true });
  const change = (next: Partial<SearchState>) => go({ ...state, ...next, page: 1 });

  const goTo = (next: number) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: true },
    );
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // A bookmarked ?page=7 after the catalogue shrank: show the last page that exists.
  const lastPage = data?.pages ?? 0;
  useEffect(() => {
    if (!isPlaceholderData && lastPage >= 1 && page > lastPage) {
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          updated.set('page', String(lastPage));
          return updated;
        },
        { replace: true },
      );
    }
  }, [isPlaceholderData, lastPage, page, setSearchParams]);

  const allParts = state.vehicle ? `/products?vehicle=${state.vehicle}` : '/products';
  const filters = <SearchFilters state={state} facets={facets} onChange={change} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-12 lg:px-8 lg:py-16">
      {/* Filtered views share the catalogue's address; a later page of the plain catalogue has its own. */}
      <PageHead
        title={navCopy.products}
        description={page > 1 ? pageMetaCopy.productsPage(page) : pageMetaCopy.products}
        path={page > 1 && !filtered ? `${paths.products}?page=${page}` : paths.products}
      />
      <div ref={top} className="scroll-mt-24">
        {/* A phone keeps its first screen for the parts (issue #39 item 7): no strap line, tighter gaps. */}
        <SectionHeading level={1} title={productsCopy.title} subtitle={productsCopy.subtitle} className="max-sm:mb-4 max-sm:[&>p]:hidden" />
      </div>
      <VehicleSelector
        className="mb-4 sm:mb-8"
        applied={Boolean(state.vehicle)}
        onApply={(v) => change({ vehicle: v._id })}
        onShowAll={() => change({ vehicle: undefined })}
      />

      <div className="grid gap-4 sm:gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t.filters}>
          {/* A phone folds the filters away; from 1024 px they stay open beside the cards. */}
          <details className="rounded-box border border-base-300 p-4 lg:hidden" open={filtered || undefined}>
            <summary className="cursor-pointer font-display text-lg font-bold uppercase">{t.filters}</summary>
            <div className="mt-4">{filters}</div>
          </details>
          <div className="hidden lg:block">{filters}</div>
        </aside>

        <section aria-label={productsCopy.title} className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:mb-6">
            <p className="h-6 text-sm text-base-content/75" aria-live="polite">
              {data && data.total > 0 ? (filtered ? searchCopy.count(data.total) : storefrontCopy.productsCount(data.total)) : ''}
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {filtered && (
                <Link to={allParts} className="link link-primary text-sm font-semibold">
                  {t.clearFilters}
                </Link>
              )}
              <label htmlFor={sortId} className="text-sm font-semibold">
                {searchCopy.sort}
              </label>
              <select id={sortId} className="select select-sm w-auto" value={state.sort} onChange={(e) => change({ sort: e.target.value as SearchSort })}>
                {SEARCH_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {s === 'relevance' ? t.featured : searchCopy.sorts[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {isPending ? (
            <div>
              <div className="mb-6 flex h-6 justify-center">
                <Spinner label={storefrontCopy.productsLoading} />
              </div>
              <ProductGridSkeleton count={PRODUCTS_PER_PAGE} />
            </div>
          ) : isError && !data ? (
            <LoadError message={error.message} onRetry={() => void refetch()} className="min-h-64" />
          ) : data.total === 0 ? (
            filtered ? (
              <div className="rounded-box bg-base-200 p-8 text-center text-lg">
                <p>{t.empty}</p>
                <Link to={allParts} className="btn btn-outline btn-sm mt-4">
                  {t.clearFilters}
                </Link>
              </div>
            ) : (
              <p className="rounded-box bg-base-200 p-8 text-center text-lg">{productsCopy.empty}</p>
            )
          ) : (
            <div aria-busy={isPlaceholderData} className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}>
              <ProductGrid products={data.items} headingLevel={2} lead />
            </div>
          )}

          {/* Reserved height: the buttons appear with the first page without pushing the footer. */}
          <div className="mt-12 min-h-12">
            {data && !(filtered && data.total === 0) && <ProductsPagination page={page} pages={data.pages} onPageChange={goTo} />}
          </div>
        </section>
      </div>
    </div>
  );
}
