import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { CreateRefundInput } from '@shop/shared/schemas/refund';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Issue #25 item 3: POST /purchases/{TT-number}/refunds (admin); answers the order with its refunds. */
export const createRefund = ({ ref, input }: { ref: string; input: CreateRefundInput }) =>
  api<Purchase>(`/purchases/${encodeURIComponent(ref)}/refunds`, { method: 'POST', auth: true, body: input });

export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
