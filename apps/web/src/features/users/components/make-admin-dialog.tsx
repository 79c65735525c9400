import { ordersCopy } from '@shop/shared/copy/orders';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { usersCopy } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { Modal } from '../../../components/ui/modal';
import { toastSuccess } from '../../../lib/toast';
import { FormError } from '../../identity/components/form-error';
import { usePromoteUser } from '../api/promote-user';

/** Spec: confirmation modal '… for make admin', then 'Admin make Success'. */
export function MakeAdminDialog({ target, onClose }: { target: UserListEntry | null; onClose(): void }) {
  const promote = usePromoteUser();
  const close = () => {
    promote.reset();
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    promote.mutate(target._id, {
      onSuccess: () => {
        toastSuccess(toastsCopy.adminMade);
        close();
      },
    });
  };
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={usersCopy.confirmTitle}
      size="sm"
      closeLabel={usersCopy.cancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {usersCopy.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={promote.isPending}>
            {promote.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {usersCopy.confirm}
          </button>
        </>
      }
    >
      {target && (
        <p className="text-base [overflow-wrap:anywhere]">
          <strong>{target.name || target.email}</strong> ({target.email}) {ordersCopy.confirmMakeAdmin}
        </p>
      )}
      <FormError message={promote.error ? promote.error.message : null} />
    </Modal>
  );
}
