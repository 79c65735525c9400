import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@shop/shared/address';
import type {
  Company,
  CompanyAddress,
  CompanyDetail,
  CompanyInput,
  CompanyInvite,
  CompanyInviteInput,
  CompanyMember,
  CompanyOrder,
  CompanyRole,
  MyCompany,
} from '@shop/shared/schemas/company';
import { api, ApiError } from '../../../lib/api-client';

/**
 * Issue #37 item 1 (decision 204): trade accounts. The caller's company (GET /company, null for someone of no
 * company), its orders, the company admin's writes, and the shop admin's companies. Every write refreshes what it
 * changed; a failed one rejects with the server's message (ApiError).
 */
export const myCompanyQueryKey = ['company'] as const;
export const companyOrdersQueryKey = ['company', 'orders'] as const;
export const adminCompaniesQueryKey = ['admin', 'companies'] as const;
const adminCompanyQueryKey = (id: string) => ['admin', 'companies', id] as const;

export const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: myCompanyQueryKey,
    queryFn: async ({ signal }): Promise<MyCompany | null> => {
      try {
        return await api<MyCompany>('/company', { auth: true, signal });
      } catch (err) {
        // Someone of no company: not an error, the page says so.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 0,
  });

export const companyOrdersQueryOptions = () =>
  queryOptions({
    queryKey: companyOrdersQueryKey,
    queryFn: ({ signal }) => api<CompanyOrder[]>('/company/orders', { auth: true, signal }),
    staleTime: 0,
  });

export const joinCompany = (token: string) => api<MyCompany>('/company/join', { method: 'POST', body: { token }, auth: true });
export const inviteToMyCompany = (input: CompanyInviteInput) => api<CompanyInvite>('/company/invites', { method: 'POST', body: input, auth: true });
export const withdrawInvite = (id: string) => api<null>(`/company/invites/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
export const updateMyCompanyMember = ({ userId, patch }: { userId: string; patch: { role?: CompanyRole; seesAllOrders?: boolean } }) =>
  api<CompanyMember>(`/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: patch, auth: true });
export const removeMyCompanyMember = (userId: string) => api<null>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true });

function useCompanyWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: myCompanyQueryKey }) });
}

export const useJoinCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCompany,
    onSuccess: (mine) => {
      queryClient.setQueryData(myCompanyQueryKey, mine);
      void queryClient.invalidateQueries({ queryKey: companyOrdersQueryKey });
    },
  });
};
export const useInviteToMyCompany = () => useCompanyWrite(inviteToMyCompany);

// Issue #37 item 5 (decision 209): the company's delivery addresses (under ['company'], so every company write reloads them).
export const companyAddressesQueryKey = ['company', 'addresses'] as const;
export const companyAddressesQueryOptions = () =>
  queryOptions({
    queryKey: companyAddressesQueryKey,
    queryFn: async ({ signal }): Promise<CompanyAddress[]> => {
      try {
        return await api<CompanyAddress[]>('/company/addresses', { auth: true, signal });
      } catch (err) {
        // Someone of no company has none.
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    staleTime: 0,
  });
export const addCompanyAddress = (address: Address) => api<CompanyAddress>('/company/addresses', { method: 'POST', body: { address }, auth: true });
export const removeCompanyAddress = (id: string) => api<null>(`/company/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
export const useAddCompanyAddress = () => useCompanyWrite(addCompanyAddress);
export const useRemoveCompanyAddress = () => useCompanyWrite(removeCompanyAddress);
export const useWithdrawInvite = () => useCompanyWrite(withdrawInvite);
export const useUpdateMyCompanyMember = () => useCompanyWrite(updateMyCompanyMember);
export const useRemoveMyCompanyMember = () => useCompanyWrite(removeMyCompanyMember);

// ── The shop's admin ──

export const adminCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: adminCompaniesQueryKey,
    queryFn: ({ signal }) => api<Company[]>('/admin/companies', { auth: true, signal }),
  });

export const adminCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminCompanyQueryKey(id),
    queryFn: ({ signal }) => api<CompanyDetail>(`/admin/companies/${encodeURIComponent(id)}`, { auth: true, signal }),
    staleTime: 0,
  });

const adminBase = (id: string) => `/admin/companies/${encodeURIComponent(id)}`;
export const createCompany = (input: CompanyInput) => api<Company>('/admin/companies', { method: 'POST', body: input, auth: true });
export const updateCompany = ({ id, input }: { id: string; input: Partial<CompanyInput> }) =>
  api<Company>(adminBase(id), { method: 'PATCH', body: input, auth: true });
export const adminInvite = ({ id, input }: { id: string; input: CompanyInviteInput }) =>
  api<CompanyInvite>(`${adminBase(id)}/invites`, { method: 'POST', body: input, auth: true });
export const adminRemoveMember = ({ id, userId }: { id: string; userId: string }) =>
  api<null>(`${adminBase(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true });
export const adminWithdrawInvite = ({ id, inviteId }: { id: string; inviteId: string }) =>
  api<null>(`${adminBase(id)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE', auth: true });
export const adminUpdateMember = ({ id, userId, patch }: { id: string; userId: string; patch: { role?: CompanyRole; seesAllOrders?: boolean } }) =>
  api<CompanyMember>(`${adminBase(id)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: patch, auth: true });

/** Every admin write refreshes the list and the companies' details (member counts change with them). */
function useAdminCompanyWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesQueryKey }) });
}

export const useCreateCompany = () => useAdminCompanyWrite(createCompany);
export const useUpdateCompany = () => useAdminCompanyWrite(updateCompany);
export const useAdminInvite = () => useAdminCompanyWrite(adminInvite);
export const useAdminRemoveMember = () => useAdminCompanyWrite(adminRemoveMember);
export const useAdminWithdrawInvite = () => useAdminCompanyWrite(adminWithdrawInvite);
export const useAdminUpdateMember = () => useAdminCompanyWrite(adminUpdateMember);
