import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, PasswordChangeInput } from '@shop/shared/schemas/session';
import { api } from '../../../lib/api-client';

/** Issue #22: the signed-in user's own sessions (GET /api/sessions). */
export const SESSIONS_QUERY_KEY = ['sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: ({ signal }) => api<{ items: AccountSession[] }>('/sessions', { auth: true, signal }).then((r) => r.items),
    staleTime: 0,
  });
}

function useSessionsMutation<T>(call: (input: T) => Promise<{ revoked: number }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }) });
}

/** DELETE /api/sessions/{id}: signs out one other session. */
export const useRevokeSession = () =>
  useSessionsMutation((id: string) => api<{ revoked: number }>(`/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }));

/** DELETE /api/sessions?others=true: signs out every session but this one. */
export const useRevokeOtherSessions = () => useSessionsMutation(() => api<{ revoked: number }>('/sessions?others=true', { method: 'DELETE', auth: true }));

/** POST /api/sessions/password: the shop's password rules on the server; the other sessions end. */
export const useChangePassword = () =>
  useSessionsMutation((input: PasswordChangeInput) => api<{ revoked: number }>('/sessions/password', { method: 'POST', auth: true, body: input }));
