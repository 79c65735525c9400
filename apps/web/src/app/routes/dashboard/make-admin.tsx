import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usersCopy } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { LoadError } from '../../../components/ui/load-error';
import { ProductsPagination } from '../../../features/catalog/components/products-pagination';
import { parsePageParam } from '../../../features/catalog/page-param';
import { AdminSearchForm } from '../../../features/dashboard/components/admin-search-form';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { useAuth } from '../../../features/identity/auth-context';
import { usersPageQueryOptions } from '../../../features/users/api/get-users-page';
import { MakeAdminDialog } from '../../../features/users/components/make-admin-dialog';
import { RemoveAdminDialog } from '../../../features/users/components/remove-admin-dialog';
import { TaxExemptionDialog } from '../../../features/users/components/tax-exemption-dialog';
import { UsersList, UsersListSkeleton } from '../../../features/users/components/users-list';

const searchCopy = {
  label: usersCopy.searchLabel,
  placeholder: usersCopy.searchPlaceholder,
  button: usersCopy.searchButton,
  clear: usersCopy.clearSearch,
};

/**
 * /dashboard/makeAdmin (admin; the router's AdminRoute guards it). One page of accounts at a time; the page and
 * the search in the address (?q=weber&page=2), so reload, back and a shared link keep them.
 */
export default function MakeAdminPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const q = params.get('q') ?? '';
  const users = useQuery(usersPageQueryOptions(page, q));
  const [target, setTarget] = useState<UserListEntry | null>(null);
  const [demoteTarget, setDemoteTarget] = useState<UserListEntry | null>(null);
  const [taxTarget, setTaxTarget] = useState<UserListEntry | null>(null);
  const top = useRef<HTMLElement>(null);
  const data = users.data;
  const placeholder = users.isPlaceholderData;

  const update = (next: { page?: number; q?: string }, replace = false) => {
    const merged = { page: 1, q, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set('q', merged.q);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, { preventScrollReset: true, replace });
  };
  const goTo = (next: number) => {
    update({ page: next });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // A bookmarked page past the end: show the last page that exists.
  const lastPage = data?.pages ?? 0;
  useEffect(() => {
    if (!placeholder && lastPage >= 1 && page > lastPage) update({ page: lastPage }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render from the same params
  }, [placeholder, lastPage, page]);

  return (
    <section ref={top} aria-labelledby="make-admin-title" className="scroll-mt-24">
      <DashboardPageHeader id="make-admin-title" title={usersCopy.title} intro={usersCopy.subtitle}>
        {data && <p className="text-sm font-semibold text-base-content/70">{q ? usersCopy.found(data.total) : usersCopy.count(data.total)}</p>}
      </DashboardPageHeader>
      <div className="mb-4">
        <AdminSearchForm id="users-search" copy={searchCopy} value={q} onSearch={(next) => update({ q: next })} />
      </div>
      {users.isPending ? (
        <UsersListSkeleton />
      ) : users.isError && !data ? (
        <LoadError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : !data || data.total === 0 ? (
        <p role={q ? 'status' : undefined} className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">
          {q ? usersCopy.noMatch : usersCopy.empty}
        </p>
      ) : (
        <div aria-busy={placeholder} className={`flex flex-col gap-6 transition-opacity ${placeholder ? 'opacity-60' : ''}`}>
          <UsersList
            users={data.items}
            offset={(data.page - 1) * data.limit}
            meEmail={user?.email}
            onPromote={setTarget}
            onDemote={setDemoteTarget}
            onTaxExemption={setTaxTarget}
          />
          {data.pages > 1 && <ProductsPagination page={data.page} pages={data.pages} onPageChange={goTo} />}
        </div>
      )}
      <MakeAdminDialog target={target} onClose={() => setTarget(null)} />
      <RemoveAdminDialog target={demoteTarget} onClose={() => setDemoteTarget(null)} />
      <TaxExemptionDialog target={taxTarget} onClose={() => setTaxTarget(null)} />
    </section>
  );
}
