import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';

export const profileQueryKey = (email: string) => ['profile', email.toLowerCase()] as const;

/** Spec: GET /user/{email} → the profile (DESIGN §6: that user or an admin, with the Bearer token). */
export function getProfile(email: string, signal?: AbortSignal) {
  return api<Profile>(`/user/${encodeURIComponent(email)}`, { auth: true, signal });
}

export const profileQueryOptions = (email: string) => queryOptions({ queryKey: profileQueryKey(email), queryFn: ({ signal }) => getProfile(email, signal) });

export function useProfile(email: string | undefined) {
  return useQuery({ ...profileQueryOptions(email ?? ''), enabled: Boolean(email) });
}
