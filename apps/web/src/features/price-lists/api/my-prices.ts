import { useQuery } from '@tanstack/react-query';
import { cheapestOffer, fromCents, toCents, type PriceOffer } from '@shop/shared/pricing';
import type { MyPrice, MyPrices } from '@shop/shared/schemas/price-list';
import type { PriceTier } from '@shop/shared/pricing';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../identity/auth-context';

/**
 * Issue #37 item 2 (decision 206): the signed-in buyer's trade prices of the parts on screen, asked privately
 * (GET /prices/mine); the public catalogue the page was built from never holds them. Nothing is asked for a
 * visitor; someone of no company gets an empty answer. The key names the user, so another person's prices are
 * never shown from the cache after a switch of account.
 */
export function useMyPrices(productIds: readonly string[]): Map<string, MyPrice> {
  const { user, loading } = useAuth();
  const ids = [...new Set(productIds)].sort();
  const query = useQuery({
    queryKey: ['prices', 'mine', user?.id ?? '', ids.join(',')],
    queryFn: ({ signal }) => api<MyPrices>(`/prices/mine?ids=${ids.join(',')}`, { auth: true, signal }),
    enabled: Boolean(user) && !loading && ids.length > 0 && ids.length <= 100,
    staleTime: 60_000,
  });
  return new Map((query.data?.prices ?? []).map((p) => [p.productId, p]));
}

const toOffer = (o: { unitPrice: number; priceTiers: readonly PriceTier[] }): PriceOffer => ({
  unitPriceCents: toCents(o.unitPrice),
  priceTiers: o.priceTiers.map((t) => ({ minQuantity: t.minQuantity, unitPriceCents: toCents(t.unitPrice) })),
});

/**
 * The lot price and tiers the buyer pays for `quantity`: the lowest of the public price and their offers, by the
 * server's one rule (cheapestOffer), so the page's total is the cart's.
 */
export function pricedForBuyer<P extends { unitPrice: number; minOrder: number; priceTiers?: PriceTier[] }>(
  product: P,
  mine: MyPrice | undefined,
  quantity: number,
): P {
  if (!mine) return product;
  const base = toOffer({ unitPrice: product.unitPrice, priceTiers: product.priceTiers ?? [] });
  const best = cheapestOffer([base, ...mine.offers.map(toOffer)], product.minOrder, Math.max(quantity, 0));
  if (best === base) return product;
  return {
    ...product,
    unitPrice: fromCents(best.unitPriceCents),
    priceTiers: best.priceTiers.map((t) => ({ minQuantity: t.minQuantity, unitPrice: fromCents(t.unitPriceCents) })),
  };
}
