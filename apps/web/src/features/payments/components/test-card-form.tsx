import { useId, useState, type FormEvent } from 'react';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { paymentCopy } from '@shop/shared/copy/payment';
import { FormField } from '../../../components/ui/form-field';
import { createTestPaymentMethod } from '../api/create-test-payment-method';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { formatCardNumber, formatCvc, formatExpiry, parseExpiry } from '../card-format';
import { PayButton } from './pay-button';
import type { CardFormProps } from './payment-status';

const t = orderFlowCopy;

/**
 * The built-in test processor, driven exactly like Stripe.js: create a payment
 * method from the card (with the billing name and e-mail), then confirm the
 * intent with the client secret. Card data goes to the processor only.
 */
export function TestCardForm({
  clientSecret,
  billingDetails,
  status,
  amountLabel,
  onPay,
  confirm,
}: CardFormProps & {
  /** Decision 208: what paying with the card does instead of confirming an intent (an invoice's payment); answers the payment's id. */
  confirm?(paymentMethod: string): Promise<string>;
}) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const locked = status === 'processing' || status === 'success';

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (locked) return;
    onPay(async () => {
      const paymentMethod = await createTestPaymentMethod({
        number: number.replace(/\D/g, ''),
        ...parseExpiry(expiry),
        cvc,
        billingDetails,
      });
      if (confirm) return confirm(paymentMethod.id);
      const { paymentIntent } = await confirmTestPayment({ clientSecret, paymentMethod: paymentMethod.id });
      return paymentIntent.id;
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="flex items-start gap-3 rounded-field border border-info/40 bg-info/10 px-4 py-3 text-sm">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="mt-0.5 shrink-0 fill-current text-info">
          <path d="M10 1.5a8.5 8.5 0 110 17 8.5 8.5 0 010-17zm0 7a1 1 0 00-1 1v4.5a1 1 0 102 0V9.5a1 1 0 00-1-1zm0-3.5a1.25 1.25 0 100 2.5A1.25 1.25 0 0010 5z" />
        </svg>
        <span>{paymentCopy.testMode}</span>
      </p>
      <FormField id={`${id}-number`} label={t.cardNumber}>
        <input
          id={`${id}-number`}
          name="cardnumber"
          className="input w-full font-mono tracking-wider tabular-nums"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          disabled={locked}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${id}-exp`} label={t.cardExpiry}>
          <input
            id={`${id}-exp`}
            name="exp-date"
            className="input w-full font-mono tabular-nums"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry((prev) => formatExpiry(e.target.value, prev))}
            disabled={locked}
          />
        </FormField>
        <FormField id={`${id}-cvc`} label={t.cardCvc}>
          <input
            id={`${id}-cvc`}
            name="cvc"
            className="input w-full font-mono tabular-nums"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(formatCvc(e.target.value))}
            disabled={locked}
          />
        </FormField>
      </div>
      <PayButton status={status} amountLabel={amountLabel} />
    </form>
  );
}
