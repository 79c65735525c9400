import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { USERS_PAGE_DEFAULT_LIMIT, type UserPage } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const USERS_PER_PAGE = USERS_PAGE_DEFAULT_LIMIT;

/** GET /users?page=&limit=&q= (admin): one page of accounts, administrators first, then the newest; q searches names and e-mails. */
export function getUsersPage(page: number, q = '', limit = USERS_PER_PAGE, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set('q', q);
  return api<UserPage>(`/users?${query}`, { auth: true, signal });
}

// Under the 'users' prefix, so a promotion refreshes the page.
export const usersPageQueryOptions = (page: number, q = '', limit = USERS_PER_PAGE) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'page', { page, limit, q }] as const,
    queryFn: ({ signal }) => getUsersPage(page, q, limit, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
