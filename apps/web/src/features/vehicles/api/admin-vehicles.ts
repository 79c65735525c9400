import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVehicleInput, UpdateVehicleExternalIdInput, Vehicle, VehicleImportResult } from '@shop/shared/schemas/vehicle';
import { api } from '../../../lib/api-client';
import { vehiclesQueryKey } from './vehicle-lists';

/** POST /vehicles (admin): one vehicle; a duplicate answers 409 VEHICLE_EXISTS with the server's message. */
export const createVehicle = (input: CreateVehicleInput) => api<Vehicle>('/vehicles', { method: 'POST', body: input, auth: true });

/** PATCH /vehicles/{id} (admin, decision 214): a listed vehicle's base vehicle id, set or cleared (null). */
export const setVehicleExternalId = (id: string, input: UpdateVehicleExternalIdInput) =>
  api<Vehicle>(`/vehicles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, auth: true });

/** POST /vehicles/import (admin): CSV text; good rows are added, bad ones listed by line. */
export const importVehiclesCsv = (csv: string) =>
  api<VehicleImportResult>('/vehicles/import', { method: 'POST', rawBody: csv, contentType: 'text/csv', auth: true });

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}

export function useImportVehiclesCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importVehiclesCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}

export function useSetVehicleExternalId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, externalId }: { id: string; externalId: string | null }) => setVehicleExternalId(id, { externalId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehiclesQueryKey }),
  });
}
