import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { PayButton } from './pay-button';
import type { CardFormProps } from './payment-status';

// loadStripe must run once per key: it injects Stripe.js into the page.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function getStripe(key: string) {
  let promise = stripeByKey.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripeByKey.set(key, promise);
  }
  return promise;
}

/** Stripe Elements; loaded lazily so the test-mode page never downloads Stripe.js. */
export default function StripeCardForm(props: CardFormProps) {
  const [failed, setFailed] = useState(!props.publishableKey);
  const stripePromise = useMemo(
    () =>
      props.publishableKey
        ? getStripe(props.publishableKey).catch(() => {
            // Stripe.js could not be fetched (offline, blocked): say so instead of loading forever.
            setFailed(true);
            return null;
          })
        : null,
    [props.publishableKey],
  );
  if (failed) {
    return (
      <p role="alert" className="font-medium text-error">
        {orderFlowCopy.cardFormFailed}
      </p>
    );
  }
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function cssVar(name: string, fallback: string) {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

function StripeCardFields({ clientSecret, billingDetails, status, amountLabel, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const locked = status === 'processing' || status === 'success';
  // The card field lives in Stripe's iframe: hand it our theme's colours.
  const [style] = useState(() => ({
    base: { color: cssVar('--color-base-content', '#1f2328'), fontSize: '16px', '::placeholder': { color: '#8b949e' } },
    invalid: { color: cssVar('--color-error', '#b91c1c') },
  }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Spec §4: Pay does nothing until Stripe.js and the card element are ready.
    if (!stripe || !elements || !ready || locked) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    onPay(async () => {
      const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billingDetails });
      if (error) throw new Error(error.message ?? 'Your card could not be used.');
      const { error: confirmError, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod.id });
      if (confirmError) throw new Error(confirmError.message ?? 'The payment could not be completed.');
      if (paymentIntent.status !== 'succeeded') throw new Error(`The payment is ${paymentIntent.status.replace(/_/g, ' ')}.`);
      return paymentIntent.id;
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-semibold" id="stripe-card-label">
          {orderFlowCopy.cardDetails}
        </span>
        <div className="input relative flex h-12 w-full items-center" aria-labelledby="stripe-card-label">
          {!ready && <span className="pointer-events-none absolute inset-x-4 text-sm text-base-content/70">{orderFlowCopy.loadingCardForm}</span>}
          <CardElement className="w-full" options={{ style, disabled: locked, hidePostalCode: false }} onReady={() => setReady(true)} />
        </div>
      </div>
      <PayButton status={status} amountLabel={amountLabel} />
    </form>
  );
}
