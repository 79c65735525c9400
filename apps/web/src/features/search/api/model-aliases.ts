import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelAlias, ModelAliasInput, ModelAliasList } from '@shop/shared/schemas/search';
import { api } from '../../../lib/api-client';

/**
 * Issue #38 item 2 (decision 198): the names riders give models, an admin's to edit. A write refreshes the list; a
 * failed one rejects with the server's message (ApiError). The search reads the nicknames afresh after every write.
 */
export const modelAliasesQueryKey = ['admin', 'search', 'model-aliases'] as const;

export const modelAliasesQueryOptions = () =>
  queryOptions({
    queryKey: modelAliasesQueryKey,
    queryFn: async ({ signal }) => (await api<ModelAliasList>('/search/model-aliases', { auth: true, signal })).items,
  });

export function useAddModelAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModelAliasInput) => api<ModelAlias>('/search/model-aliases', { method: 'POST', body: input, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelAliasesQueryKey }),
  });
}

export function useDeleteModelAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ deleted: true }>(`/search/model-aliases/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modelAliasesQueryKey }),
  });
}
