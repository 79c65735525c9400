import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@shop/shared/schemas/cart';
import { api } from '../../../lib/api-client';

/** Issue #24: the shipping methods and figures for the cart to a country and region (POST /checkout/quote). */
export const quoteKeys = { place: (country: string, region: string) => ['checkout', 'quote', country, region] as const };

export const useCheckoutQuote = (place: { country: string; region: string } | null) =>
  useQuery({
    queryKey: quoteKeys.place(place?.country ?? '', place?.region ?? ''),
    queryFn: ({ signal }) => api<CheckoutQuote>('/checkout/quote', { method: 'POST', body: place!, auth: true, signal }),
    enabled: place !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
