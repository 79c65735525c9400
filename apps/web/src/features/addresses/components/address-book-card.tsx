import { useRef, useState, type FormEvent } from 'react';
import { addressBookCopy as t } from '@shop/shared/copy/address-book';
import { countryName, formatPhone } from '@shop/shared/address';
import { formatAddressLines } from '@shop/shared/address-format';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@shop/shared/schemas/address-book';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog } from '../../dashboard/components/confirm-dialog';
import { FormError } from '../../identity/components/form-error';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';
import { AddressFields, checkAddress, emptyAddress, type AddressDraft, type AddressErrors } from './address-fields';

const draftOf = (a: SavedAddress): AddressDraft => ({
  name: a.name,
  company: a.company,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone,
});

/** How a button or message names an address: "Reyes Moto Works, 1200 SE Morrison St". */
export const addressLabel = (a: Pick<SavedAddress, 'name' | 'company' | 'line1'>) => `${a.company || a.name}, ${a.line1}`;

/** null: closed; address null: a new one. */
type Editing = { address: SavedAddress | null } | null;

function AddressForm({ editing, count, onClose }: { editing: NonNullable<Editing>; count: number; onClose(): void }) {
  const save = useSaveAddress();
  const current = editing.address;
  const [draft, setDraft] = useState<AddressDraft>(() => (current ? draftOf(current) : emptyAddress()));
  const [errors, setErrors] = useState<AddressErrors>({});
  // The first address is the default whatever is ticked; the default stays one until another takes the mark.
  const [isDefault, setIsDefault] = useState(false);
  const alwaysDefault = current ? current.isDefault : count === 0;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkAddress(draft);
    if (!checked.address) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: current?._id, input: { address: checked.address, isDefault: alwaysDefault || isDefault } },
      {
        onSuccess: () => {
          toastSuccess(current ? t.saved : t.added);
          onClose();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={save.isPending}>
      <AddressFields value={draft} onChange={setDraft} errors={errors} />
      {alwaysDefault ? (
        <p className="text-sm text-base-content/80">{current ? t.isDefaultNote : t.firstIsDefault}</p>
      ) : (
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" checked={isDefault} onChange={(e) => setIsDefault(e.currentTarget.checked)} />
          {t.defaultCheckbox}
        </label>
      )}
      {Object.keys(errors).length > 0 && <p className="text-sm font-medium text-error">{t.fixFields}</p>}
      <FormError message={save.error ? save.error.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="btn btn-primary min-w-36" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.save}
        </button>
      </div>
    </form>
  );
}

function AddressEntry({
  address: a,
  onEdit,
  onDelete,
  onMakeDefault,
  busy,
}: {
  address: SavedAddress;
  onEdit(): void;
  onDelete(): void;
  onMakeDefault(): void;
  busy: boolean;
}) {
  const label = addressLabel(a);
  const lines = [...formatAddressLines(a, false), countryName(a.country) ?? a.country];
  return (
    <li
      className={`flex flex-col gap-4 rounded-box border p-4 sm:flex-row sm:items-start sm:justify-between ${a.isDefault ? 'border-primary/60 bg-primary/5' : 'border-base-300 bg-base-200/60'}`}
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold">
          <span className="[overflow-wrap:anywhere]">{a.name}</span>
          {a.isDefault && <span className="badge badge-primary badge-sm font-semibold">{t.defaultBadge}</span>}
        </p>
        {a.company && <p className="font-medium [overflow-wrap:anywhere]">{a.company}</p>}
        {lines.map((line, i) => (
          <p key={i} className="text-base-content/80 [overflow-wrap:anywhere]">
            {line}
          </p>
        ))}
        <p className="text-base-content/80">{t.phone(formatPhone(a.phone))}</p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
        {!a.isDefault && (
          <button type="button" className="btn btn-outline btn-primary btn-sm" aria-label={t.makeDefaultLabel(label)} onClick={onMakeDefault} disabled={busy}>
            {t.makeDefault}
          </button>
        )}
        <button type="button" className="btn btn-outline btn-sm" aria-label={t.editLabel(label)} onClick={onEdit}>
          {t.edit}
        </button>
        <button type="button" className="btn btn-outline btn-error btn-sm" aria-label={t.deleteLabel(label)} onClick={onDelete}>
          {t.delete}
        </button>
      </div>
    </li>
  );
}

/**
 * Issue #24: the signed-in customer's address book on the profile: the saved
 * addresses with the default marked; add, edit, delete (after a confirmation)
 * and make another the default. The checkout offers the same addresses.
 */
export function AddressBookCard() {
  const addresses = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = addresses.data ?? [];
  const full = list.length >= MAX_SAVED_ADDRESSES;

  const makeDefault = (a: SavedAddress) =>
    save.mutate(
      { id: a._id, input: { address: draftOf(a), isDefault: true } },
      { onSuccess: () => toastSuccess(t.defaultChanged(addressLabel(a))), onError: (err) => toastError(err.message) },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toastSuccess(t.deleted);
        setDeleting(null);
        // Its buttons are gone: the card's heading takes the focus.
        heading.current?.focus();
      },
      onError: (err) => {
        toastError(err.message);
        setDeleting(null);
      },
    });
  };

  return (
    <section aria-labelledby="address-book-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-6 sm:p-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <h2 id="address-book-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
              {t.title}
            </h2>
            <p className="text-sm text-base-content/80">{t.intro}</p>
          </div>
          {addresses.isSuccess && (
            <button type="button" className="btn btn-primary w-full sm:w-auto sm:shrink-0" onClick={() => setEditing({ address: null })} disabled={full}>
              {t.add}
            </button>
          )}
        </div>
        {addresses.isPending ? (
          <div aria-hidden="true" className="flex flex-col gap-3">
            <Skeleton className="h-28" />
          </div>
        ) : addresses.isError ? (
          <LoadError message={t.loadFailed} onRetry={() => void addresses.refetch()} />
        ) : list.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-300 bg-base-200/60 p-6 text-sm text-base-content/80">{t.empty}</p>
        ) : (
          <ul aria-label={t.listLabel} className="flex flex-col gap-3">
            {list.map((a) => (
              <AddressEntry
                key={a._id}
                address={a}
                busy={save.isPending}
                onEdit={() => setEditing({ address: a })}
                onDelete={() => setDeleting(a)}
                onMakeDefault={() => makeDefault(a)}
              />
            ))}
          </ul>
        )}
        {full && <p className="text-sm text-base-content/80">{t.full(MAX_SAVED_ADDRESSES)}</p>}
      </div>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing?.address ? t.editTitle : t.addTitle} size="lg" closeLabel={t.cancel}>
        {editing && <AddressForm key={editing.address?._id ?? 'new'} editing={editing} count={list.length} onClose={() => setEditing(null)} />}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title={t.confirmDeleteTitle}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting && t.confirmDeleteText(addressLabel(deleting))}
      </ConfirmDialog>
    </section>
  );
}
