import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SyncUserInput {
  email: string;
  name: string;
}

/** Spec: PUT /user/{email} { email, name } after every sign-in → { token }. Needs the Better Auth session cookie. */
export function syncUser(input: SyncUserInput) {
  return api<{ token: string }>(`/user/${encodeURIComponent(input.email)}`, { method: 'PUT', body: { email: input.email, name: input.name } });
}

export function useSyncUser() {
  return useMutation({ mutationFn: syncUser });
}
