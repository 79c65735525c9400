import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJobTemplate, CreateJobTemplateInput, UpdateJobTemplateInput } from '@shop/shared/schemas/job-basket';
import { api } from '../../../lib/api-client';

/**
 * Issue #36 item 3 (decision 199): the admin's job templates. Every write refreshes the list; a failed one rejects
 * with the server's message (ApiError).
 */
export const adminJobTemplatesQueryKey = ['admin', 'job-templates'] as const;

const base = (id: string) => `/admin/job-templates/${encodeURIComponent(id)}`;

export const adminJobTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: adminJobTemplatesQueryKey,
    queryFn: ({ signal }) => api<AdminJobTemplate[]>('/admin/job-templates', { auth: true, signal }),
  });

export const createJobTemplate = (input: CreateJobTemplateInput) => api<AdminJobTemplate>('/admin/job-templates', { method: 'POST', body: input, auth: true });

export const updateJobTemplate = ({ id, input }: { id: string; input: UpdateJobTemplateInput }) =>
  api<AdminJobTemplate>(base(id), { method: 'PUT', body: input, auth: true });

export const deleteJobTemplate = (id: string) => api<null>(base(id), { method: 'DELETE', auth: true });

function useJobTemplatesWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminJobTemplatesQueryKey }) });
}

export const useCreateJobTemplate = () => useJobTemplatesWrite(createJobTemplate);
export const useUpdateJobTemplate = () => useJobTemplatesWrite(updateJobTemplate);
export const useDeleteJobTemplate = () => useJobTemplatesWrite(deleteJobTemplate);
