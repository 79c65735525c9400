import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoteResult } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** Issue #25: DELETE /users/{id}/admin takes the admin role back from another admin (never your own, never the last admin's). */
export function demoteUser(id: string) {
  return api<DemoteResult>(`/users/${encodeURIComponent(id)}/admin`, { method: 'DELETE', auth: true });
}

export function useDemoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
