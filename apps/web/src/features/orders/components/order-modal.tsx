import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { COUNTRIES, regionLabel, regionsOf } from '@shop/shared/address';
import { countryFromText } from '@shop/shared/address-format';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Product } from '@shop/shared/schemas/product';
import { paths } from '../../../config/paths';
import { toastSuccess } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { FormField } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { useAuth } from '../../identity/auth-context';
import { useCreateOrder } from '../api/create-order';
import { isEmailNotVerified, ResendVerificationButton } from '../../identity/components/email-not-verified';

interface OrderModalProps {
  open: boolean;
  onClose(): void;
  product: Product;
  quantity: number;
  total: number;
}

const t = orderFlowCopy;

/**
 * Spec §2: country, address and phone; name and e-mail come from the account.
 * Issue #24 (decision 153): the server now requires them (a known country, an
 * address, a phone that can be dialled there, kept in E.164), and the phone is
 * a text field so "+1 212 736 5000" keeps its plus. Decision 160: the order
 * ships and is taxed, so for the US, Canada and Australia the modal also asks
 * for the state, province or territory.
 */
export function OrderModal({ open, onClose, product, quantity, total }: OrderModalProps) {
  const id = useId();
  const { user } = useAuth();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const [country, setCountry] = useState('');
  const countryCode = countryFromText(country) ?? '';
  const regions = regionsOf(countryCode);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    createOrder.mutate(
      {
        productId: product._id,
        quantity,
        country: String(form.get('country') ?? ''),
        address: String(form.get('address') ?? ''),
        phone: String(form.get('phone') ?? ''),
        ...(regions ? { region: String(form.get('region') ?? '') } : {}),
      },
      {
        onSuccess: () => {
          toastSuccess(toastsCopy.orderSuccess);
          onClose();
          navigate(paths.products);
        },
      },
    );
  }

  function close() {
    createOrder.reset();
    onClose();
  }

  return (
    <Modal open={open} onClose={close} title={t.orderModalTitle(product.name)} closeLabel={t.close}>
      <p className="rounded-field bg-base-200 px-4 py-2 font-semibold tabular-nums">{t.orderSummary(quantity, formatPrice(total))}</p>
      <p className="mt-1 mb-4 px-1 text-sm text-base-content/75">{t.shippingAndTaxNote}</p>
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
          <input
            id={`${id}-country`}
            name="country"
            autoComplete="country-name"
            className="input w-full"
            maxLength={100}
            list={`${id}-countries`}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          />
          <datalist id={`${id}-countries`}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.name} />
            ))}
          </datalist>
        </FormField>
        {regions && (
          <FormField id={`${id}-region`} label={t.region(regionLabel(countryCode))}>
            <select id={`${id}-region`} name="region" autoComplete="address-level1" className="select w-full" defaultValue="" required>
              <option value="" disabled>
                {t.regionPlaceholder(regionLabel(countryCode))}
              </option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id={`${id}-address`} label={t.address}>
          <input id={`${id}-address`} name="address" autoComplete="street-address" className="input w-full" maxLength={300} />
        </FormField>
        <FormField id={`${id}-phone`} label={t.phone}>
          <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" className="input w-full" maxLength={40} />
        </FormField>
        {createOrder.isError && (
          <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
            {createOrder.error.message}
          </p>
        )}
        {isEmailNotVerified(createOrder.error) && <ResendVerificationButton />}
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={close} disabled={createOrder.isPending}>
            {t.close}
          </button>
          <button type="submit" className="btn btn-primary min-w-32" disabled={createOrder.isPending} aria-busy={createOrder.isPending}>
            {createOrder.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t.submitOrder}
          </button>
        </div>
      </form>
    </Modal>
  );
}
