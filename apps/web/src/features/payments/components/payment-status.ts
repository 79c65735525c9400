export type PaymentStatus = 'idle' | 'processing' | 'success' | 'error';

export interface BillingDetails {
  name: string;
  email: string;
}

/** What each card form gets: it runs the provider's steps and hands back the PaymentIntent id, or throws with the provider's message. */
export interface CardFormProps {
  clientSecret: string;
  publishableKey: string | null;
  billingDetails: BillingDetails;
  status: PaymentStatus;
  amountLabel: string;
  onPay(confirmWithProvider: () => Promise<string>): void;
}
