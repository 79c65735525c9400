import { createAuthClient } from 'better-auth/client';
import { networkCopy } from '@shop/shared/copy/network';
import { fetchWithTimeout, NetworkTimeoutError } from './network-timeout';
import { twoFactorClient } from 'better-auth/client/plugins';

/**
 * Better Auth's browser client for /api/auth/* (sign-in, sign-up, sign-out,
 * password reset, session). The shop's own API goes through api-client.ts.
 * Every identity call ends within the spec's network time-out: a stalled one
 * rejects with a NetworkTimeoutError whose message the forms show.
 */
export const authClient = createAuthClient({
  // The server renderer imports this module too, but never signs anyone in (decision 106).
  baseURL: `${typeof window === 'undefined' ? 'http://localhost' : window.location.origin}/api/auth`,
  fetchOptions: {
    credentials: 'same-origin',
    customFetchImpl: async (input, init) => {
      try {
        return await fetchWithTimeout(input, init);
      } catch (err) {
        if (err instanceof NetworkTimeoutError || (err as Error).name === 'AbortError') throw err;
        // The browser's own text ("Failed to fetch") tells a shopper nothing.
        throw new Error(networkCopy.unreachable, { cause: err });
      }
    },
  },
  // Adds authClient.twoFactor.*; the sign-in forms handle twoFactorRedirect themselves (no automatic redirect).
  plugins: [twoFactorClient()],
});
