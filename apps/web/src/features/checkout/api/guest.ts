import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout, CheckoutQuote, GuestCheckout, GuestCheckoutRequest, Purchase } from '@shop/shared/schemas/cart';
import type { PaymentIntentResponse } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';

/**
 * Issue #39 item 9 (decision 188): checking out without an account. The order calls carry the token of the
 * order's link in the X-Guest-Token header; the link keeps it in its fragment, which no server ever sees.
 */
const GUEST_HEADER = 'x-guest-token';
const tokenHeader = (token: string) => ({ [GUEST_HEADER]: token });

export const guestKeys = {
  quote: (lines: string, country: string, region: string) => ['guest', 'quote', lines, country, region] as const,
  order: (token: string) => ['guest', 'order', token] as const,
  intent: (token: string) => ['guest', 'intent', token] as const,
};

type Lines = { productId: string; quantity: number }[];

export const useGuestQuote = (lines: Lines, place: { country: string; region: string } | null) =>
  useQuery({
    queryKey: guestKeys.quote(JSON.stringify(lines), place?.country ?? '', place?.region ?? ''),
    queryFn: ({ signal }) => api<CheckoutQuote>('/guest/checkout/quote', { method: 'POST', body: { lines, ...place! }, signal }),
    enabled: place !== null && lines.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const usePlaceGuestCheckout = () =>
  useMutation({ mutationFn: (input: GuestCheckoutRequest) => api<GuestCheckout>('/guest/checkout', { method: 'POST', body: input }) });

export const useGuestOrder = (token: string) =>
  useQuery({
    queryKey: guestKeys.order(token),
    queryFn: ({ signal }) => api<Purchase>('/guest/order', { headers: tokenHeader(token), signal }),
    enabled: token !== '',
    staleTime: 0,
    retry: false,
  });

export const useGuestPaymentIntent = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: guestKeys.intent(token),
    queryFn: ({ signal }) => api<PaymentIntentResponse>('/guest/order/payment-intent', { method: 'POST', headers: tokenHeader(token), signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled,
  });

export function usePayGuestOrder(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => api<Checkout>('/guest/order', { method: 'PATCH', body: { transactionId }, headers: tokenHeader(token) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestKeys.order(token), refetchType: 'none' }),
  });
}
