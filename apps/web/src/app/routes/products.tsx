import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { copy } from '@shop/shared/copy';
import { SectionHeading } from '../../components/ui/section-heading';
import { Spinner } from '../../components/ui/spinner';
import { LoadError } from '../../components/ui/load-error';
import { usePageTitle } from '../../components/ui/page-title';
import { PRODUCTS_PER_PAGE, useProductsPage } from '../../features/catalog/api/get-products-page';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/components/product-grid';
import { ProductsPagination } from '../../features/catalog/components/products-pagination';
import { parsePageParam } from '../../features/catalog/page-param';

export default function ProductsPage() {
  usePageTitle(copy.nav.products);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const { data, isPending, isError, error, isPlaceholderData, refetch } = useProductsPage(page);
  const top = useRef<HTMLDivElement>(null);

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

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <div ref={top} className="scroll-mt-24">
        <SectionHeading level={1} title={copy.products.title} subtitle={copy.products.subtitle} />
      </div>

      {isPending ? (
        <div>
          <div className="mb-6 flex h-6 justify-center">
            <Spinner label={copy.storefront.productsLoading} />
          </div>
          <ProductGridSkeleton count={PRODUCTS_PER_PAGE} />
        </div>
      ) : isError && !data ? (
        <LoadError message={error.message} onRetry={() => void refetch()} className="min-h-64" />
      ) : data.total === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center text-lg">{copy.products.empty}</p>
      ) : (
        <>
          <p className="mb-6 h-6 text-center text-sm text-base-content/75">{copy.storefront.productsCount(data.total)}</p>
          <div aria-busy={isPlaceholderData} className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}>
            <ProductGrid products={data.items} headingLevel={2} />
          </div>
        </>
      )}

      {/* Reserved height: the buttons appear with the first page without pushing the footer. */}
      <div className="mt-12 min-h-12">{data && <ProductsPagination page={page} pages={data.pages} onPageChange={goTo} />}</div>
    </div>
  );
}
