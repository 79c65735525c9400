import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { CreateReturnInput } from '@shop/shared/schemas/return';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Issue #25 item 4: POST /purchases/{ref}/returns (the order's customer); answers the order with its returns. */
export const createReturn = ({ ref, input }: { ref: string; input: CreateReturnInput }) =>
  api<Purchase>(`/purchases/${encodeURIComponent(ref)}/returns`, { method: 'POST', auth: true, body: input });

export type ReturnStep = 'approve' | 'reject' | 'receive';

/** POST /returns/{id}/{step} (admin). */
export const stepReturn = ({ id, step, note = '' }: { id: string; step: ReturnStep; note?: string }) =>
  api<Purchase>(`/returns/${encodeURIComponent(id)}/${step}`, { method: 'POST', auth: true, body: { note } });

/** POST /returns/{id}/refund (admin). */
export const refundReturn = ({ id, restock, shipping }: { id: string; restock: boolean; shipping: boolean }) =>
  api<Purchase>(`/returns/${encodeURIComponent(id)}/refund`, { method: 'POST', auth: true, body: { restock, shipping } });

function useOrderMutation<T>(fn: (input: T) => Promise<Purchase>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }) });
}

export const useCreateReturn = () => useOrderMutation(createReturn);
export const useStepReturn = () => useOrderMutation(stepReturn);
export const useRefundReturn = () => useOrderMutation(refundReturn);
