import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { checkoutCopy } from '@shop/shared/copy/checkout';
import { checkoutAddressCopy } from '@shop/shared/copy/checkout-address';
import { guestCheckoutCopy } from '@shop/shared/copy/guest-checkout';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { regionsOf } from '@shop/shared/address';
import { formatCount } from '@shop/shared/intl';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { PageHead } from '../../components/ui/page-head';
import { formatPrice } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { useAuth } from '../../features/identity/auth-context';
import { useCart } from '../../features/cart/use-cart';
import { clearGuestCart } from '../../features/cart/guest-cart';
import { AddressFields, checkAddress, emptyAddress, type AddressDraft, type AddressErrors } from '../../features/addresses/components/address-fields';
import { useGuestQuote, usePlaceGuestCheckout } from '../../features/checkout/api/guest';
import { OrderFigures } from '../../features/checkout/components/order-figures';
import { ShippingOptions } from '../../features/checkout/components/shipping-options';
import type { LoginRedirectState } from '../../features/identity/components/protected-route';

const t = checkoutCopy;
const g = guestCheckoutCopy;
// The shared schema's rule, in the browser: one @, something on both sides, a dot in the domain.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issue #39 item 9 (decision 188): checkout without an account. The visitor's browser cart, an e-mail address, the
 * delivery address and shipping method as on the customer's checkout; placing the order reserves the parts and opens
 * the guest order page through its link, where the order is paid and followed.
 */
export default function GuestCheckoutPage() {
  const cart = useCart();
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const place = usePlaceGuestCheckout();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [draft, setDraft] = useState<AddressDraft>(() => emptyAddress());
  const [errors, setErrors] = useState<AddressErrors>({});
  const [methodId, setMethodId] = useState<string | null>(null);
  const [methodMissing, setMethodMissing] = useState(false);

  const lines = useMemo(() => cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })), [cart.lines]);
  const needsRegion = Boolean(regionsOf(draft.country));
  const place_ = useMemo(
    () => (draft.country && (!needsRegion || draft.region) ? { country: draft.country, region: needsRegion ? draft.region : '' } : null),
    [draft.country, draft.region, needsRegion],
  );
  const quote = useGuestQuote(lines, place_);
  const options = place_ ? (quote.data?.options ?? []) : [];
  const chosen = options.find((o) => o.id === methodId) ?? options[0];

  useEffect(() => setMethodId(null), [place_?.country, place_?.region]);

  // A signed-in customer checks out with their account.
  useEffect(() => {
    if (!loading && user) void navigate(paths.checkout, { replace: true });
  }, [loading, user, navigate]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const mailOk = EMAIL_RE.test(email.trim());
    setEmailError(mailOk ? undefined : g.emailInvalid);
    const checked = checkAddress(draft);
    setErrors(checked.address ? {} : checked.errors);
    if (!mailOk || !checked.address) return;
    if (!chosen) {
      setMethodMissing(true);
      return;
    }
    setMethodMissing(false);
    place.mutate(
      { email: email.trim(), lines, shippingAddress: draft, shippingMethodId: chosen.id },
      {
        onSuccess: ({ token }) => {
          // The parts are reserved in the order now: the browser cart has done its work.
          clearGuestCart();
          void navigate({ pathname: paths.guestOrder, hash: token });
        },
      },
    );
  }

  const emailId = 'guest-email';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={g.title} description={pageMetaCopy.cart} path={paths.guestCheckout} noindex />
      <h1 className="font-display text-4xl font-bold uppercase leading-tight">{g.title}</h1>
      <span className="mt-2 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      <p className="mt-3 text-base-content/80">{g.intro}</p>
      <p className="mt-1 text-sm">
        {g.haveAccount}{' '}
        <Link to={paths.login} state={{ from: { pathname: paths.cart } } satisfies LoginRedirectState} className="link link-primary font-semibold">
          {g.signIn}
        </Link>
      </p>

      {cart.isPending ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-72 w-full" />
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
          <div className="flex min-w-0 flex-col gap-6">
            <section aria-labelledby="contact-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
              <h2 id="contact-title" className="mb-4 font-display text-2xl font-bold uppercase">
                {g.contactTitle}
              </h2>
              <FormField id={emailId} label={g.emailLabel} error={emailError} hint={g.emailHint}>
                <input
                  id={emailId}
                  name="email"
                  type="email"
                  className={`input w-full ${emailError ? 'input-error' : ''}`}
                  value={email}
                  onChange={(e) => {
                    setEmail(e.currentTarget.value);
                    setEmailError(undefined);
                  }}
                  autoComplete="email"
                  maxLength={254}
                  placeholder="rider@example.com"
                  {...fieldAria(emailId, { error: emailError, hint: true })}
                />
              </FormField>
            </section>

            <section aria-labelledby="address-title" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
              <h2 id="address-title" className="mb-4 font-display text-2xl font-bold uppercase">
                {t.addressTitle}
              </h2>
              <AddressFields
                value={draft}
                onChange={(next) => {
                  setErrors((old) => Object.fromEntries(Object.entries(old).filter(([k]) => next[k as keyof AddressDraft] === draft[k as keyof AddressDraft])));
                  setDraft(next);
                }}
                errors={errors}
              />
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
                <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-3 font-medium text-error">
                  {quote.error.message}
                </p>
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
                  <span className="min-w-0">
                    {line.product.name} <span className="text-base-content/75">× {formatCount(line.quantity)}</span>
                  </span>
                  <span className="tabular-nums">{formatPrice(line.lineTotal)}</span>
                </li>
              ))}
            </ul>
            {quote.data && place_ && <p className="text-xs text-base-content/75">{t.weight(checkoutAddressCopy.weight(quote.data.weightGrams))}</p>}
            {chosen ? (
              <OrderFigures figures={chosen.figures} />
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
            {emailError || Object.keys(errors).length > 0 ? (
              <p role="alert" className="text-sm font-medium text-error">
                {emailError ?? t.fixAddress}
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
              {place.isPending ? t.placing : t.placeOrder}
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
