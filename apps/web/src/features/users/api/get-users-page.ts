import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { USERS_PAGE_DEFAULT_LIMIT, type UserPage } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const USERS_PER_PAGE = USERS_PAGE_DEFAULT_LIMIT;

/** GET /users?page=&limit= (admin): one page of accounts, administrators first, then the newest. */
export function getUsersPage(page: number, limit = USERS_PER_PAGE, signal?: AbortSignal) {
  return api<UserPage>(`/users?${new URLSearchParams({ page: String(page), limit: String(limit) })}`, { auth: true, signal });
}

// Under the 'users' prefix, so a promotion refreshes the page.
export const usersPageQueryOptions = (page: number, limit = USERS_PER_PAGE) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'page', { page, limit }] as const,
    queryFn: ({ signal }) => getUsersPage(page, limit, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
