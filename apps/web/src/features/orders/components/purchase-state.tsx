import { useNow } from '../../../lib/render-clock';
import { purchaseState } from '@shop/shared/purchase-state';
import type { Purchase, PurchaseStatus } from '@shop/shared/schemas/cart';

/** One colour per status: the order page's badge, and the dot before the state in the lists. */
export const statusBadgeClass: Record<PurchaseStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-info',
  partially_shipped: 'badge-accent',
  shipped: 'badge-secondary',
  delivered: 'badge-success',
  expired: 'badge-neutral',
  cancelled: 'badge-neutral',
};

const statusDotClass: Record<PurchaseStatus, string> = {
  unpaid: 'bg-warning',
  paid: 'bg-info',
  partially_shipped: 'bg-accent',
  shipped: 'bg-secondary',
  delivered: 'bg-success',
  expired: 'bg-base-content/40',
  cancelled: 'bg-base-content/40',
};

/**
 * The order's real state (packages/shared purchaseState), read again when an unpaid order's reservation runs out
 * while the page is open: the spec's status component beside it turns to Expired then too.
 */
export function usePurchaseState(p: Pick<Purchase, 'status' | 'expiresAt' | 'total' | 'refunded'>) {
  // The render's moment on the server and while hydrating (decision 187), then this browser's clock every 30 s,
  // as the reservation's minutes beside it.
  const now = useNow();
  return purchaseState(p, now);
}

/**
 * Issue #34 item 7: "Shipped · Refunded" in the lists, above the spec's own status ('pay', 'Pending...', 'Paid'),
 * which says less. `skip`: states the spec's component already names in the same words (Expired, Cancelled), so
 * they are not said twice; a refund is always said.
 */
export function PurchaseStateLine({ purchase, skip = [] }: { purchase: Purchase; skip?: readonly PurchaseStatus[] }) {
  const state = usePurchaseState(purchase);
  if (!state.refund && skip.includes(state.status)) return null;
  return (
    <p className="mb-1.5 flex items-baseline gap-2 text-sm font-semibold" data-testid="order-state">
      <span className={`inline-block size-2 shrink-0 translate-y-[-1px] rounded-full ${statusDotClass[state.status]}`} aria-hidden="true" />
      <span>{state.label}</span>
    </p>
  );
}
