import { useState } from 'react';
import type { AccountSession } from '@shop/shared/schemas/session';
import { sessionsCopy } from '@shop/shared/copy/sessions';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Chrome 126 on Windows 10": the device in words, from what its browser said of itself. */
export const deviceName = (s: Pick<AccountSession, 'browser' | 'os'>) =>
  sessionsCopy.device(s.browser ?? sessionsCopy.unknownBrowser, s.os ?? sessionsCopy.unknownOs);

type Pending = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

/** Issue #22: where the account is signed in, with "This device" marked; sign out one other session or all of them. */
export function SessionsCard() {
  const sessions = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const confirm = () => {
    if (!pending) return;
    const callbacks = {
      onSuccess: ({ revoked }: { revoked: number }) => {
        toastSuccess(pending.kind === 'one' ? sessionsCopy.signedOut : sessionsCopy.othersSignedOut(revoked));
        close();
      },
      onError: (err: Error) => {
        toastError(err.message);
        close();
      },
    };
    if (pending.kind === 'one') revokeOne.mutate(pending.session.id, callbacks);
    else revokeOthers.mutate(undefined, callbacks);
  };

  return (
    <section aria-labelledby="sessions-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-6 sm:p-8">
        <div className="flex flex-col gap-1">
          <h2 id="sessions-heading" className="text-lg font-semibold">
            {sessionsCopy.title}
          </h2>
          <p className="text-sm text-base-content/80">{sessionsCopy.intro}</p>
        </div>
        {sessions.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : sessions.isError ? (
          <LoadError message={sessionsCopy.loadFailed} onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul aria-label={sessionsCopy.listLabel} className="flex flex-col gap-3">
              {sessions.data.map((s) => {
                const device = deviceName(s);
                return (
                  <li
                    key={s.id}
                    className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200/60 p-4 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="flex flex-col gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {device}
                        {s.current && <span className="badge badge-primary font-semibold">{sessionsCopy.thisDevice}</span>}
                      </p>
                      <p className="text-sm text-base-content/80">{s.ipAddress ? sessionsCopy.place(s.ipAddress) : sessionsCopy.unknownPlace}</p>
                      <p className="text-sm text-base-content/80">
                        {sessionsCopy.lastUsed(when(s.lastUsedAt))} · {sessionsCopy.signedInAt(when(s.createdAt))}
                      </p>
                    </div>
                    {!s.current && (
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-sm w-full sm:w-auto"
                        aria-label={sessionsCopy.signOutLabel(device)}
                        onClick={() => setPending({ kind: 'one', session: s })}
                      >
                        {sessionsCopy.signOut}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
            {others.length === 0 ? (
              <p className="text-sm text-base-content/80">{sessionsCopy.onlyThisDevice}</p>
            ) : (
              <div className="flex justify-end">
                <button type="button" className="btn btn-outline btn-error w-full sm:w-auto" onClick={() => setPending({ kind: 'others' })}>
                  {sessionsCopy.signOutOthers}
                </button>
              </div>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'one' ? sessionsCopy.confirmSignOutTitle : sessionsCopy.confirmSignOutOthersTitle}
        confirmLabel={pending?.kind === 'one' ? sessionsCopy.signOut : sessionsCopy.signOutOthers}
        cancelLabel={sessionsCopy.cancel}
        pending={revokeOne.isPending || revokeOthers.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        {pending?.kind === 'one' ? sessionsCopy.confirmSignOutText(deviceName(pending.session)) : sessionsCopy.confirmSignOutOthersText}
      </ConfirmDialog>
    </section>
  );
}
