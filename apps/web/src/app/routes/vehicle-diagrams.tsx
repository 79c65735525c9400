import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { diagramsCopy as t } from '@shop/shared/copy/diagrams';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { ApiError } from '../../lib/api-client';
import { vehicleDiagramsQueryOptions } from '../../features/diagrams/api/get-diagram';
import { vehicleName } from '../../features/garage/vehicle-name';
import { VehicleBaskets } from '../../features/job-baskets/components/vehicle-baskets';

/** Issue #36 item 1 (decision 197): /diagrams/{vehicle}, the parts diagrams of one bike. */
export default function VehicleDiagramsPage() {
  const { vehicle = '' } = useParams();
  const list = useQuery({ ...vehicleDiagramsQueryOptions(vehicle), meta: { silent: true }, retryOnMount: false });
  const notFound = list.isError && list.error instanceof ApiError && [400, 404, 414].includes(list.error.status);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8 lg:py-10">
      {list.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            {t.loading}
          </span>
          <Skeleton className="h-10 w-2/3" />
        </div>
      ) : notFound ? (
        <div role="alert" className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-200 p-8">
          <PageHead title={t.notFoundTitle} description={t.notFoundText} noindex />
          <h1 className="font-display text-3xl font-bold uppercase">{t.notFoundTitle}</h1>
          <p className="text-base-content/80">{t.notFoundText}</p>
        </div>
      ) : list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} className="min-h-64" />
      ) : (
        <>
          <PageHead
            title={t.listTitle(vehicleName(list.data.vehicle))}
            description={t.listDescription(vehicleName(list.data.vehicle))}
            path={paths.vehicleDiagrams(list.data.vehicle.slug)}
          />
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">{t.listTitle(vehicleName(list.data.vehicle))}</h1>
          {list.data.diagrams.length === 0 ? (
            <p className="mt-4">{t.listEmpty}</p>
          ) : (
            <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.data.diagrams.map((d) => (
                <li key={d._id}>
                  <Link
                    to={paths.diagram(list.data.vehicle.slug, d.slug)}
                    className="card h-full border border-base-300 bg-base-100 transition-shadow hover:shadow-lg focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    <figure className="bg-white">
                      <img src={d.imageUrl} alt="" width={800} height={600} className="aspect-[4/3] w-full object-contain" loading="lazy" />
                    </figure>
                    <div className="card-body p-4">
                      <h2 className="card-title text-lg">{d.name}</h2>
                      <p className="text-sm text-base-content/80">{d.description}</p>
                      <p className="text-sm font-semibold">{t.callouts(d.calloutCount)}</p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <VehicleBaskets vehicle={list.data.vehicle.slug} />
        </>
      )}
    </div>
  );
}
