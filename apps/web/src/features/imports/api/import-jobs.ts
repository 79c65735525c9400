import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_JOB_ACTIVE_STATUSES, type ImportJob } from '@shop/shared/schemas/import-job';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

/** Issue #35 item 2 (decision 200): the admin's import jobs. The list polls every second while one is moving. */
export const importJobsQueryKey = ['admin', 'imports'] as const;

export const hasActiveJob = (jobs: readonly ImportJob[] | undefined) => Boolean(jobs?.some((j) => IMPORT_JOB_ACTIVE_STATUSES.includes(j.status)));

export const importJobsQueryOptions = () =>
  queryOptions({
    queryKey: importJobsQueryKey,
    queryFn: async ({ signal }) => (await api<{ items: ImportJob[] }>('/admin/imports', { auth: true, signal })).items,
    refetchInterval: (query) => (hasActiveJob(query.state.data) ? 1000 : false),
  });

export function uploadImport({ file, kind }: { file: File; kind: string }) {
  const form = new FormData();
  // The kind first: the server reads the fields in order and streams the file to disk.
  form.append('kind', kind);
  form.append('file', file, file.name);
  return api<ImportJob>('/admin/imports', { method: 'POST', rawBody: form, auth: true });
}

const action = (verb: 'cancel' | 'commit' | 'discard') => (id: string) =>
  api<ImportJob>(`/admin/imports/${encodeURIComponent(id)}/${verb}`, { method: 'POST', auth: true });

function useImportMutation<T>(fn: (input: T) => Promise<ImportJob>, touchesCatalogue = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: importJobsQueryKey });
      if (touchesCatalogue) await queryClient.invalidateQueries({ queryKey: productsQueryKey });
    },
  });
}

/** A feed import's report as CSV (admin), fetched with the access token: a plain link could not send it. */
export const fetchImportReportCsv = (id: string) => api<string>(`/admin/imports/${encodeURIComponent(id)}/report.csv`, { auth: true });

export const useUploadImport = () => useImportMutation(uploadImport);
export const useCancelImport = () => useImportMutation(action('cancel'));
export const useCommitImport = () => useImportMutation(action('commit'), true);
export const useDiscardImport = () => useImportMutation(action('discard'));
