import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@shop/shared/schemas/overview';
import { api } from '../../../lib/api-client';

/** Issue #25 item 7: GET /admin/overview (admin). */
export const getOverview = (signal?: AbortSignal) => api<Overview>('/admin/overview', { auth: true, signal });

export const overviewQueryOptions = () => queryOptions({ queryKey: ['admin', 'overview'], queryFn: ({ signal }) => getOverview(signal), staleTime: 30_000 });

export const useOverview = () => useQuery(overviewQueryOptions());
