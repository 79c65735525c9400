import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@shop/shared/schemas/user';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** Spec: PUT /user/{email} { education, location, phone, linkedin } with the Bearer token. */
export function updateProfile(email: string, fields: ProfileUpdateInput) {
  return api<{ ok: true }>(`/user/${encodeURIComponent(email)}`, { method: 'PUT', auth: true, body: fields });
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: ProfileUpdateInput) => updateProfile(email, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(email) }),
  });
}
