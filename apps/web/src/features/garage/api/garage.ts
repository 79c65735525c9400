import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GarageEntry } from '@shop/shared/schemas/vehicle';
import { api } from '../../../lib/api-client';

/** My Garage (decision 130): the signed-in customer's saved vehicles, at most one active. */
export const garageKeys = { all: ['garage'] as const, of: (userId: string) => ['garage', userId] as const };

export const garageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: garageKeys.of(userId), queryFn: ({ signal }) => api<GarageEntry[]>('/garage', { auth: true, signal }) });

export const useGarage = (userId: string | undefined) => useQuery({ ...garageQueryOptions(userId ?? ''), enabled: Boolean(userId) });

export const addToGarage = (vehicleId: string) => api<GarageEntry>('/garage', { method: 'POST', body: { vehicleId }, auth: true });
export const activateGarageEntry = (id: string) =>
  api<GarageEntry>(`/garage/${encodeURIComponent(id)}`, { method: 'PATCH', body: { active: true }, auth: true });
export const removeGarageEntry = (id: string) => api<{ deletedCount: number }>(`/garage/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** Saves a vehicle and, with `activate`, makes it the active one (a vehicle already saved is not an error). */
export async function saveVehicle(vehicleId: string, { activate }: { activate: boolean }): Promise<GarageEntry> {
  const entry = await addToGarage(vehicleId);
  return activate && !entry.active ? activateGarageEntry(entry._id) : entry;
}

function useGarageWrite<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: garageKeys.all }) });
}

export const useSaveVehicle = () => useGarageWrite(({ vehicleId, activate }: { vehicleId: string; activate: boolean }) => saveVehicle(vehicleId, { activate }));
export const useActivateGarageEntry = () => useGarageWrite(activateGarageEntry);
export const useRemoveGarageEntry = () => useGarageWrite(removeGarageEntry);
