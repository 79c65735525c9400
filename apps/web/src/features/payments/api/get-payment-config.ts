import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

/** GET /payment-config: the processor in use and whether every page must say that no real payments are taken. */
export const fetchPaymentConfig = () => api<PaymentConfig>('/payment-config');

export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['payment-config'],
  queryFn: fetchPaymentConfig,
  staleTime: Infinity,
  meta: { silent: true },
});

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions);
