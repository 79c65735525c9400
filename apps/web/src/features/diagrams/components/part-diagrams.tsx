import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { diagramsCopy as t } from '@shop/shared/copy/diagrams';
import { paths } from '../../../config/paths';
import { partDiagramsQueryOptions } from '../api/get-diagram';
import { useChosenVehicleState } from '../../garage/use-chosen-vehicle';
import { vehicleName } from '../../garage/vehicle-name';

/**
 * The part page's "Shown in" (decision 197): each diagram that draws the part, for the rider's chosen bike when the
 * drawing applies to it, else for the newest bike it applies to.
 */
export function PartDiagrams({ productId }: { productId: string }) {
  const list = useQuery({ ...partDiagramsQueryOptions(productId), meta: { silent: true } });
  const chosen = useChosenVehicleState().vehicle;
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="shown-in" className="md:col-span-2">
      <h2 id="shown-in" className="mb-2 text-lg font-bold">
        {t.shownIn}
      </h2>
      <ul className="flex flex-col gap-1">
        {list.data.map((d) => {
          const vehicle = d.vehicles.find((v) => v._id === chosen?._id) ?? [...d.vehicles].sort((a, b) => b.year - a.year)[0];
          if (!vehicle) return null;
          return (
            <li key={d._id}>
              <Link to={paths.diagram(vehicle.slug, d.slug)} className="link">
                {t.shownInLine(d.name, vehicleName(vehicle), d.callout)}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
