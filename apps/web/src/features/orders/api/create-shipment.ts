import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@shop/shared/schemas/cart';
import type { CreateShipmentInput } from '@shop/shared/schemas/shipment';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** Issue #25: POST /purchases/{TT-number}/shipments (admin); answers the order with its shipments. */
export const createShipment = ({ ref, input }: { ref: string; input: CreateShipmentInput }) =>
  api<Purchase>(`/purchases/${encodeURIComponent(ref)}/shipments`, { method: 'POST', auth: true, body: input });

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
