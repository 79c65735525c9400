import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { Modal } from '../../../components/ui/modal';
import { FormField } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { useAuth } from '../../identity/auth-context';
import { usePlaceCheckout } from '../api/cart';
import { isEmailNotVerified, ResendVerificationButton } from '../../identity/components/email-not-verified';

const t = orderFlowCopy;

/**
 * The order modal's fields (spec §2: country, address, phone; name and e-mail
 * from the account) for the whole cart: POST /checkout, then its payment page.
 * A 409 CHECKOUT_SHORT names each short line in its message.
 */
export function CheckoutModal({ open, onClose, lines, total }: { open: boolean; onClose(): void; lines: number; total: number }) {
  const id = useId();
  const { user } = useAuth();
  const navigate = useNavigate();
  const checkout = usePlaceCheckout();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    checkout.mutate(
      { country: String(form.get('country') ?? ''), address: String(form.get('address') ?? ''), phone: String(form.get('phone') ?? '') },
      { onSuccess: (c) => navigate(paths.checkoutPayment(c._id)) },
    );
  }

  function close() {
    checkout.reset();
    onClose();
  }

  return (
    <Modal open={open} onClose={close} title={cartCopy.checkoutTitle} closeLabel={t.close}>
      <p className="mb-4 rounded-field bg-base-200 px-4 py-2 font-semibold tabular-nums">{cartCopy.checkoutSummary(lines, formatPrice(total))}</p>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-name`} label={t.name}>
            <input id={`${id}-name`} className="input w-full bg-base-200 text-base-content/80" value={user?.displayName ?? ''} readOnly />
          </FormField>
          <FormField id={`${id}-email`} label={t.email}>
            <input id={`${id}-email`} type="email" className="input w-full bg-base-200 text-base-content/80" value={user?.email ?? ''} readOnly />
          </FormField>
        </div>
        <FormField id={`${id}-country`} label={t.country}>
          <input id={`${id}-country`} name="country" autoComplete="country-name" className="input w-full" maxLength={100} />
        </FormField>
        <FormField id={`${id}-address`} label={t.address}>
          <input id={`${id}-address`} name="address" autoComplete="street-address" className="input w-full" maxLength={300} />
        </FormField>
        <FormField id={`${id}-phone`} label={t.phone}>
          <input id={`${id}-phone`} name="phone" type="number" inputMode="tel" autoComplete="tel" className="input w-full" />
        </FormField>
        {checkout.isError && (
          <div role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 text-error">
            {checkout.error instanceof ApiError && checkout.error.code === 'CHECKOUT_SHORT' && (
              <p className="font-display font-bold uppercase">{cartCopy.shortTitle}</p>
            )}
            <p className="font-medium">{checkout.error.message}</p>
          </div>
        )}
        {isEmailNotVerified(checkout.error) && <ResendVerificationButton />}
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={checkout.isPending}>
            {t.close}
          </button>
          <button type="submit" className="btn btn-primary min-w-32" disabled={checkout.isPending} aria-busy={checkout.isPending}>
            {checkout.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {cartCopy.placeCheckout}
          </button>
        </div>
      </form>
    </Modal>
  );
}
