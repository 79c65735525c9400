import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/ui/page-title';
import { PageHead } from '../../components/ui/page-head';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { ApiError } from '../../lib/api-client';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { PartGallery } from '../../features/catalog/components/part-gallery';
import { PartDetails } from '../../features/catalog/components/part-details';
import { PartHead } from '../../features/catalog/components/part-head';
import { PartReviews } from '../../features/catalog/components/part-reviews';
import { PartDiagrams } from '../../features/diagrams/components/part-diagrams';

const t = partPageCopy;

/** The public product page /parts/{id}: readable by a visitor without an account and by a search engine. */
export default function PartPage() {
  const { id = '' } = useParams();
  // The page shows its own not-found and error states, so the global error toast stays quiet.
  // A "not found" the server rendered stays as it is while the page hydrates (its Retry button asks again).
  const product = useQuery({ ...productQueryOptions(id), meta: { silent: true }, retryOnMount: false });
  const notFound = product.isError && product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <Link to={paths.products} className="link link-hover mb-6 inline-flex items-center gap-2 text-sm font-semibold">
        <ArrowLeftIcon size={16} /> {t.back}
      </Link>
      {product.isPending ? (
        <PartSkeleton />
      ) : notFound ? (
        <PartNotFound />
      ) : product.isError ? (
        <>
          <PageTitle title={t.notFoundTitle} />
          <LoadError message={product.error.message} onRetry={() => void product.refetch()} className="min-h-64" />
        </>
      ) : (
        <article aria-labelledby="part-name" className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:gap-12">
          <PartHead product={product.data} />
          <PartGallery key={product.data._id} name={product.data.name} images={product.data.images} />
          <PartDetails product={product.data} />
          <PartDiagrams productId={product.data._id} />
          <PartReviews productId={product.data._id} />
        </article>
      )}
    </div>
  );
}

function PartNotFound() {
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-200 p-8">
      {/* Search engines drop a page that says it is gone. */}
      <PageHead title={t.notFoundTitle} description={t.notFoundText} noindex />
      <h1 className="font-display text-3xl font-bold uppercase">{t.notFoundTitle}</h1>
      <p className="text-base-content/80">{t.notFoundText}</p>
      <Link to={paths.products} className="btn btn-primary">
        {t.browseParts}
      </Link>
    </div>
  );
}

function PartSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-2 lg:gap-12" aria-busy="true">
      <span className="sr-only" role="status">
        {t.loading}
      </span>
      <Skeleton className="aspect-[4/3] w-full" />
      <div className="flex flex-col gap-6">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-12 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}
