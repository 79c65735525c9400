import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export interface AuthSessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  emailVerified: boolean;
  /** Better Auth two-factor plugin: TOTP enrolment finished. */
  twoFactorEnabled?: boolean | null;
}

/**
 * GET /api/auth/get-session (Better Auth's endpoint): the signed-in user, or null. A plain call, not Better
 * Auth's client: every page asks it, and the client's code loads only with the identity screens (decision 107).
 */
export async function fetchSession(): Promise<AuthSessionUser | null> {
  try {
    const data = await api<{ user?: AuthSessionUser } | null>('/auth/get-session');
    return data?.user ?? null;
  } catch (err) {
    // Time-outs and an unreachable server keep their own texts; anything else says what failed.
    if (err instanceof ApiError && err.status > 0) throw new Error('Could not check your sign-in.', { cause: err });
    throw err;
  }
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

/**
 * Decision 187: the server rendered this page for the signed-in user with this id (from the session cookie), with
 * their data. Until the browser has its own access token, that user counts as signed in rather than "loading", so
 * the page hydrates as the server sent it.
 */
export const RENDERED_SESSION_QUERY_KEY = ['auth', 'rendered'] as const;
export interface RenderedSession {
  userId: string;
}
