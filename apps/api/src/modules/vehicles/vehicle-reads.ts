import type { Db } from '../../db/client';
import type { CachedBody, CatalogCache } from '../catalog-cache/catalog-cache';
import { pageProductsForVehicle, type CatalogOptions } from '../products/products.service';

/**
 * GET /products?vehicle={id}&page=&limit= through the catalogue cache: any
 * product or fitment write drops it (scope `products`), an unknown vehicle is
 * not stored (the loader throws 404).
 */
export function cachedVehiclePage(cache: CatalogCache, db: Db, vehicleId: string, page: number, limit: number, opts?: CatalogOptions): Promise<CachedBody> {
  return cache.get(`products?vehicle=${vehicleId.toLowerCase()}&page=${page}&limit=${limit}`, 'products', () =>
    pageProductsForVehicle(db, vehicleId, page, limit, opts),
  );
}
