import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@shop/shared/schemas/audit';
import { api } from '../../../lib/api-client';

export interface AuditFilter {
  action: string;
  entityType: string;
}

export const AUDIT_PAGE_SIZE = 25;

export const getAudit = (filter: AuditFilter, before: string | undefined, signal?: AbortSignal) => {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (before) params.set('before', before);
  if (filter.action) params.set('action', filter.action);
  if (filter.entityType) params.set('entityType', filter.entityType);
  return api<AuditPage>(`/audit?${params}`, { auth: true, signal });
};

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['audit', filter] as const,
    queryFn: ({ pageParam, signal }) => getAudit(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

export const useAudit = (filter: AuditFilter) => useInfiniteQuery(auditQueryOptions(filter));
