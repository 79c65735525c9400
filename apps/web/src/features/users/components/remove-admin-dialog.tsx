import { usersCopy } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { useDemoteUser } from '../api/demote-user';

/**
 * Issue #25: "Remove admin?" before taking the role back from another admin. The shop refuses the last admin
 * (LAST_ADMIN) and your own role; its message is the toast then.
 */
export function RemoveAdminDialog({ target, onClose }: { target: UserListEntry | null; onClose(): void }) {
  const demote = useDemoteUser();
  const close = () => {
    demote.reset();
    onClose();
  };
  const who = target ? target.name || target.email : '';
  return (
    <ConfirmDialog
      open={target !== null}
      title={usersCopy.removeAdminTitle}
      confirmLabel={usersCopy.removeAdminConfirm}
      cancelLabel={usersCopy.cancel}
      pending={demote.isPending}
      onCancel={close}
      onConfirm={() => target && mutateThenClose(demote, target._id, usersCopy.adminRemoved(who), close)}
    >
      {target && (
        // Long e-mail addresses wrap inside the dialog instead of running out of it.
        <p className="[overflow-wrap:anywhere]">
          <strong className="text-base-content">{who}</strong> ({target.email}) {usersCopy.removeAdminBody}
        </p>
      )}
    </ConfirmDialog>
  );
}
