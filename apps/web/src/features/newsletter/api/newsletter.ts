import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { NewsletterLinkResult, NewsletterStatus, NewsletterSubscriberPage } from '@shop/shared/schemas/newsletter';
import { api } from '../../../lib/api-client';

/** Issue #39 (decision 186): the links of the newsletter e-mails (no sign-in: the token is the proof), and the admin's list. */
export const confirmNewsletter = (token: string) => api<NewsletterLinkResult>('/newsletter/confirm', { method: 'POST', body: { token } });
export const unsubscribeNewsletter = (token: string) => api<NewsletterLinkResult>('/newsletter/unsubscribe', { method: 'POST', body: { token } });

export const useConfirmNewsletter = () => useMutation({ mutationKey: ['newsletter', 'confirm'], mutationFn: confirmNewsletter });
export const useUnsubscribeNewsletter = () => useMutation({ mutationKey: ['newsletter', 'unsubscribe'], mutationFn: unsubscribeNewsletter });

export interface SubscribersFilter {
  /** undefined: every address. */
  status?: NewsletterStatus;
  q: string;
  page: number;
  limit: number;
}

export const subscribersKeys = {
  all: ['admin', 'newsletter-subscribers'] as const,
  list: (filter: SubscribersFilter) => ['admin', 'newsletter-subscribers', 'list', filter] as const,
};

const query = (f: SubscribersFilter) => {
  const p = new URLSearchParams({ page: String(f.page), limit: String(f.limit) });
  if (f.status) p.set('status', f.status);
  if (f.q) p.set('q', f.q);
  return p;
};

export const getSubscribers = (filter: SubscribersFilter, signal?: AbortSignal) =>
  api<NewsletterSubscriberPage>(`/newsletter/subscribers?${query(filter)}`, { auth: true, signal });

export const subscribersQueryOptions = (filter: SubscribersFilter) =>
  queryOptions({
    queryKey: subscribersKeys.list(filter),
    queryFn: ({ signal }) => getSubscribers(filter, signal),
    // Visitors sign up while the admin reads; the previous page stays on screen while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (filter: SubscribersFilter) => useQuery(subscribersQueryOptions(filter));

/** The confirmed addresses as CSV (fetched with the access token, then handed to the browser as a file). */
export const exportConfirmedSubscribers = () => api<string>('/newsletter/subscribers.csv', { auth: true });
