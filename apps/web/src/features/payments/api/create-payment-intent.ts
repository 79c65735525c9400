import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentResponse } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

export const createPaymentIntent = (orderId: string, signal?: AbortSignal) =>
  api<PaymentIntentResponse>('/create-payment-intent', { method: 'POST', body: { orderId }, auth: true, signal });

/**
 * A query, not a mutation: the server reuses the order's existing intent, so
 * asking again (remount, StrictMode) is safe and never creates a second charge.
 */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId] as const,
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) => useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
