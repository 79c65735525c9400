import { useMutation } from '@tanstack/react-query';
import type { TestConfirmRequest, TestConfirmResponse } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

// The client secret is the capability (as with Stripe), so no Bearer token.
export const confirmTestPayment = (input: TestConfirmRequest) => api<TestConfirmResponse>('/test-payments/confirm', { method: 'POST', body: input });

export const useConfirmTestPayment = () => useMutation({ mutationFn: confirmTestPayment });
