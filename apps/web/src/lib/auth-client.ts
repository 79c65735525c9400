import { createAuthClient } from 'better-auth/client';

/**
 * Better Auth's browser client for /api/auth/* (sign-in, sign-up, sign-out,
 * password reset, session). The shop's own API goes through api-client.ts.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: { credentials: 'same-origin' },
});

/** Popup sign-in start URL (Better Auth's oauth-popup plugin); the popup logic lives in features/identity. */
export const authPath = (p: string) => `/api/auth${p}`;
