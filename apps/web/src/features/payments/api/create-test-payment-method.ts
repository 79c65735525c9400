import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Same shape as Stripe's createPaymentMethod, answered by the shop's built-in test processor. */
export interface TestPaymentMethodInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  billingDetails: { name: string; email: string };
}

export interface TestPaymentMethod {
  id: string;
  card: { brand: string; last4: string };
}

// No Bearer token: like Stripe.js, the card data never travels with the shop session.
export const createTestPaymentMethod = (input: TestPaymentMethodInput) =>
  api<TestPaymentMethod>('/test-payments/payment-methods', { method: 'POST', body: input });

export const useCreateTestPaymentMethod = () => useMutation({ mutationFn: createTestPaymentMethod });
