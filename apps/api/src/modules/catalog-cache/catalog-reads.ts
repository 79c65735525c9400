import { skuKey, type Product } from '@shop/shared';
import type { Db } from '../../db/client';
import { catalogueIds, getProduct, listProducts, productsByIds, type CatalogOptions } from '../products/products.service';
import { replacementOf } from '../products/discontinued';
import type { CachedBody, CatalogCache } from './catalog-cache';

/**
 * The public catalogue reads, through the cache. Paging slices the cached
 * id list, so any page costs one indexed lookup of `limit` rows, with no
 * OFFSET scan and no COUNT per request (issue #10: p95 ≤ 20 ms at 100,000).
 */
export function cachedProductList(cache: CatalogCache, db: Db, opts?: CatalogOptions): Promise<CachedBody> {
  return cache.get('products', 'products', () => listProducts(db, opts));
}

export async function productPage(cache: CatalogCache, db: Db, page: number, limit: number, opts?: CatalogOptions) {
  const ids = await cache.orderedIds(() => catalogueIds(db));
  const total = ids.length;
  const pages = Math.max(1, Math.ceil(total / limit));
  const items: Product[] = await productsByIds(db, ids.slice((page - 1) * limit, page * limit), opts);
  return { items, total, page, limit, pages };
}

export function cachedProductPage(cache: CatalogCache, db: Db, page: number, limit: number, opts?: CatalogOptions): Promise<CachedBody> {
  return cache.get(`products?page=${page}&limit=${limit}`, 'products', () => productPage(cache, db, page, limit, opts));
}

export function cachedProduct(cache: CatalogCache, db: Db, id: string, opts?: CatalogOptions): Promise<CachedBody> {
  // Only found products are stored: an error rejects the load and nothing is kept.
  return cache.get(`product/${id}`, 'products', async () => {
    const product = await getProduct(db, id, opts);
    // Decision 217: a discontinued part's page shows the part that replaces it, where the shop has one.
    if (!product.discontinuedAt) return product;
    const replacement = await replacementOf(db, { id: product._id, sku: product.sku, skuKey: skuKey(product.sku) });
    return replacement ? { ...product, replacement } : product;
  });
}
