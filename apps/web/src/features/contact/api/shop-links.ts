import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopLinks } from '@shop/shared/schemas/contact';
import { api } from '../../../lib/api-client';

/** GET /shop-links: the shop's own pages on social networks (SOCIAL_*_URL on the server); read while rendering a page. */
export const shopLinksQueryOptions = queryOptions({
  queryKey: ['shop-links'],
  queryFn: () => api<ShopLinks>('/shop-links'),
  staleTime: Infinity,
  meta: { silent: true },
});

export const useShopLinks = () => useQuery(shopLinksQueryOptions);
