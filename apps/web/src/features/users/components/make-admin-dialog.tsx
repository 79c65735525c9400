import { copy } from '@shop/shared/copy';
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
        toastSuccess(copy.toasts.adminMade);
        close();
      },
    });
  };
  return (
    <Modal
      open={target !== null}
      onClose={close}
      title={copy.users.confirmTitle}
      size="sm"
      closeLabel={copy.users.cancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {copy.users.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={promote.isPending}>
            {promote.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.users.confirm}
          </button>
        </>
      }
    >
      {target && (
        <p className="text-base">
          <strong className="break-all">{target.name || target.email}</strong> ({target.email}) {copy.orders.confirmMakeAdmin}
        </p>
      )}
      <FormError message={promote.error ? promote.error.message : null} />
    </Modal>
  );
}
