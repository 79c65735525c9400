import { useState } from 'react';
import { copy } from '@shop/shared/copy';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { LoadError } from '../../../components/ui/load-error';
import { DashboardPageHeader } from '../../../features/dashboard/components/dashboard-page-header';
import { useAuth } from '../../../features/identity/auth-context';
import { useUsers } from '../../../features/users/api/get-users';
import { MakeAdminDialog } from '../../../features/users/components/make-admin-dialog';
import { UsersList, UsersListSkeleton } from '../../../features/users/components/users-list';

/** /dashboard/makeAdmin (admin; the router's AdminRoute guards it). */
export default function MakeAdminPage() {
  const { user } = useAuth();
  const users = useUsers();
  const [target, setTarget] = useState<UserListEntry | null>(null);

  return (
    <section aria-labelledby="make-admin-title">
      <DashboardPageHeader id="make-admin-title" title={copy.users.title} intro={copy.users.subtitle}>
        {users.data && <p className="text-sm font-semibold text-base-content/70">{copy.users.count(users.data.length)}</p>}
      </DashboardPageHeader>
      {users.isPending ? (
        <UsersListSkeleton />
      ) : users.isError ? (
        <LoadError message={users.error.message} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-lg">{copy.users.empty}</p>
      ) : (
        <UsersList users={users.data} meEmail={user?.email} onPromote={setTarget} />
      )}
      <MakeAdminDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
