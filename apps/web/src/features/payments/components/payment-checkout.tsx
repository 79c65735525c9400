import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { paymentCopy } from '@shop/shared/copy/payment';
import { toastsCopy } from '@shop/shared/copy/toasts';
import type { Order } from '@shop/shared/schemas/order';
import { paths } from '../../../config/paths';
import { toastSuccess } from '../../../lib/toast';
import { formatPrice } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePayOrder } from '../api/pay-order';
import type { PaymentIntentResponse } from '@shop/shared/schemas/order';
import { TestCardForm } from './test-card-form';
import type { BillingDetails, CardFormProps, PaymentStatus } from './payment-status';

const StripeCardForm = lazy(() => import('./stripe-card-form'));
const t = orderFlowCopy;

interface PaymentCheckoutProps {
  order: Order;
  intent: PaymentIntentResponse;
  billingDetails: BillingDetails;
}

/**
 * idle → processing → success | error (spec §4). The order is marked paid by
 * the server only after it has checked the payment with the provider.
 */
export function PaymentCheckout({ order, intent, billingDetails }: PaymentCheckoutProps) {
  const payOrder = usePayOrder();
  const payOrderAsync = payOrder.mutateAsync;
  return (
    <PaymentForm
      // What is charged: the order's total with shipping and tax (decision 160), as the server set the intent.
      amount={intent.amount}
      intent={intent}
      billingDetails={billingDetails}
      record={(transactionId) => payOrderAsync({ orderId: order._id, transactionId })}
    />
  );
}

interface PaymentFormProps {
  /** What the Pay button says (dollars). */
  amount: number;
  intent: PaymentIntentResponse;
  billingDetails: BillingDetails;
  /** Has the server record the provider's confirmed payment (PATCH /orders/{id} or /checkouts/{id}). */
  record(transactionId: string): Promise<unknown>;
  /** Issue #24: more for the success box (a checkout's 'Paid' with its order number and a link to the order). */
  successDetails?: ReactNode;
  /** Decision 188: a guest has no My Orders; their order page stays where it is. */
  showMyOrders?: boolean;
}

/** The card form and its states, for one order or one checkout (decision 121). */
export function PaymentForm({ amount, intent, billingDetails, record, successDetails, showMyOrders = true }: PaymentFormProps) {
  const [status, setStatus] = useState<PaymentStatus>('idle');
  const [message, setMessage] = useState('');
  const [transactionId, setTransactionId] = useState<string | null>(null);
  // A payment the provider already confirmed is never confirmed twice: if
  // recording it failed, Pay only retries the recording.
  const confirmedPayment = useRef<string | null>(null);

  const onPay: CardFormProps['onPay'] = async (confirmWithProvider) => {
    if (status === 'processing' || status === 'success') return;
    setStatus('processing');
    setMessage('');
    try {
      const id = confirmedPayment.current ?? (await confirmWithProvider());
      confirmedPayment.current = id;
      await record(id);
      setTransactionId(id);
      setStatus('success');
      toastSuccess(toastsCopy.paymentCompleted);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
      setStatus('error');
    }
  };

  const formProps: CardFormProps = {
    clientSecret: intent.clientSecret,
    publishableKey: intent.publishableKey,
    billingDetails,
    status,
    amountLabel: formatPrice(amount),
    onPay,
  };

  return (
    <div className="flex flex-col gap-4">
      {intent.provider === 'stripe' ? (
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <StripeCardForm {...formProps} />
        </Suspense>
      ) : (
        <TestCardForm {...formProps} />
      )}
      {status === 'error' && (
        <p role="alert" className="font-medium text-error">
          {message}
        </p>
      )}
      {status === 'success' && transactionId && (
        <div role="status" className="flex flex-col gap-2 rounded-box border border-success/40 bg-success/10 p-4">
          <p className="font-display text-xl font-bold uppercase text-success">{paymentCopy.success}</p>
          <p className="text-sm">
            {t.yourTransactionId} <code className="break-all font-semibold select-all">{transactionId}</code>
          </p>
          {successDetails}
          {showMyOrders && (
            <Link to={paths.myOrders} className="link link-primary text-sm font-semibold">
              {t.backToOrders}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
