import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ConfirmTestPaymentInput {
  clientSecret: string;
  paymentMethod: string;
}

export interface ConfirmedPayment {
  paymentIntent: { id: string; status: string; amount: number };
}

// The client secret is the capability (as with Stripe), so no Bearer token.
export const confirmTestPayment = (input: ConfirmTestPaymentInput) =>
  api<ConfirmedPayment>('/test-payments/confirm', { method: 'POST', body: input });

export const useConfirmTestPayment = () => useMutation({ mutationFn: confirmTestPayment });
