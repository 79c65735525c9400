import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SearchMisses } from '@shop/shared/schemas/search';
import { api } from '../../../lib/api-client';

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
