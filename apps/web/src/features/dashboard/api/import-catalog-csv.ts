import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogImportResult } from '@shop/shared/schemas/catalog-csv';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const importCatalogCsv = ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
  api<CatalogImportResult>(`/products/import?dryRun=${dryRun}`, { method: 'POST', rawBody: csv, contentType: 'text/csv', auth: true });

export function useImportCatalogCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogCsv,
    onSuccess: (result) => {
      if (!result.dryRun) return queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}
