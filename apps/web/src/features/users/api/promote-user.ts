import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** Spec: PUT /users/{id} { role: 'admin' } with the Bearer token. */
export function promoteUser(id: string) {
  return api<{ ok: true }>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: { role: 'admin' } });
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
