import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { checkoutCopy } from '@shop/shared/copy/checkout';
import { checkoutAddressCopy } from '@shop/shared/copy/checkout-address';
import { companiesCopy } from '@shop/shared/copy/companies';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { regionsOf } from '@shop/shared/address';
import { checkVatId } from '@shop/shared/vat';
import { PO_NUMBER_MAX, poNumberSchema } from '@shop/shared/schemas/cart';
import { useQuery } from '@tanstack/react-query';
import { companyAddressesQueryOptions, myCompanyQueryOptions } from '../../features/companies/api/companies';
import { formatAddressLines } from '@shop/shared/address-format';
import type { AddressView } from '@shop/shared/schemas/address-book';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { PageHead } from '../../components/ui/page-head';
import { formatPrice } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadError } from '../../components/ui/load-error';
import { useCart } from '../../features/cart/use-cart';
import { useCheckout, usePlaceCheckout } from '../../features/cart/api/cart';
import { CheckoutPaymentView } from '../../features/checkout/components/checkout-payment-view';
import { useAddresses } from '../../features/addresses/api/addresses';
import { AddressFields, checkAddress, emptyAddress, type AddressDraft, type AddressErrors } from '../../features/addresses/components/address-fields';
import { useCheckoutQuote } from '../../features/checkout/api/quote';
import { OrderFigures } from '../../features/checkout/components/order-figures';
import { ShippingOptions } from '../../features/checkout/components/shipping-options';
import { isEmailNotVerified, ResendVerificationButton } from '../../features/identity/components/email-not-verified';
import { formatCount } from '@shop/shared/intl';
import { piecePriceFor } from '@shop/shared/piece-price';

const t = checkoutCopy;
const NEW = 'new';

const draftOf = (a: AddressView): AddressDraft => ({
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

/**
 * Issue #24: checkout on one page: the delivery address (a saved one or a new
 * one), the shipping methods that serve it with their prices, and the order's
 * goods, shipping, tax and total, worked out by the server for that address.
 * Placing the order reserves the parts, and the same page then takes its
 * payment for the order's total.
 */
export default function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const placed = params.get('order');
  // Placing the order keeps the customer on this page: the same page then takes the payment (issue #24).
  return placed ? <CheckoutPay id={placed} /> : <CheckoutForm onPlaced={(id) => setParams({ order: id }, { replace: true })} />;
}

/** The placed order's payment, on the checkout page (?order=id): reloading or coming back finds it again. */
function CheckoutPay({ id }: { id: string }) {
  const checkout = useCheckout(id);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.title} description={pageMetaCopy.cart} path={paths.checkout} noindex />
      {checkout.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : checkout.isError ? (
        <>
          <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.title}</h1>
          <div className="mt-8">
            <LoadError message={checkout.error.message} onRetry={() => void checkout.refetch()} />
          </div>
        </>
      ) : (
        <CheckoutPaymentView
          checkout={checkout.data}
          header={(title, intro) => (
            <div className="mb-8">
              <h1 id="payment-title" className="font-display text-4xl font-bold uppercase leading-tight">
                {title}
              </h1>
              <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
              {intro && <p className="mt-3 text-base-content/80">{intro}</p>}
            </div>
          )}
        />
      )}
    </div>
  );
}

