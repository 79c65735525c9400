import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SearchSynonym, SearchSynonymInput, SearchSynonymList } from '@shop/shared/schemas/search';
import { api } from '../../../lib/api-client';

/**
 * Issue #26 (decision 158): the search's synonym groups, an admin's to edit. A write refreshes the list; a failed one
 * rejects with the server's message (ApiError). The search reads the groups afresh after every write.
 */
export const synonymsQueryKey = ['admin', 'search', 'synonyms'] as const;

export const synonymsQueryOptions = () =>
  queryOptions({
    queryKey: synonymsQueryKey,
    queryFn: async ({ signal }) => (await api<SearchSynonymList>('/search/synonyms', { auth: true, signal })).items,
  });

export function useSaveSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SearchSynonymInput }) =>
      id
        ? api<SearchSynonym>(`/search/synonyms/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true })
        : api<SearchSynonym>('/search/synonyms', { method: 'POST', body: input, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: synonymsQueryKey }),
  });
}

export function useDeleteSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ deleted: true }>(`/search/synonyms/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: synonymsQueryKey }),
  });
}
