import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { jobBasketsCopy as t } from '@shop/shared/copy/job-baskets';
import { paths } from '../../../config/paths';
import { vehicleBasketsQueryOptions } from '../api/get-basket';

/** Issue #36 item 3 (decision 199): the jobs of one bike, as links, on its diagram list. Nothing while loading or failing. */
export function VehicleBaskets({ vehicle }: { vehicle: string }) {
  const list = useQuery({ ...vehicleBasketsQueryOptions(vehicle), meta: { silent: true }, retryOnMount: false });
  if (!list.data) return null;
  return (
    <section aria-labelledby="job-baskets" className="mt-10">
      <h2 id="job-baskets" className="text-xl font-bold">
        {t.listTitle}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">{t.listIntro}</p>
      {list.data.templates.length === 0 ? (
        <p>{t.listEmpty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.templates.map((b) => (
            <li key={b._id}>
              <Link
                to={paths.basket(list.data.vehicle.slug, b.slug)}
                className="card h-full border border-base-300 bg-base-100 transition-shadow hover:shadow-lg focus-visible:outline-2 focus-visible:outline-primary"
              >
                <div className="card-body p-4">
                  <h3 className="card-title text-lg">{b.name}</h3>
                  {b.description && <p className="text-sm text-base-content/80">{b.description}</p>}
                  <p className="text-sm font-semibold">{t.filled(b.filledCount, b.slotCount)}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
