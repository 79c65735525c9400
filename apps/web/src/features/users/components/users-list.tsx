import { ordersCopy } from '@shop/shared/copy/orders';
import { usersCopy } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { Skeleton } from '../../../components/ui/skeleton';

const isAdmin = (u: UserListEntry) => u.role.split(',').includes('admin');

/** The Admin label, with Remove admin on another admin's row (issue #25); Make Admin on a customer's. */
function RoleCell({
  entry,
  isMe,
  onPromote,
  onDemote,
}: {
  entry: UserListEntry;
  isMe: boolean;
  onPromote(u: UserListEntry): void;
  onDemote?(u: UserListEntry): void;
}) {
  const badge = <span className="badge badge-primary font-semibold">{ordersCopy.adminLabel}</span>;
  if (isAdmin(entry) && (isMe || !onDemote)) return badge;
  if (isAdmin(entry))
    return (
      <div className="flex flex-col items-end gap-2">
        {badge}
        <button type="button" className="btn btn-outline btn-error btn-sm whitespace-nowrap" onClick={() => onDemote?.(entry)}>
          {usersCopy.removeAdminButton}
          <span className="sr-only"> {entry.email}</span>
        </button>
      </div>
    );
  return (
    <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => onPromote(entry)}>
      {usersCopy.makeAdminButton}
      <span className="sr-only"> {entry.email}</span>
    </button>
  );
}

/** Issue #24: whether the account is tax-exempt (with its number); a customer's row can change it. */
function TaxCell({ entry, onTaxExemption, stacked = false }: { entry: UserListEntry; onTaxExemption?(u: UserListEntry): void; stacked?: boolean }) {
  return (
    <div className={stacked ? 'flex flex-col items-start gap-2' : 'flex flex-wrap items-center justify-between gap-2'}>
      {entry.taxExempt ? (
        <span
          className={`badge badge-outline badge-success h-auto min-h-6 font-semibold text-base-content ${stacked ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]'}`}
        >
          {usersCopy.taxExemptBadge(entry.taxId ?? '')}
        </span>
      ) : (
        <span className="text-sm text-base-content/70">{usersCopy.taxesApply}</span>
      )}
      {onTaxExemption && !isAdmin(entry) && (
        <button type="button" className={`btn btn-outline btn-sm whitespace-nowrap ${stacked ? '' : 'ml-auto'}`} onClick={() => onTaxExemption(entry)}>
          {usersCopy.taxButton}
          <span className="sr-only"> {entry.email}</span>
        </button>
      )}
    </div>
  );
}

/** Accounts, numbered from offset + 1: a table on wide screens, cards on phones so the action never scrolls away. */
export function UsersList({
  users,
  offset = 0,
  meEmail,
  onPromote,
  onDemote,
  onTaxExemption,
}: {
  users: UserListEntry[];
  /** The number of the first row minus one (the accounts on earlier pages). */
  offset?: number;
  meEmail?: string;
  onPromote(u: UserListEntry): void;
  /** Issue #25: asks before taking the admin role back from another admin (never offered on your own row). */
  onDemote?(u: UserListEntry): void;
  /** Issue #24: opens a customer's tax exemption. */
  onTaxExemption?(u: UserListEntry): void;
}) {
  return (
    <>
      <ol aria-label={usersCopy.title} className="flex flex-col gap-3 md:hidden">
        {users.map((u, i) => (
          <li key={u._id} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="w-6 shrink-0 font-display text-lg font-bold tabular-nums text-base-content/75" aria-hidden="true">
                {offset + i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">
                  {u.name || '—'} {u.email === meEmail && <span className="text-sm font-normal text-base-content/70">{usersCopy.you}</span>}
                </p>
                <p className="break-all text-sm text-base-content/80">{u.email}</p>
              </div>
              <RoleCell entry={u} isMe={u.email === meEmail} onPromote={onPromote} onDemote={onDemote} />
            </div>
            {(u.taxExempt || (onTaxExemption && !isAdmin(u))) && (
              <div className="border-t border-base-300 pl-9 pt-3">
                <TaxCell entry={u} onTaxExemption={onTaxExemption} />
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <caption className="sr-only">{usersCopy.title}</caption>
          <thead className="bg-base-200 text-xs uppercase tracking-wider text-base-content/80">
            <tr>
              <th scope="col" className="w-12">
                {usersCopy.number}
              </th>
              <th scope="col">{usersCopy.name}</th>
              <th scope="col">{usersCopy.email}</th>
              <th scope="col">{usersCopy.tax}</th>
              <th scope="col" className="text-right">
                {usersCopy.role}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u, i) => (
              <tr key={u._id} className="hover:bg-base-200/60">
                <th scope="row" className="font-display tabular-nums text-base-content/70">
                  {offset + i + 1}
                </th>
                <td className="font-semibold">
                  {u.name || '—'} {u.email === meEmail && <span className="text-sm font-normal text-base-content/70">{usersCopy.you}</span>}
                </td>
                <td className="break-all">{u.email}</td>
                <td>
                  <TaxCell entry={u} onTaxExemption={onTaxExemption} stacked />
                </td>
                <td className="whitespace-nowrap text-right">
                  <RoleCell entry={u} isMe={u.email === meEmail} onPromote={onPromote} onDemote={onDemote} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function UsersListSkeleton() {
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-4" aria-hidden="true">
      <Skeleton className="h-8 w-full" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
