import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PriceListDetail,
  PriceListImportResult,
  PriceListInput,
  PriceListPatch,
  PriceListPrice,
  PriceListPriceInput,
  PriceListSummary,
} from '@shop/shared/schemas/price-list';
import { api } from '../../../lib/api-client';

/**
 * Issue #37 item 2 (decision 206): the shop admin's trade price lists. Every write refreshes what it changed (the
 * list of lists and the list's page); a failed one rejects with the server's message (ApiError).
 */
export const adminPriceListsQueryKey = ['admin', 'price-lists'] as const;
const adminPriceListQueryKey = (id: string) => ['admin', 'price-lists', id] as const;

export const adminPriceListsQueryOptions = () =>
  queryOptions({
    queryKey: adminPriceListsQueryKey,
    queryFn: ({ signal }) => api<PriceListSummary[]>('/admin/price-lists', { auth: true, signal }),
  });

export const adminPriceListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminPriceListQueryKey(id),
    queryFn: ({ signal }) => api<PriceListDetail>(base(id), { auth: true, signal }),
    staleTime: 0,
  });

const base = (id: string) => `/admin/price-lists/${encodeURIComponent(id)}`;
const priceBase = (id: string, productId: string) => `${base(id)}/prices/${encodeURIComponent(productId)}`;

export const createPriceList = (input: PriceListInput) => api<PriceListDetail>('/admin/price-lists', { method: 'POST', body: input, auth: true });
export const updatePriceList = ({ id, patch }: { id: string; patch: PriceListPatch }) =>
  api<PriceListDetail>(base(id), { method: 'PATCH', body: patch, auth: true });
export const deletePriceList = (id: string) => api<null>(base(id), { method: 'DELETE', auth: true });
export const setListPrice = ({ id, productId, input }: { id: string; productId: string; input: PriceListPriceInput }) =>
  api<PriceListPrice>(priceBase(id, productId), { method: 'PUT', body: input, auth: true });
export const removeListPrice = ({ id, productId }: { id: string; productId: string }) => api<null>(priceBase(id, productId), { method: 'DELETE', auth: true });
/** GET …/prices.csv: the list's prices in the format the upload reads (fetched with the token, so no plain link). */
export const exportListPricesCsv = (id: string) => api<string>(`${base(id)}/prices.csv`, { auth: true });
/** POST …/prices.csv (text/csv): every row or none; a wrong row answers 400 with each problem by line in its message. */
export const importListPricesCsv = ({ id, csv }: { id: string; csv: string }) =>
  api<PriceListImportResult>(`${base(id)}/prices.csv`, { method: 'POST', rawBody: csv, contentType: 'text/csv', auth: true });

/** Every write refreshes the lists (their counts and summaries) and the lists' pages. */
function usePriceListWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPriceListsQueryKey }) });
}

export const useCreatePriceList = () => usePriceListWrite(createPriceList);
export const useUpdatePriceList = () => usePriceListWrite(updatePriceList);
export const useSetListPrice = () => usePriceListWrite(setListPrice);
export const useRemoveListPrice = () => usePriceListWrite(removeListPrice);
export const useImportListPricesCsv = () => usePriceListWrite(importListPricesCsv);
export const useExportListPricesCsv = () => useMutation({ mutationFn: exportListPricesCsv });

/** A deleted list's page is dropped (not read again: it would answer 404), and the lists are refreshed. */
export const useDeletePriceList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePriceList,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminPriceListQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: adminPriceListsQueryKey, exact: true });
    },
  });
};
