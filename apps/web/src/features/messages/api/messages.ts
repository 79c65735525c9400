import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageItem, ContactMessagePage, ContactMessageStatus } from '@shop/shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

/**
 * Issue #25 item 6: the contact-form messages an admin reads on Messages (every call an admin's). Marking one
 * handled or open again refreshes every list and the menu's counts (what waits on the shop, issue #39 item 2).
 */
export interface MessagesFilter {
  status: ContactMessageStatus;
  page: number;
  limit: number;
}

export const messagesKeys = {
  all: ['admin', 'messages'] as const,
  list: (filter: MessagesFilter) => ['admin', 'messages', 'list', filter] as const,
};

const query = (filter: MessagesFilter) => new URLSearchParams({ status: filter.status, page: String(filter.page), limit: String(filter.limit) });

export const getMessages = (filter: MessagesFilter, signal?: AbortSignal) => api<ContactMessagePage>(`/messages?${query(filter)}`, { auth: true, signal });

export const messagesQueryOptions = (filter: MessagesFilter) =>
  queryOptions({
    queryKey: messagesKeys.list(filter),
    queryFn: ({ signal }) => getMessages(filter, signal),
    // Visitors write while the admin reads; the previous page stays on screen while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useMessages = (filter: MessagesFilter) => useQuery(messagesQueryOptions(filter));

export const setMessageHandled = ({ id, handled }: { id: string; handled: boolean }) =>
  api<ContactMessageItem>(`/messages/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled }, auth: true });

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    // The menu's badge reads what waits on the shop (issue #39 item 2).
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: messagesKeys.all }), queryClient.invalidateQueries({ queryKey: orderKeys.waiting })]),
  });
}
