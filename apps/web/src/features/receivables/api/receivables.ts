import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receivables } from '@shop/shared/schemas/company';
import { api, ApiError } from '../../../lib/api-client';

/**
 * Issue #37 items 4 and 5 (decision 208): open invoices on account. The shop's admin reads every company's
 * (GET /admin/receivables); a company's member reads their company's with its terms and the credit left
 * (GET /company/invoices, null for someone of no company). Both are read afresh on every visit: an invoice is paid
 * on another page (the payment provider's), and the figures must say so when one comes back.
 */
export const adminReceivablesQueryKey = ['admin', 'receivables'] as const;
export const companyInvoicesQueryKey = ['company', 'invoices'] as const;

export const adminReceivablesQueryOptions = () =>
  queryOptions({
    queryKey: adminReceivablesQueryKey,
    queryFn: ({ signal }) => api<Receivables>('/admin/receivables', { auth: true, signal }),
    staleTime: 0,
  });

export const companyInvoicesQueryOptions = () =>
  queryOptions({
    queryKey: companyInvoicesQueryKey,
    queryFn: async ({ signal }): Promise<Receivables | null> => {
      try {
        return await api<Receivables>('/company/invoices', { auth: true, signal });
      } catch (err) {
        // Someone of no company (NOT_A_COMPANY_MEMBER): nothing to show, not an error.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 0,
  });

export const useAdminReceivables = () => useQuery(adminReceivablesQueryOptions());
export const useCompanyInvoices = () => useQuery(companyInvoicesQueryOptions());
