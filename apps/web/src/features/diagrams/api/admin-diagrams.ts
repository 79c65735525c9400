import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { networkCopy } from '@shop/shared/copy/network';
import type { HotspotBox } from '@shop/shared/diagrams';
import type { AdminDiagram, CreateDiagramInput } from '@shop/shared/schemas/diagram';
import { ApiError, api, getAccessToken } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download';
import { NetworkTimeoutError, fetchWithTimeout } from '../../../lib/network-timeout';

/**
 * Issue #36 item 1 (decision 197): the admin's parts diagrams. Every write refreshes the list; a failed one rejects
 * with the server's message (ApiError).
 */
export const adminDiagramsQueryKey = ['admin', 'diagrams'] as const;

const base = (id: string) => `/admin/diagrams/${encodeURIComponent(id)}`;

export const adminDiagramsQueryOptions = () =>
  queryOptions({
    queryKey: adminDiagramsQueryKey,
    queryFn: ({ signal }) => api<AdminDiagram[]>('/admin/diagrams', { auth: true, signal }),
  });

export const createDiagram = (input: CreateDiagramInput) => api<AdminDiagram>('/admin/diagrams', { method: 'POST', body: input, auth: true });

export const deleteDiagram = (id: string) => api<null>(base(id), { method: 'DELETE', auth: true });

export const placeHotspot = ({ id, number, box }: { id: string; number: number; box: HotspotBox }) =>
  api<AdminDiagram>(`${base(id)}/callouts/${number}`, { method: 'PATCH', body: box, auth: true });

/** GET …/callouts.csv with the bearer token, handed to the browser as a file. */
export async function exportCallouts(diagram: Pick<AdminDiagram, '_id' | 'slug'>): Promise<void> {
  const csv = await api<string>(`${base(diagram._id)}/callouts.csv`, { auth: true });
  downloadText(`${diagram.slug}-callouts.csv`, csv);
}

export interface CalloutProblem {
  line: number;
  message: string;
}

/** A refused callout CSV: the server's summary, and every bad row by its line. */
export class CalloutImportError extends ApiError {
  constructor(
    message: string,
    status: number,
    code: string | undefined,
    public readonly problems: CalloutProblem[],
  ) {
    super(message, status, code);
    this.name = 'CalloutImportError';
  }
}

/**
 * PUT …/callouts (text/csv): replaces every callout, all or none. The shared `api` client keeps only the message of
 * an error, and a refused file lists its rows in error.details.problems, so this one call reads the answer itself.
 * A 401 goes through `api` again, which renews the session and retries (its error then has the summary only).
 */
export async function importCallouts({ id, csv }: { id: string; csv: string }): Promise<{ imported: number }> {
  const path = `${base(id)}/callouts`;
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'text/csv' };
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetchWithTimeout(`/api${path}`, { method: 'PUT', headers, body: csv, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof NetworkTimeoutError) throw new ApiError(err.message, 0, 'TIMEOUT');
    throw new ApiError(networkCopy.unreachable, 0, 'NETWORK');
  }
  if (res.status === 401) return api<{ imported: number }>(path, { method: 'PUT', rawBody: csv, contentType: 'text/csv', auth: true });
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  if (res.ok) return data as { imported: number };
  const error = (data as { error?: { message?: string; code?: string; details?: { problems?: CalloutProblem[] } } } | undefined)?.error;
  throw new CalloutImportError(error?.message ?? `Request failed (${res.status})`, res.status, error?.code, error?.details?.problems ?? []);
}

function useDiagramsWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDiagramsQueryKey }) });
}

export const useCreateDiagram = () => useDiagramsWrite(createDiagram);
export const useDeleteDiagram = () => useDiagramsWrite(deleteDiagram);
export const usePlaceHotspot = () => useDiagramsWrite(placeHotspot);
export const useImportCallouts = () => useDiagramsWrite(importCallouts);
