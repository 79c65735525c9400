import { useId, useState, type FormEvent } from 'react';
import { REORDER_LIST_NAME_MAX } from '@shop/shared/schemas/reorder-list';
import { reorderListsCopy as t } from '@shop/shared/copy/reorder-lists';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useCreateReorderList } from '../api/reorder-lists';

/**
 * Issue #37 item 3 (decision 207): the order page's "Save as reorder list", beside Order again. A small dialog asks
 * the list's name ("Order TT-10042" to start with) and saves the order's parts still sold under it.
 */
export function SaveReorderList({ orderRef, orderNumber }: { orderRef: string; orderNumber: string }) {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <button type="button" className="btn btn-ghost btn-sm" aria-describedby={hintId} onClick={() => setOpen(true)}>
        {t.save}
      </button>
      <p id={hintId} className="text-sm text-base-content/75">
        {t.saveHint}
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title={t.dialogTitle} size="sm">
        {open && <SaveReorderListForm orderRef={orderRef} orderNumber={orderNumber} onDone={() => setOpen(false)} />}
      </Modal>
    </div>
  );
}

/** The dialog's form: the name, and Save / Cancel. The server's refusal (a name in use, 409) shows under the field. */
export function SaveReorderListForm({ orderRef, orderNumber, onDone }: { orderRef: string; orderNumber: string; onDone(): void }) {
  const id = useId();
  const [name, setName] = useState(t.defaultName(orderNumber));
  const [error, setError] = useState<string | undefined>();
  const create = useCreateReorderList();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t.nameRequired);
      return;
    }
    setError(undefined);
    create.mutate(
      { name: trimmed, fromOrder: orderRef },
      {
        onSuccess: (list) => {
          toastSuccess(t.saved(list.name));
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id={id} label={t.nameLabel} error={error}>
        <input
          id={id}
          type="text"
          className="input input-bordered w-full"
          value={name}
          maxLength={REORDER_LIST_NAME_MAX}
          autoComplete="off"
          required
          onChange={(e) => setName(e.target.value)}
          {...fieldAria(id, { error })}
        />
      </FormField>
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={create.isPending}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-primary min-w-32" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.saveAction}
        </button>
      </div>
    </form>
  );
}
