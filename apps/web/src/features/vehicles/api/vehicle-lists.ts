import { queryOptions } from '@tanstack/react-query';
import type { Vehicle } from '@shop/shared/schemas/vehicle';
import { api } from '../../../lib/api-client';

/** Every vehicle list query starts with this key, so an admin's write can refresh them all. */
export const vehiclesQueryKey = ['vehicles'] as const;

/** The listed makes, A to Z (anyone). */
export const vehicleMakesQueryOptions = () =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'makes'],
    queryFn: ({ signal }) => api<string[]>('/vehicles/makes', { signal }),
    staleTime: 5 * 60_000,
  });

/** The listed models of a make, A to Z; an unknown make answers an empty list. */
export const vehicleModelsQueryOptions = (make: string) =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'models', make],
    queryFn: ({ signal }) => api<string[]>(`/vehicles/models?${new URLSearchParams({ make })}`, { signal }),
    enabled: make.trim().length > 0,
    staleTime: 5 * 60_000,
  });

/** The listed model years of a make and model, newest first. */
export const vehicleYearsQueryOptions = (make: string, model: string) =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'years', make, model],
    queryFn: ({ signal }) => api<number[]>(`/vehicles/years?${new URLSearchParams({ make, model })}`, { signal }),
    enabled: make.trim().length > 0 && model.trim().length > 0,
    staleTime: 5 * 60_000,
  });

/** The vehicles of a make, model and year (base model first), each with its base vehicle id where it has one. */
export const vehicleListQueryOptions = (make: string, model: string, year: number | null) =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'list', make, model, year ?? 0],
    queryFn: ({ signal }) => api<Vehicle[]>(`/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`, { signal }),
    enabled: make.trim().length > 0 && model.trim().length > 0 && year !== null,
    staleTime: 60_000,
  });

/** Year first (the shop's selector, decision 132): every listed model year, newest first. */
export const vehicleAllYearsQueryOptions = () =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'all-years'],
    queryFn: ({ signal }) => api<number[]>('/vehicles/years', { signal }),
    staleTime: 5 * 60_000,
  });

/** The makes with a vehicle in a model year, A to Z. */
export const vehicleMakesOfYearQueryOptions = (year: number | null) =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'makes', year ?? 0],
    queryFn: ({ signal }) => api<string[]>(`/vehicles/makes?${new URLSearchParams({ year: String(year) })}`, { signal }),
    enabled: year !== null,
    staleTime: 5 * 60_000,
  });

/** The models of a make listed in a model year, A to Z. */
export const vehicleModelsOfYearQueryOptions = (make: string, year: number | null) =>
  queryOptions({
    queryKey: [...vehiclesQueryKey, 'models', make, year ?? 0],
    queryFn: ({ signal }) => api<string[]>(`/vehicles/models?${new URLSearchParams({ make, year: String(year) })}`, { signal }),
    enabled: make.trim().length > 0 && year !== null,
    staleTime: 5 * 60_000,
  });

/** "2003–2016, 2021–2024": listed years (any order) as runs of consecutive years. */
export function yearRanges(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}
