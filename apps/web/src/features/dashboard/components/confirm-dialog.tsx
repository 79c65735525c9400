import type { ReactNode } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { Modal } from '../../../components/ui/modal';
import { toastError, toastSuccess } from '../../../lib/toast';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get the error colour. */
  tone?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Every "are you sure?" of the dashboards: the shared modal with a confirm and a cancel button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = orderFlowCopy.close,
  tone = 'danger',
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      closeLabel={orderFlowCopy.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'} min-w-32`}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {children && <div className="text-base-content/80">{children}</div>}
    </Modal>
  );
}

interface Mutation<T> {
  mutate(value: T, callbacks: { onSuccess(): void; onError(err: Error): void }): void;
}

/** A confirmation's action: the spec's success toast only on success, the server's message otherwise; the dialog closes either way. */
export function mutateThenClose<T>(mutation: Mutation<T>, value: T, successMessage: string, onClose: () => void) {
  mutation.mutate(value, {
    onSuccess: () => {
      toastSuccess(successMessage);
      onClose();
    },
    onError: (err) => {
      toastError(err.message);
      onClose();
    },
  });
}
