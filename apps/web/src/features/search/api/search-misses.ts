import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelAlias, SearchMissProposal, SearchMissProposals, SearchMisses, SearchSynonym } from '@shop/shared/schemas/search';
import { api } from '../../../lib/api-client';
import { modelAliasesQueryKey } from './model-aliases';
import { synonymsQueryKey } from './synonyms';

/**
 * Issue #26 item 6 (decision 168): what shoppers searched for and did not find, an admin's to read and dismiss.
 * A dismissed query comes back if shoppers search it again.
 */
export const searchMissesQueryKey = ['admin', 'search', 'misses'] as const;

export const searchMissesQueryOptions = () =>
  queryOptions({
    queryKey: searchMissesQueryKey,
    queryFn: ({ signal }) => api<SearchMisses>('/search/misses', { auth: true, signal }),
  });

export function useDismissSearchMiss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => api<null>(`/search/misses/${encodeURIComponent(query)}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchMissesQueryKey }),
  });
}

/** Issue #38 item 2 (decision 203): the synonyms and nicknames proposed for the misses (under the misses' key, so a dismiss refreshes them). */
export const searchMissProposalsQueryKey = [...searchMissesQueryKey, 'proposals'] as const;

export const searchMissProposalsQueryOptions = () =>
  queryOptions({
    queryKey: searchMissProposalsQueryKey,
    queryFn: async ({ signal }) => (await api<SearchMissProposals>('/search/misses/proposals', { auth: true, signal })).items,
  });

/**
 * Applies a proposal through the routes an admin uses by hand, with their checks and audit: the word joins its term's
 * synonym group (PUT), or a new group with the term (POST), or becomes a model nickname (POST). The misses, their
 * proposals and the vocabulary lists are refreshed after it.
 */
export function useApplyMissProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: SearchMissProposal): Promise<ModelAlias | SearchSynonym> =>
      p.kind === 'nickname'
        ? api<ModelAlias>('/search/model-aliases', { method: 'POST', body: { alias: p.word, make: p.make, model: p.model }, auth: true })
        : p.groupId
          ? api<SearchSynonym>(`/search/synonyms/${encodeURIComponent(p.groupId)}`, {
              method: 'PUT',
              body: { terms: [...(p.groupTerms ?? [p.term]), p.word] },
              auth: true,
            })
          : api<SearchSynonym>('/search/synonyms', { method: 'POST', body: { terms: [p.term, p.word] }, auth: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchMissesQueryKey }),
        queryClient.invalidateQueries({ queryKey: synonymsQueryKey }),
        queryClient.invalidateQueries({ queryKey: modelAliasesQueryKey }),
      ]),
  });
}

/**
 * A shopper opened a result of a counted search: the words only, nothing about who. Fire and forget: a beacon, which
 * survives the page being left (a part opened in this tab is a page of the app, so a plain call also arrives); a
 * failure is no one's concern.
 */
export function sendSearchOpened(q: string): void {
  if (typeof window === 'undefined' || !q) return;
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon('/api/search/opened', new Blob([JSON.stringify({ q })], { type: 'application/json' }))
    )
      return;
  } catch {
    // Fall through to a plain call.
  }
  api<null>('/search/opened', { method: 'POST', body: { q } }).catch(() => undefined);
}
