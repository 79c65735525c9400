import { useMutation } from '@tanstack/react-query';
import type { TestPaymentMethod, TestPaymentMethodRequest } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

// No Bearer token: like Stripe.js, the card data never travels with the shop session.
export const createTestPaymentMethod = (input: TestPaymentMethodRequest) =>
  api<TestPaymentMethod>('/test-payments/payment-methods', { method: 'POST', body: input });

export const useCreateTestPaymentMethod = () => useMutation({ mutationFn: createTestPaymentMethod });
