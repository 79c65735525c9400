import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { diagramsCopy as t } from '@shop/shared/copy/diagrams';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { Skeleton } from '../../components/ui/skeleton';
import { MissingPage } from '../../components/ui/missing-page';
import { siteUrl } from '../../lib/site-origin';
import { jsonForScript } from '../../features/catalog/part-seo';
import { diagramQueryOptions } from '../../features/diagrams/api/get-diagram';
import { DiagramView } from '../../features/diagrams/components/diagram-view';
import { vehicleName } from '../../features/garage/vehicle-name';

/** Issue #36 item 1 (decision 197): /diagrams/{vehicle}/{assembly}, rendered on the server, readable without an account. */
export default function DiagramPage() {
  const { vehicle = '', assembly = '' } = useParams();
  const diagram = useQuery({ ...diagramQueryOptions(vehicle, assembly), meta: { silent: true }, retryOnMount: false });

  if (diagram.isPending) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 md:px-8" aria-busy="true">
        <span className="sr-only" role="status">
          {t.loading}
        </span>
        <Skeleton className="mb-6 h-10 w-2/3" />
        <Skeleton className="aspect-[4/3] w-full max-w-3xl" />
      </div>
    );
  }
  if (diagram.isError) {
    return (
      <MissingPage
        error={diagram.error}
        title={t.notFoundTitle}
        text={t.notFoundText}
        link={{ to: paths.products, label: t.breadcrumbDiagrams }}
        onRetry={() => void diagram.refetch()}
      />
    );
  }

  const d = diagram.data;
  const bike = vehicleName(d.vehicle);
  const path = paths.diagram(d.vehicle.slug, d.slug);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: t.pageTitle(d.name, bike),
    itemListElement: d.callouts
      .filter((c) => c.product)
      .map((c) => ({ '@type': 'ListItem', position: c.number, name: c.label, url: siteUrl(paths.part(c.product!._id)) })),
  };
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 md:px-8 lg:py-10">
      <PageHead title={t.pageTitle(d.name, bike)} description={t.pageDescription(d.name, bike, d.callouts.length)} path={path} image={d.imageUrl} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to={paths.vehicleDiagrams(d.vehicle.slug)} className="link">
              {t.listTitle(bike)}
            </Link>
          </li>
          <li aria-hidden="true" className="text-base-content/70">
            /
          </li>
          <li aria-current="page">{d.name}</li>
        </ol>
      </nav>
      <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">{d.name}</h1>
      <p className="mt-1 text-base-content/80">
        {t.forVehicle(bike)}
        {d.otherVehicleCount > 0 && <> · {t.alsoFits(d.otherVehicleCount)}</>}
      </p>
      {d.description && <p className="mt-2 max-w-3xl">{d.description}</p>}
      <div className="mt-6">
        <DiagramView diagram={d} />
      </div>
      {d.siblings.length > 0 && (
        <section aria-labelledby="other-diagrams" className="mt-10">
          <h2 id="other-diagrams" className="mb-3 text-xl font-bold">
            {t.otherDiagrams}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {d.siblings.map((s) => (
              <li key={s._id}>
                <Link to={paths.diagram(d.vehicle.slug, s.slug)} className="btn btn-outline btn-sm">
                  {s.name} <span className="text-base-content/70">({t.callouts(s.calloutCount)})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
