import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestInvoice } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

/**
 * Decision 208: an invoice of the built-in test processor, as its payment page shows it. No Bearer token: like
 * Stripe's hosted invoice page, the invoice's link is the capability.
 */
export const testInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['test-invoices', id] as const,
    queryFn: ({ signal }) => api<TestInvoice>(`/test-payments/invoices/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export const useTestInvoice = (id: string) => useQuery(testInvoiceQueryOptions(id));

export const payTestInvoice = (id: string, paymentMethod: string) =>
  api<TestInvoice>(`/test-payments/invoices/${encodeURIComponent(id)}/pay`, { method: 'POST', body: { paymentMethod } });
