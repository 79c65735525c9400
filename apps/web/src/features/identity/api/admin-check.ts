import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTwoFactorState } from '@shop/shared/schemas/account';
import { api } from '../../../lib/api-client';

/** Spec: GET /admin/{email} with the Bearer token → { admin }, plus, for an admin asking about themselves, the second-factor state (issue #7). */
export function fetchAdminCheck(email: string) {
  return api<{ admin: boolean; twoFactor?: AdminTwoFactorState }>(`/admin/${encodeURIComponent(email)}`, { auth: true });
}

export const adminCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: () => fetchAdminCheck(email),
    // A failed check simply means "not admin"; the server refuses admin calls anyway.
    meta: { silent: true },
  });

export function useAdminCheck(email: string | undefined, enabled: boolean) {
  return useQuery({ ...adminCheckQueryOptions(email ?? ''), enabled: Boolean(email) && enabled });
}
