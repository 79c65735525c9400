import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { usersCopy } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { LoadError } from '../../../components/ui/load-error';
import { ProductsPagination } from '../../../features/catalog/components/products-pagination';
import { parsePageParam } from '../../../features/catalog/page-param';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { useAuth } from '../../../features/identity/auth-context';
import { usersPageQueryOptions } from '../../../features/users/api/get-users-page';
import { MakeAdminDialog } from '../../../features/users/components/make-admin-dialog';
import { TaxExemptionDialog } from '../../../features/users/components/tax-exemption-dialog';
import { UsersList, UsersListSkeleton } from '../../../features/users/components/users-list';

/** /dashboard/makeAdmin (admin; the router's AdminRoute guards it). One page of accounts at a time, the page in the address (?page=2). */
export default function MakeAdminPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const users = useQuery(usersPageQueryOptions(page));
  const [target, setTarget] = useState<UserListEntry | null>(null);
  const [taxTarget, setTaxTarget] = useState<UserListEntry | null>(null);
  const top = useRef<HTMLElement>(null);
  const data = users.data;
  const placeholder = users.isPlaceholderData;

  const goTo = (next: number, replace = false) => {
    setParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: true, replace });
    if (!replace) top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // A bookmarked page past the end: show the last page that exists.
  const lastPage = data?.pages ?? 0;
  useEffect(() => {
    if (!placeholder && lastPage >= 1 && page > lastPage) setParams({ page: String(lastPage) }, { replace: true });
  }, [placeholder, lastPage, page, setParams]);

  return (
    <section ref={top} aria-labelledby="make-admin-title" className="scroll-mt-24">
      <DashboardPageHeader id="make-admin-title" title={usersCopy.title} intro={usersCopy.subtitle}>
        {data && <p className="text-sm font-semibold text-base-content/70">{usersCopy.count(data.total)}</p>}
      </DashboardPageHeader>
      {users.isPending ? (
        <UsersListSkeleton />
      ) : users.isError && !data ? (
        <LoadError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : !data || data.total === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{usersCopy.empty}</p>
      ) : (
        <div aria-busy={placeholder} className={`flex flex-col gap-6 transition-opacity ${placeholder ? 'opacity-60' : ''}`}>
          <UsersList users={data.items} offset={(data.page - 1) * data.limit} meEmail={user?.email} onPromote={setTarget} onTaxExemption={setTaxTarget} />
          {data.pages > 1 && <ProductsPagination page={data.page} pages={data.pages} onPageChange={(next) => goTo(next)} />}
        </div>
      )}
      <MakeAdminDialog target={target} onClose={() => setTarget(null)} />
      <TaxExemptionDialog target={taxTarget} onClose={() => setTaxTarget(null)} />
    </section>
  );
}
