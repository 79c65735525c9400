import { queryOptions } from '@tanstack/react-query';
import type { Basket, VehicleBaskets } from '@shop/shared/schemas/job-basket';
import { api } from '../../../lib/api-client';

/** Issue #36 item 3 (decision 199): public job basket reads; the 'baskets' root is read while the server renders a page. */
export const basketKeys = {
  all: ['baskets'] as const,
  basket: (vehicle: string, template: string) => ['baskets', 'basket', vehicle, template] as const,
  vehicle: (vehicle: string) => ['baskets', 'vehicle', vehicle] as const,
};

export const basketQueryOptions = (vehicle: string, template: string) =>
  queryOptions({
    queryKey: basketKeys.basket(vehicle, template),
    queryFn: ({ signal }) => api<Basket>(`/baskets/${encodeURIComponent(vehicle)}/${encodeURIComponent(template)}`, { signal }),
  });

export const vehicleBasketsQueryOptions = (vehicle: string) =>
  queryOptions({
    queryKey: basketKeys.vehicle(vehicle),
    queryFn: ({ signal }) => api<VehicleBaskets>(`/baskets/${encodeURIComponent(vehicle)}`, { signal }),
  });
