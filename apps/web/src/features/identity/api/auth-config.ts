import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AuthConfig {
  emailPassword: true;
  google: boolean;
}

/** GET /auth-config: which sign-in methods the shop offers (Google only with credentials). */
export const fetchAuthConfig = () => api<AuthConfig>('/auth-config');

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: fetchAuthConfig,
  staleTime: Infinity,
  meta: { silent: true },
});

export const useAuthConfig = () => useQuery(authConfigQueryOptions);
