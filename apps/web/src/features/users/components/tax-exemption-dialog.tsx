import { useId, useState, type FormEvent } from 'react';
import { usersCopy as t } from '@shop/shared/copy/users';
import type { UserListEntry } from '@shop/shared/schemas/user';
import { taxExemptionSchema } from '@shop/shared/schemas/shipping-tax';
import { Modal } from '../../../components/ui/modal';
import { toastSuccess } from '../../../lib/toast';
import { TextInput } from '../../identity/components/text-input';
import { FormError } from '../../identity/components/form-error';
import { useSetTaxExemption } from '../api/set-tax-exemption';

function TaxExemptionForm({ target, onClose }: { target: UserListEntry; onClose(): void }) {
  const id = useId();
  const save = useSetTaxExemption();
  const [taxExempt, setTaxExempt] = useState(target.taxExempt ?? false);
  const [taxId, setTaxId] = useState(target.taxId ?? '');
  const [error, setError] = useState<string | undefined>();
  const who = target.name || target.email;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The server's own rule: an exempt customer needs their number.
    const checked = taxExemptionSchema.safeParse({ taxExempt, taxId });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      // No exemption, no number (the server forgets it anyway).
      { id: target._id, input: checked.data.taxExempt ? checked.data : { taxExempt: false, taxId: '' } },
      {
        onSuccess: (result) => {
          toastSuccess(result.taxExempt ? t.taxNowExempt(who, result.taxId) : t.taxNowTaxed(who));
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={save.isPending}>
      <div className="flex flex-col gap-1">
        <p className="break-all">
          <strong>{who}</strong> ({target.email})
        </p>
        <p className="text-sm text-base-content/80">{t.taxIntro}</p>
      </div>
      <label className="flex cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={taxExempt}
          onChange={(e) => {
            setTaxExempt(e.currentTarget.checked);
            setError(undefined);
          }}
        />
        {t.taxCheckbox}
      </label>
      <TextInput
        id={`${id}-tax-id`}
        label={t.taxId}
        hint={t.taxIdHint}
        value={taxId}
        onChange={(e) => setTaxId(e.currentTarget.value)}
        disabled={!taxExempt}
        maxLength={40}
        autoComplete="off"
        error={error}
      />
      <FormError message={save.error ? save.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-primary min-w-32" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.taxSave}
        </button>
      </div>
    </form>
  );
}

/** Issue #24: the admin marks a business customer tax-exempt with their VAT or resale number, or lifts it. */
export function TaxExemptionDialog({ target, onClose }: { target: UserListEntry | null; onClose(): void }) {
  return (
    <Modal open={target !== null} onClose={onClose} title={t.taxTitle} size="md" closeLabel={t.cancel}>
      {target && <TaxExemptionForm key={target._id} target={target} onClose={onClose} />}
    </Modal>
  );
}
