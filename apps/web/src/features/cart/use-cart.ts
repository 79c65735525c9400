import { useCallback, useSyncExternalStore } from 'react';
import type { CartLine } from '@shop/shared/schemas/cart';
import type { Product } from '@shop/shared/schemas/product';
import { useAuth } from '../identity/auth-context';
import { useRemoveCartLine, useServerCart, useSetCartLine, useSetCartLines } from './api/cart';
import { getGuestLines, guestTotal, NO_LINES, removeGuestLine, setGuestLine, subscribeGuestCart } from './guest-cart';

export interface CartView {
  /** 'account': the server cart of the signed-in customer; 'guest': this browser's cart. */
  kind: 'account' | 'guest';
  lines: CartLine[];
  total: number;
  isPending: boolean;
  error: Error | null;
  refetch(): void;
  /** Sets (replaces) a line's quantity; rejects with the server's message. */
  setQuantity(product: Product, quantity: number): Promise<void>;
  /** Sets several lines at once, all or none (decision 197: one request for an account's cart). */
  setQuantities(lines: { product: Product; quantity: number }[]): Promise<void>;
  remove(productId: string): Promise<void>;
}

/** One cart for every screen: the account's when signed in, else the browser's. */
export function useCart(): CartView {
  const { user, loading } = useAuth();
  const signedIn = Boolean(user) && !loading;
  const server = useServerCart(signedIn);
  const guestLines = useSyncExternalStore(subscribeGuestCart, getGuestLines, () => NO_LINES);
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const setLines = useSetCartLines();
  const setLineAsync = setLine.mutateAsync;
  const setLinesAsync = setLines.mutateAsync;
  const removeLineAsync = removeLine.mutateAsync;

  const setQuantity = useCallback(
    async (product: Product, quantity: number) => {
      if (signedIn) await setLineAsync({ productId: product._id, quantity });
      else setGuestLine(product, quantity);
    },
    [signedIn, setLineAsync],
  );
  const setQuantities = useCallback(
    async (lines: { product: Product; quantity: number }[]) => {
      if (signedIn) await setLinesAsync({ lines: lines.map((l) => ({ productId: l.product._id, quantity: l.quantity })) });
      else for (const l of lines) setGuestLine(l.product, l.quantity);
    },
    [signedIn, setLinesAsync],
  );
  const remove = useCallback(
    async (productId: string) => {
      if (signedIn) await removeLineAsync(productId);
      else removeGuestLine(productId);
    },
    [signedIn, removeLineAsync],
  );

  if (user || loading) {
    // Until the session check answers, an add goes to this browser's cart (setQuantity, merged by CartSync once the
    // check says who this is): the navbar counts those lines, not an account's that has not been asked for.
    const known = Boolean(user);
    return {
      kind: 'account',
      lines: known ? (server.data?.lines ?? NO_LINES) : guestLines,
      total: known ? (server.data?.total ?? 0) : guestTotal(guestLines),
      isPending: loading || server.isPending,
      error: server.error,
      refetch: () => void server.refetch(),
      setQuantity,
      setQuantities,
      remove,
    };
  }
  return {
    kind: 'guest',
    lines: guestLines,
    total: guestTotal(guestLines),
    isPending: false,
    error: null,
    refetch: () => undefined,
    setQuantity,
    setQuantities,
    remove,
  };
}