function CheckoutForm({ onPlaced }: { onPlaced(id: string): void }) {
  const cart = useCart();
  const addresses = useAddresses();
  const place = usePlaceCheckout();
  const [choice, setChoice] = useState<string | null>(null);
  const [draft, setDraft] = useState<AddressDraft>(() => emptyAddress());
  const [errors, setErrors] = useState<AddressErrors>({});
  const [save, setSave] = useState(true);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [methodMissing, setMethodMissing] = useState(false);
  // Issue #39 (decision 183): a business buyer's EU VAT ID, checked here as the server checks it.
  const [vatText, setVatText] = useState('');
  const [vatTouched, setVatTouched] = useState(false);
  const vatCheck = vatText.trim() ? checkVatId(vatText) : null;
  const vatId = vatCheck?.ok ? vatCheck.vatId : '';
  const vatError = vatTouched && vatCheck && !vatCheck.ok ? vatCheck.message : null;
  // Issue #37 item 4 (decision 205): a company buyer may give their PO number (checked as the server checks it).
  const company = useQuery(myCompanyQueryOptions());
  const [poText, setPoText] = useState('');
  const poCheck = poNumberSchema.safeParse(poText);
  const poError = poCheck.success ? null : (poCheck.error.issues[0]?.message ?? null);
  const poNumber = company.data && poCheck.success ? poCheck.data : '';
  // Issue #37 item 4 (decision 208): a company with payment terms may buy on account.
  const termsDays = company.data?.company.paymentTermsDays ?? 0;
  const [payment, setPayment] = useState<'card' | 'account'>('card');
  const onAccount = termsDays > 0 && payment === 'account';

  const saved = addresses.data ?? [];
  // Decision 209: a company buyer may also ship to one of the company's delivery addresses.
  const companyAddresses = useQuery({ ...companyAddressesQueryOptions(), enabled: Boolean(company.data) });
  const shared = company.data ? (companyAddresses.data ?? []) : [];
  const sharedKey = (id: string) => `company:${id}`;
  // The default address is chosen until the customer picks another; none of their own: the company's first; none: a new one.
  const selected =
    choice ??
    (addresses.isPending || company.isPending || (company.data && companyAddresses.isPending)
      ? null
      : (saved.find((a) => a.isDefault)?._id ?? (shared[0] ? sharedKey(shared[0]._id) : NEW)));
  const savedAddress = saved.find((a) => a._id === selected);
  const sharedAddress = shared.find((a) => sharedKey(a._id) === selected);
  const chosenAddress = savedAddress ?? sharedAddress;
  const shipTo = chosenAddress ? draftOf(chosenAddress) : draft;
  const needsRegion = Boolean(regionsOf(shipTo.country));
  const place_ = useMemo(
    () => (shipTo.country && (!needsRegion || shipTo.region) ? { country: shipTo.country, region: needsRegion ? shipTo.region : '', vatId } : null),
    [shipTo.country, shipTo.region, needsRegion, vatId],
  );
  const quote = useCheckoutQuote(place_);
  const options = place_ ? (quote.data?.options ?? []) : [];
  const chosen = options.find((o) => o.id === methodId) ?? options[0];

  // A new quote (another address) starts again from its cheapest method.
  useEffect(() => setMethodId(null), [place_?.country, place_?.region]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkAddress(shipTo);
    if (!checked.address) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (vatCheck && !vatCheck.ok) {
      setVatTouched(true);
      document.getElementById('vat-id')?.focus();
      return;
    }
    if (company.data && poError) {
      document.getElementById('po-number')?.focus();
      return;
    }
    if (!chosen) {
      setMethodMissing(true);
      return;
    }
    setMethodMissing(false);
    place.mutate(
      {
        shippingAddress: shipTo,
        shippingMethodId: chosen.id,
        saveAddress: !chosenAddress && save,
        vatId,
        ...(poNumber && { poNumber }),
        ...(onAccount && { payment: 'account' as const }),
      },
      { onSuccess: (c) => onPlaced(c._id) },
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.title} description={pageMetaCopy.cart} path={paths.checkout} noindex />
      <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.title}</h1>
      <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      <p className="mt-3 text-base-content/80">{t.intro}</p>

      {cart.isPending || addresses.isPending ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : cart.error ? (
        <div className="mt-8">
          <LoadError message={cart.error.message} onRetry={cart.refetch} />
        </div>
      ) : cart.lines.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-200 p-8">
          <p className="text-lg">{t.emptyCart}</p>
          <Link to={paths.products} className="btn btn-primary">
            {cartCopy.browseParts}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="flex flex-col gap-6">
            <section aria-labelledby="address-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
              <h2 id="address-title" className="mb-4 font-display text-2xl font-bold uppercase">
                {t.addressTitle}
              </h2>
              {saved.length + shared.length > 0 && (
                <fieldset className="mb-4 flex flex-col gap-2">
                  <legend className="mb-2 text-sm font-semibold">{t.savedAddresses}</legend>
                  {saved.map((a) => (
                    <label
                      key={a._id}
                      className={`flex cursor-pointer items-start gap-3 rounded-field border p-3 ${selected === a._id ? 'border-primary bg-primary/5' : 'border-base-300'}`}
                    >
                      <input
                        type="radio"
                        name="saved-address"
                        className="radio radio-primary radio-sm mt-1"
                        checked={selected === a._id}
                        onChange={() => setChoice(a._id)}
                      />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="font-semibold">{a.name}</span>
                        {a.isDefault && <span className="badge badge-outline badge-sm ml-2">{t.defaultBadge}</span>}
                        <span className="block text-base-content/80">{formatAddressLines(a, false).join(', ')}</span>
                      </span>
                    </label>
                  ))}
                  {shared.map((a) => (
                    <label
                      key={a._id}
                      className={`flex cursor-pointer items-start gap-3 rounded-field border p-3 ${selected === sharedKey(a._id) ? 'border-primary bg-primary/5' : 'border-base-300'}`}
                    >
                      <input
                        type="radio"
                        name="saved-address"
                        className="radio radio-primary radio-sm mt-1"
                        checked={selected === sharedKey(a._id)}
                        onChange={() => setChoice(sharedKey(a._id))}
                      />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="font-semibold">{a.name}</span>
                        <span className="badge badge-outline badge-sm ml-2">{companiesCopy.companyAddressBadge}</span>
                        <span className="block text-base-content/80">{formatAddressLines(a, false).join(', ')}</span>
                      </span>
                    </label>
                  ))}
                  <label
                    className={`flex cursor-pointer items-center gap-3 rounded-field border p-3 ${selected === NEW ? 'border-primary bg-primary/5' : 'border-base-300'}`}
                  >
                    <input
                      type="radio"
                      name="saved-address"
                      className="radio radio-primary radio-sm"
                      checked={selected === NEW}
                      onChange={() => setChoice(NEW)}
                    />
                    <span className="text-sm font-semibold">{t.useNewAddress}</span>
                  </label>
                </fieldset>
              )}
              {selected === NEW && (
                <>
                  <AddressFields
                    value={draft}
                    onChange={(next) => {
                      // A field's message goes once the field is changed; the form is checked again on Place order.
                      setErrors((old) =>
                        Object.fromEntries(Object.entries(old).filter(([k]) => next[k as keyof AddressDraft] === draft[k as keyof AddressDraft])),
                      );
                      setDraft(next);
                    }}
                    errors={errors}
                  />
                  <label className="mt-4 flex cursor-pointer items-center gap-2 text-sm">
                    <input type="checkbox" className="checkbox checkbox-sm" checked={save} onChange={(e) => setSave(e.currentTarget.checked)} />
                    {t.saveAddress}
                  </label>
                </>
              )}
            </section>

            {company.data && (
              <section aria-labelledby="po-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
                <h2 id="po-title" className="mb-2 font-display text-2xl font-bold uppercase">
                  {t.poTitle}
                </h2>
                <p id="po-number-hint" className="mb-3 text-sm text-base-content/80">
                  {t.poHint(company.data.company.name)}
                </p>
                <label htmlFor="po-number" className="mb-1 block text-sm font-semibold">
                  {t.poLabel}
                </label>
                <input
                  id="po-number"
                  name="poNumber"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={PO_NUMBER_MAX + 10}
                  className={`input w-full max-w-xs font-mono ${poError ? 'input-error' : ''}`}
                  value={poText}
                  onChange={(e) => setPoText(e.currentTarget.value)}
                  aria-invalid={poError ? true : undefined}
                  aria-describedby={poError ? 'po-number-hint po-number-error' : 'po-number-hint'}
                />
                {poError && (
                  <p id="po-number-error" role="alert" className="mt-1 text-sm font-medium text-error">
                    {poError}
                  </p>
                )}
              </section>
            )}

            {company.data && termsDays > 0 && (
              <section aria-labelledby="payment-choice-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
                <h2 id="payment-choice-title" className="mb-4 font-display text-2xl font-bold uppercase">
                  {t.paymentTitle}
                </h2>
                <fieldset className="flex flex-col gap-2">
                  <legend className="sr-only">{t.paymentTitle}</legend>
                  {(
                    [
                      ['card', t.payByCard, t.payByCardHint],
                      ['account', t.payOnAccount(termsDays), t.payOnAccountHint(company.data.company.name)],
                    ] as const
                  ).map(([value, label, hint]) => (
                    <label
                      key={value}
                      className={`flex cursor-pointer items-start gap-3 rounded-field border p-3 ${payment === value ? 'border-primary bg-primary/5' : 'border-base-300'}`}
                    >
                      <input
                        type="radio"
                        name="payment"
                        value={value}
                        className="radio radio-primary radio-sm mt-1"
                        checked={payment === value}
                        onChange={() => setPayment(value)}
                      />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="block font-semibold">{label}</span>
                        <span className="block text-base-content/80">{hint}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              </section>
            )}

            <section aria-labelledby="vat-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
              <h2 id="vat-title" className="mb-2 font-display text-2xl font-bold uppercase">
                {t.vatTitle}
              </h2>
              <p id="vat-id-hint" className="mb-3 text-sm text-base-content/80">
                {t.vatIdHint}
              </p>
              <label htmlFor="vat-id" className="mb-1 block text-sm font-semibold">
                {t.vatIdLabel}
              </label>
              <input
                id="vat-id"
                name="vatId"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="DE123456789"
                className={`input w-full max-w-xs font-mono uppercase ${vatError ? 'input-error' : ''}`}
                value={vatText}
                onChange={(e) => setVatText(e.currentTarget.value)}
                onBlur={() => setVatTouched(true)}
                aria-invalid={vatError ? true : undefined}
                aria-describedby={vatError ? 'vat-id-hint vat-id-error' : 'vat-id-hint'}
              />
              {vatError && (
                <p id="vat-id-error" role="alert" className="mt-1 text-sm font-medium text-error">
                  {vatError}
                </p>
              )}
            </section>

            <section aria-labelledby="method-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
              <h2 id="method-title" className="mb-4 font-display text-2xl font-bold uppercase">
                {t.methodTitle}
              </h2>
              {!place_ ? (
                <p className="text-sm text-base-content/80">{t.methodHint}</p>
              ) : quote.isPending ? (
                <p className="text-sm text-base-content/80" aria-busy="true">
                  {t.methodsLoading}
                </p>
              ) : quote.isError ? (
                <LoadError message={quote.error.message} onRetry={() => void quote.refetch()} />
              ) : quote.data.problem ? (
                <p role="alert" className="rounded-field border border-warning/50 bg-warning/10 px-4 py-3 font-medium">
                  {quote.data.problem}
                </p>
              ) : (
                <ShippingOptions options={options} value={chosen?.id ?? null} onChange={setMethodId} />
              )}
            </section>
          </div>

          <aside aria-labelledby="summary-title" className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-200 p-4 sm:p-6 lg:sticky lg:top-24">
            <h2 id="summary-title" className="font-display text-2xl font-bold uppercase">
              {t.summaryTitle}
            </h2>
            <ul className="flex flex-col gap-2 text-sm">
              {cart.lines.map((line) => (
                <li key={line.productId} className="flex justify-between gap-3">
                  <span className="min-w-0 wrap-anywhere">
                    {line.product.name} <span className="text-base-content/75">× {formatCount(line.quantity)}</span>
                    {/* Issue #39: the price each at this quantity, as the cart shows it. */}
                    <span className="block text-xs text-base-content/75 tabular-nums">{piecePriceFor(line.product, line.quantity).eachText}</span>
                  </span>
                  <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            {quote.data && place_ && <p className="text-xs text-base-content/75">{t.weight(checkoutAddressCopy.weight(quote.data.weightGrams))}</p>}
            {chosen ? (
              <>
                <OrderFigures
                  figures={chosen.figures}
                  taxExemptId={quote.data?.taxExempt ? '' : undefined}
                  vat={quote.data && quote.data.vatId === vatId ? quote.data : undefined}
                />
                {vatId && quote.data?.vatId === vatId && (
                  <p role="status" className={`text-sm ${quote.data.reverseCharge ? 'font-medium text-success' : 'text-base-content/80'}`}>
                    {quote.data.reverseCharge ? t.reverseChargeNote(vatId) : t.vatCharged(vatId)}
                  </p>
                )}
              </>
            ) : (
              <dl className="flex items-baseline justify-between gap-4">
                <dt className="font-semibold uppercase tracking-wider">{t.goods}</dt>
                <dd className="font-display text-2xl font-bold tabular-nums">{formatPrice(cart.total)}</dd>
              </dl>
            )}
            {place.isError && (
              <div role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 text-error">
                {place.error instanceof ApiError && place.error.code === 'CHECKOUT_SHORT' && (
                  <p className="font-display font-bold uppercase">{cartCopy.shortTitle}</p>
                )}
                <p className="font-medium">{place.error.message}</p>
              </div>
            )}
            {isEmailNotVerified(place.error) && <ResendVerificationButton />}
            {Object.keys(errors).length > 0 ? (
              <p role="alert" className="text-sm font-medium text-error">
                {t.fixAddress}
              </p>
            ) : (
              methodMissing &&
              !chosen && (
                <p role="alert" className="text-sm font-medium text-error">
                  {quote.data?.problem ?? t.chooseMethod}
                </p>
              )
            )}
            <button type="submit" className="btn btn-primary btn-lg w-full" disabled={place.isPending} aria-busy={place.isPending}>
              {place.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {place.isPending ? t.placing : onAccount ? t.placeOnAccount : t.placeOrder}
            </button>
            <Link to={paths.cart} className="link text-center text-sm">
              {t.backToCart}
            </Link>
          </aside>
        </form>
      )}
    </div>
  );
}
