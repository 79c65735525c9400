import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@shop/shared/schemas/cart';
import { api } from '../../../lib/api-client';

/** Issue #24: the shipping methods and figures for the cart to a country and region (POST /checkout/quote). */
export const quoteKeys = { place: (country: string, region: string, vatId = '') => ['checkout', 'quote', country, region, vatId] as const };

/** Issue #39: with the buyer's EU VAT ID (checked on the page first), priced as the checkout will price it. */
export const useCheckoutQuote = (place: { country: string; region: string; vatId?: string } | null) =>
  useQuery({
    queryKey: quoteKeys.place(place?.country ?? '', place?.region ?? '', place?.vatId ?? ''),
    queryFn: ({ signal }) => api<CheckoutQuote>('/checkout/quote', { method: 'POST', body: place!, auth: true, signal }),
    enabled: place !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
