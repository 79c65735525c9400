import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCartLinesInput, Cart, Checkout, CheckoutRequest, MergeCartInput } from '@shop/shared/schemas/cart';
import type { PaymentIntentResponse } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';
import { productsQueryKey } from '../../catalog/api/get-products';

/** The signed-in customer's server cart (decision 120). Every write answers the whole cart. */
export const cartKeys = {
  cart: ['cart'] as const,
  checkout: (id: string) => ['checkout', id] as const,
  intent: (id: string) => ['checkout-intent', id] as const,
};

export const getCart = (signal?: AbortSignal) => api<Cart>('/cart', { auth: true, signal });
export const setCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  api<Cart>(`/cart/lines/${encodeURIComponent(productId)}`, { method: 'PUT', body: { quantity }, auth: true });
/** Decision 197: several lines in one request, all or none (a diagram's picked rows). */
export const setCartLines = (input: AddCartLinesInput) => api<Cart>('/cart/lines', { method: 'POST', body: input, auth: true });
export const removeCartLine = (productId: string) => api<Cart>(`/cart/lines/${encodeURIComponent(productId)}`, { method: 'DELETE', auth: true });
export const mergeCart = (input: MergeCartInput) => api<Cart>('/cart/merge', { method: 'POST', body: input, auth: true });
export const placeCheckout = (input: CheckoutRequest) => api<Checkout>('/checkout', { method: 'POST', body: input, auth: true });
export const getCheckout = (id: string, signal?: AbortSignal) => api<Checkout>(`/checkouts/${encodeURIComponent(id)}`, { auth: true, signal });
export const payCheckout = ({ checkoutId, transactionId }: { checkoutId: string; transactionId: string }) =>
  api<Checkout>(`/checkouts/${encodeURIComponent(checkoutId)}`, { method: 'PATCH', body: { transactionId }, auth: true });

export const cartQueryOptions = queryOptions({ queryKey: cartKeys.cart, queryFn: ({ signal }) => getCart(signal), staleTime: 0 });

export const useServerCart = (enabled: boolean) => useQuery({ ...cartQueryOptions, enabled });

/**
 * A write answers the whole cart: it becomes the cached cart at once. A read of the cart still on its way (sent
 * before the write was done, such as the navbar's right after sign-in while the browser cart merges) is cancelled
 * first, so its older answer cannot land after this one and show the cart as it was ("Cart, 0 lines").
 */
function useCartWrite<I>(fn: (input: I) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (cart) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.cart });
      queryClient.setQueryData(cartKeys.cart, cart);
    },
  });
}

export const useSetCartLine = () => useCartWrite(setCartLine);
export const useSetCartLines = () => useCartWrite(setCartLines);
export const useRemoveCartLine = () => useCartWrite(removeCartLine);
export const useMergeCart = () => useCartWrite(mergeCart);

export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    onSuccess: (checkout) => queryClient.setQueryData(cartKeys.checkout(checkout._id), checkout),
    // The cart is emptied (or a line was short and stock moved): reload cart, orders and stock.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKeys.cart }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]),
  });
}

export const useCheckout = (id: string) => useQuery({ queryKey: cartKeys.checkout(id), queryFn: ({ signal }) => getCheckout(id, signal), staleTime: 0 });

/** As for one order (features/payments): a query, since the server reuses the checkout's intent. */
export const useCheckoutPaymentIntent = (checkoutId: string, enabled: boolean) =>
  useQuery({
    queryKey: cartKeys.intent(checkoutId),
    queryFn: ({ signal }) => api<PaymentIntentResponse>('/create-payment-intent', { method: 'POST', body: { checkoutId }, auth: true, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled,
  });

export function usePayCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payCheckout,
    onSuccess: (checkout) => queryClient.setQueryData(cartKeys.checkout(checkout._id), checkout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' }),
  });
}
