import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { companiesCopy as t } from '@shop/shared/copy/companies';
import { formatAddressLines } from '@shop/shared/address-format';
import { formatPhone } from '@shop/shared/address';
import type { CompanyAddress } from '@shop/shared/schemas/company';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { AddressFields, checkAddress, emptyAddress, type AddressDraft, type AddressErrors } from '../../addresses/components/address-fields';
import { companyAddressesQueryOptions, useAddCompanyAddress, useRemoveCompanyAddress } from '../api/companies';
import { card, heading } from './company-parts';

/**
 * Issue #37 item 5 (decision 209): the company's delivery addresses on /company. Every member sees them (the checkout
 * offers them); the company's admin adds and removes them.
 */
export function CompanyAddresses({ isAdmin }: { isAdmin: boolean }) {
  const addresses = useQuery(companyAddressesQueryOptions());
  const remove = useRemoveCompanyAddress();
  const [toRemove, setToRemove] = useState<CompanyAddress | null>(null);

  return (
    <section aria-labelledby="company-addresses-title" className={`${card} min-w-0`}>
      <h2 id="company-addresses-title" className={heading}>
        {t.addressesTitle}
      </h2>
      <p className="mb-4 text-sm text-base-content/80">{t.addressesHint}</p>
      {addresses.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : addresses.isError ? (
        <LoadError message={addresses.error.message} onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <p className="text-base-content/80">{isAdmin ? t.addressesEmpty : t.addressesEmptyBuyer}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.data.map((a) => (
            <li key={a._id} className="flex min-w-0 flex-col gap-2 rounded-field border border-base-300 p-3 text-sm">
              <address className="min-w-0 not-italic break-words">
                <span className="block font-semibold">{a.name}</span>
                {a.company && <span className="block">{a.company}</span>}
                {formatAddressLines(a, false).map((line, i) => (
                  <span key={i} className="block text-base-content/80">
                    {line}
                  </span>
                ))}
                <span className="block text-base-content/80">{formatPhone(a.phone)}</span>
              </address>
              {isAdmin && (
                <button type="button" className="btn btn-ghost btn-sm self-start text-error" onClick={() => setToRemove(a)}>
                  {t.removeAddress}
                  <span className="sr-only"> {t.removeAddressNamed(a.name)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isAdmin && <AddAddressForm />}
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove ? t.removeAddressConfirm(toRemove.name) : ''}
        confirmLabel={t.removeAddress}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && mutateThenClose(remove, toRemove._id, t.addressRemoved(toRemove.name), () => setToRemove(null))}
      >
        <p>{t.removeAddressHint}</p>
      </ConfirmDialog>
    </section>
  );
}

function AddAddressForm() {
  const add = useAddCompanyAddress();
  const [draft, setDraft] = useState<AddressDraft>(() => emptyAddress());
  const [errors, setErrors] = useState<AddressErrors>({});

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkAddress(draft);
    if (!checked.address) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    add.mutate(checked.address, {
      onSuccess: (saved) => {
        toastSuccess(t.addressAdded(saved.name));
        setDraft(emptyAddress());
      },
      onError: (err) => toastError(err.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="company-address-add-title" className="mt-6 border-t border-base-300 pt-4">
      <h3 id="company-address-add-title" className="mb-3 font-bold">
        {t.addAddressTitle}
      </h3>
      <AddressFields value={draft} onChange={setDraft} errors={errors} section="company" />
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="mt-3 text-sm font-medium text-error">
          {t.fixAddress}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4" disabled={add.isPending} aria-busy={add.isPending}>
        {add.isPending ? t.addingAddress : t.addAddress}
      </button>
    </form>
  );
}
