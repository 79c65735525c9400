import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';

export interface AuthSessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  /** Better Auth two-factor plugin: TOTP enrolment finished. */
  twoFactorEnabled?: boolean | null;
}

/** GET /api/auth/get-session through Better Auth's client: the signed-in user, or null. */
export async function fetchSession(): Promise<AuthSessionUser | null> {
  const { data, error } = await authClient.getSession();
  if (error) throw new Error(error.message ?? 'Could not check your sign-in.');
  return data?.user ?? null;
}

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  staleTime: 60_000,
  // Signing out in another tab shows here when the customer comes back.
  refetchOnWindowFocus: true,
  meta: { silent: true },
});
