import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxExemptionInput } from '@shop/shared/schemas/shipping-tax';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export interface TaxExemption {
  taxExempt: boolean;
  taxId: string;
}

/** Issue #24: PUT /users/{id}/tax-exemption (admin): a business customer's exemption and VAT or resale number. */
export function setTaxExemption({ id, input }: { id: string; input: TaxExemptionInput }) {
  return api<TaxExemption>(`/users/${encodeURIComponent(id)}/tax-exemption`, { method: 'PUT', auth: true, body: input });
}

export function useSetTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaxExemption,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
