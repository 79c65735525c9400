import { Link } from 'react-router';
import { homeCopy } from '@shop/shared/copy/home';
import { productsCopy } from '@shop/shared/copy/products';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { paths } from '../../../config/paths';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from '../../../components/ui/load-error';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { useFeaturedProducts } from '../api/get-featured-products';
import { FEATURED_PRODUCTS, featuredProducts } from '../featured-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** Spec §2: the first 6 products of the catalogue (one page of 6), a spinner while they load, and See All to /products. */
export function FeaturedProducts() {
  const { data, isPending, isError, error, refetch } = useFeaturedProducts();
  return (
    <section id="featured" aria-labelledby="featured-title" className="py-16 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="featured-title" title={homeCopy.featuredTitle} subtitle={homeCopy.featuredSubtitle} />
        {isPending ? (
          <div>
            <div className="mb-6 flex h-6 justify-center">
              <Spinner label={storefrontCopy.featuredLoading} />
            </div>
            <ProductGridSkeleton count={FEATURED_PRODUCTS} />
          </div>
        ) : isError ? (
          <LoadError message={error.message} onRetry={() => void refetch()} className="min-h-64" />
        ) : data.length === 0 ? (
          <p className="rounded-box bg-base-200 p-8 text-center text-lg">{productsCopy.empty}</p>
        ) : (
          <ProductGrid products={featuredProducts(data)} />
        )}
        <div className="mt-10 flex justify-center">
          <Link to={paths.products} className="btn btn-outline btn-primary btn-lg px-10 uppercase tracking-wider">
            {homeCopy.seeAll}
            <ArrowRightIcon />
          </Link>
        </div>
      </div>
    </section>
  );
}
