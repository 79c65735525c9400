import type { Product } from '@shop/shared/schemas/product';

export const FEATURED_PRODUCTS = 6;

/** Spec §2: the home page features the first 6 products of the catalogue. */
export function featuredProducts(products: readonly Product[], count = FEATURED_PRODUCTS): Product[] {
  return products.slice(0, count);
}
