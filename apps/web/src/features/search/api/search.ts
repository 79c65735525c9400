import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@shop/shared/schemas/search';
import { SEARCH_SUGGESTIONS } from '@shop/shared/search-options';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';
import { searchApiParams, type SearchState } from '../search-params';

export const SEARCH_PAGE_SIZE = 12;

export function getSearch(state: SearchState, limit: number, signal?: AbortSignal): Promise<SearchResult> {
  const query = searchApiParams(state);
  query.set('limit', String(limit));
  return api<SearchResult>(`/search?${query}`, { signal });
}

// Under the 'products' prefix, so a catalogue change refreshes search answers too.
export const searchQueryOptions = (state: SearchState, limit = SEARCH_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'search', searchApiParams(state).toString(), limit] as const,
    queryFn: ({ signal }) => getSearch(state, limit, signal),
    // Keep the current results on screen while the next filter loads.
    placeholderData: keepPreviousData,
  });

export function useSearch(state: SearchState) {
  return useQuery(searchQueryOptions(state));
}

/** At most 8 suggestions for the words typed so far (already debounced by the caller). */
export function useSuggestions(q: string) {
  const state: SearchState = { q, inStock: false, sort: 'relevance', page: 1 };
  return useQuery({
    ...searchQueryOptions(state, SEARCH_SUGGESTIONS),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
