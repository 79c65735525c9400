import type { UserListEntry } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';

/** Every users query lives under this key; a promotion invalidates it (Make Admin reads pages: get-users-page.ts). */
export const usersQueryKey = ['users'] as const;

/** Spec: GET /users → [{ _id, name, email, role }] (admin, DESIGN §6), every account at once. */
export function getUsers(signal?: AbortSignal) {
  return api<UserListEntry[]>('/users', { auth: true, signal });
}
