import { useId } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { vehiclesAdminCopy } from '@shop/shared/copy/vehicles-admin';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { vehicleMakesQueryOptions, vehicleModelsQueryOptions, vehicleYearsQueryOptions, yearRanges } from '../api/vehicle-lists';

const t = vehiclesAdminCopy;

/** The admin's view of the vehicle list: pick a make, see its models and their model years. */
export function VehicleCatalogue({ make, onMakeChange }: { make: string; onMakeChange(make: string): void }) {
  const id = useId();
  const makes = useQuery(vehicleMakesQueryOptions());
  // Until the admin picks one, the first make is shown.
  const shown = make && makes.data?.includes(make) ? make : (makes.data?.[0] ?? '');
  const models = useQuery({ ...vehicleModelsQueryOptions(shown), enabled: shown !== '' });
  const years = useQueries({ queries: (models.data ?? []).map((model) => vehicleYearsQueryOptions(shown, model)) });

  if (makes.isPending) return <Skeleton className="h-40 w-full" />;
  if (makes.isError) return <LoadError message={makes.error.message} onRetry={() => void makes.refetch()} />;
  if (makes.data.length === 0) return <p className="text-base-content/80">{t.noMakes}</p>;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={`${id}-make`} className="text-sm font-semibold">
          {t.chooseMake}
        </label>
        <select id={`${id}-make`} className="select w-full" value={shown} onChange={(e) => onMakeChange(e.target.value)}>
          {makes.data.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {models.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : models.isError ? (
        <LoadError message={models.error.message} onRetry={() => void models.refetch()} />
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <caption className="sr-only">{t.modelsOf(shown)}</caption>
            <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
              <tr>
                <th scope="col">{t.colModel}</th>
                <th scope="col">{t.colYears}</th>
              </tr>
            </thead>
            <tbody>
              {models.data.map((model, i) => (
                <tr key={model}>
                  <th scope="row" className="font-semibold">
                    {model}
                  </th>
                  <td className="tabular-nums">{years[i]?.data ? yearRanges(years[i].data) : <Skeleton className="h-4 w-24" />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
