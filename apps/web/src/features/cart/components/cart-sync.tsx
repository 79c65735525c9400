import { useEffect, useRef } from 'react';
import { useAuth } from '../../identity/auth-context';
import { useMergeCart } from '../api/cart';
import { clearGuestCart, getGuestLines } from '../guest-cart';

/**
 * Right after sign-in (any way: password, Google, sign-up, second factor) the
 * browser cart is merged into the account once, then cleared (decision 121).
 * A failed merge keeps the browser cart for the next sign-in.
 */
export function CartSync() {
  const { user, loading } = useAuth();
  const merge = useMergeCart();
  const mergeAsync = merge.mutateAsync;
  const doneFor = useRef<string | null>(null);

  useEffect(() => {
    if (!user || loading) {
      if (!user && !loading) doneFor.current = null;
      return;
    }
    if (doneFor.current === user.id) return;
    doneFor.current = user.id;
    const lines = getGuestLines();
    if (lines.length === 0) return;
    mergeAsync({ lines: lines.map(({ productId, quantity }) => ({ productId, quantity })) })
      .then(() => clearGuestCart())
      .catch(() => {
        doneFor.current = null;
      });
  }, [user, loading, mergeAsync]);

  return null;
}
