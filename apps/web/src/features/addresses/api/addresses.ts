import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveAddressInput, SavedAddress } from '@shop/shared/schemas/address-book';
import { api } from '../../../lib/api-client';

/** Issue #24: the signed-in customer's address book. */
export const addressKeys = { all: ['addresses'] as const };

export const addressesQueryOptions = queryOptions({
  queryKey: addressKeys.all,
  queryFn: ({ signal }) => api<SavedAddress[]>('/addresses', { auth: true, signal }),
  staleTime: 30_000,
});
export const useAddresses = (enabled = true) => useQuery({ ...addressesQueryOptions, enabled });

const saveAddress = ({ id, input }: { id?: string; input: SaveAddressInput }) =>
  id
    ? api<SavedAddress>(`/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true })
    : api<SavedAddress>('/addresses', { method: 'POST', body: input, auth: true });
const deleteAddress = (id: string) => api<{ deleted: true }>(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAddress, onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }) });
}
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAddress, onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }) });
}
