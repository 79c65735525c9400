import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { jobBasketsCopy as t } from '@shop/shared/copy/job-baskets';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { Skeleton } from '../../components/ui/skeleton';
import { MissingPage } from '../../components/ui/missing-page';
import { basketQueryOptions } from '../../features/job-baskets/api/get-basket';
import { BasketView } from '../../features/job-baskets/components/basket-view';
import { vehicleName } from '../../features/garage/vehicle-name';
import { siteUrl } from '../../lib/site-origin';
import { jsonForScript } from '../../features/catalog/part-seo';

/** Issue #36 item 3 (decision 199): /baskets/{vehicle}/{template}, rendered on the server, readable without an account. */
export default function BasketPage() {
  const { vehicle = '', template = '' } = useParams();
  const basket = useQuery({ ...basketQueryOptions(vehicle, template), meta: { silent: true }, retryOnMount: false });

  if (basket.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8" aria-busy="true">
        <span className="sr-only" role="status">
          {t.loading}
        </span>
        <Skeleton className="mb-6 h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (basket.isError) {
    return (
      <MissingPage
        error={basket.error}
        title={t.notFoundTitle}
        text={t.notFoundText}
        link={{ to: paths.products, label: t.listTitle }}
        onRetry={() => void basket.refetch()}
      />
    );
  }

  const b = basket.data;
  const bike = vehicleName(b.vehicle);
  const title = t.pageTitle(b.name, bike);
  // Issue #36 item 4: the job's parts for the bike as structured data, as a diagram page lists its callouts.
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    url: siteUrl(paths.basket(b.vehicle.slug, b.slug)),
    itemListElement: b.slots.flatMap((s, i) =>
      s.chosen ? [{ '@type': 'ListItem', position: i + 1, name: s.chosen.product.name, url: siteUrl(paths.part(s.chosen.product._id)) }] : [],
    ),
  };
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8 lg:py-10">
      <PageHead
        title={title}
        description={t.pageDescription(b.name, bike, b.slots.filter((s) => s.chosen).length)}
        path={paths.basket(b.vehicle.slug, b.slug)}
      />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to={paths.vehicleDiagrams(b.vehicle.slug)} className="link">
              {t.backToBike(bike)}
            </Link>
          </li>
          <li aria-hidden="true" className="text-base-content/70">
            /
          </li>
          <li aria-current="page">{b.name}</li>
        </ol>
      </nav>
      <h1 className="font-display text-3xl font-bold uppercase wrap-anywhere md:text-4xl">{title}</h1>
      {b.description && <p className="mt-2 max-w-3xl text-base-content/80">{b.description}</p>}
      <div className="mt-6">
        <BasketView key={`${b.vehicle.slug}/${b.slug}`} basket={b} />
      </div>
    </div>
  );
}
