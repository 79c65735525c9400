import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FitmentListPage } from '@shop/shared/schemas/fitment-list';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

/** GET /product/{id}/fitment: one page of a part's fit list (decision 217), optionally one make's. */
export function getPartFitment(id: string, page: number, make: string, signal?: AbortSignal): Promise<FitmentListPage> {
  const search = new URLSearchParams({ page: String(page) });
  if (make) search.set('make', make);
  return api<FitmentListPage>(`/product/${encodeURIComponent(id)}/fitment?${search}`, { signal });
}

/** Under the catalogue's key, so the server renders it with the part and a catalogue change refreshes it. */
export const partFitmentQueryOptions = (id: string, page: number, make: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'detail', id, 'fitment', page, make.toLowerCase()] as const,
    queryFn: ({ signal }) => getPartFitment(id, page, make, signal),
    // The page shown stays while the next one loads (no jump of the page below the list).
    placeholderData: keepPreviousData,
  });
