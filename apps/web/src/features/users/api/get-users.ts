import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

/** Spec: GET /users → [{ _id, name, email, role }] (admin, DESIGN §6). */
export function getUsers(signal?: AbortSignal) {
  return api<UserListEntry[]>('/users', { auth: true, signal });
}

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal), staleTime: 0 });

export const useUsers = () => useQuery(usersQueryOptions());
