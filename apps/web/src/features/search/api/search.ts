import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@shop/shared/schemas/search';
import { SEARCH_SUGGESTIONS } from '@shop/shared/search-options';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';
import { searchApiParams, type SearchState } from '../search-params';

export const SEARCH_PAGE_SIZE = 12;

/**
 * Issue #26 item 6 (decision 168): page 1 of a search the shopper submitted (the results page, never the
 * suggestions) asks the shop to count it (`track=true`), per words and with nothing about who.
 */
export const isTrackedSearch = (state: SearchState) => state.q !== '' && state.page === 1;

export function getSearch(state: SearchState, limit: number, signal?: AbortSignal, track = false): Promise<SearchResult> {
  const query = searchApiParams(state);
  query.set('limit', String(limit));
  if (track && isTrackedSearch(state)) query.set('track', 'true');
  return api<SearchResult>(`/search?${query}`, { signal });
}

// Under the 'products' prefix, so a catalogue change refreshes search answers too. A counted search has a key of its
// own, so the answer the suggestions share with it is never what counts it.
export const searchQueryOptions = (state: SearchState, limit = SEARCH_PAGE_SIZE, track = false) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'search', searchApiParams(state).toString(), limit, ...(track && isTrackedSearch(state) ? ['tracked'] : [])] as const,
    queryFn: ({ signal }) => getSearch(state, limit, signal, track),
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
