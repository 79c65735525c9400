import { useMounted } from '../../../lib/use-mounted';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@shop/shared/schemas/product';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { api } from '../../../lib/api-client';
import {
  vehicleAllYearsQueryOptions,
  vehicleMakesOfYearQueryOptions,
  vehicleModelsOfYearQueryOptions,
  vehiclesQueryKey,
} from '../../vehicles/api/vehicle-lists';

/** The selector's lists (GET /api/vehicles/*, anyone): the vehicle feature's queries, kept for the visit. */
export const vehicleKeys = {
  list: (make: string, model: string, year: number) => [...vehiclesQueryKey, 'list', make, model, year] as const,
  byId: (id: string) => [...vehiclesQueryKey, 'id', id.toLowerCase()] as const,
};

const long = { staleTime: 10 * 60_000 };

/**
 * The model years load right after the page's first paint: the page's own
 * content (the catalogue) is asked for first. A failed list is not worth a
 * toast: the select says so.
 */
export function useAllYears() {
  const ready = useMounted();
  return useQuery({ ...vehicleAllYearsQueryOptions(), enabled: ready, meta: { silent: true }, ...long });
}

export const useMakesOfYear = (year: number | null) =>
  useQuery({ ...vehicleMakesOfYearQueryOptions(year), enabled: year !== null, meta: { silent: true }, ...long });

export const useModelsOfYear = (make: string, year: number | null) =>
  useQuery({ ...vehicleModelsOfYearQueryOptions(make, year), enabled: make !== '' && year !== null, meta: { silent: true }, ...long });

export const useVehicleList = (make: string, model: string, year: number | null) =>
  useQuery({
    queryKey: vehicleKeys.list(make, model, year ?? 0),
    queryFn: ({ signal }) => api<Vehicle[]>(`/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`, { signal }),
    enabled: make !== '' && model !== '' && year !== null,
    meta: { silent: true },
    ...long,
  });

/**
 * One vehicle by id, for a `?vehicle=` in the URL. The API has no GET
 * /vehicles/{id}; the filtered catalogue names its vehicle (one item asked for,
 * through the catalogue cache). An unknown id answers 404.
 */
export const vehicleByIdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.byId(id),
    queryFn: async ({ signal }) => {
      const page = await api<ProductPage>(`/products?${new URLSearchParams({ vehicle: id, page: '1', limit: '1' })}`, { signal });
      return page.vehicle ?? null;
    },
    staleTime: Infinity,
    retry: false,
  });
