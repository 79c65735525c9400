import { and, isNull, ne, sql } from 'drizzle-orm';
import type { Product } from '@shop/shared';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

/**
 * Decision 217: the part that replaces a discontinued one: a part of the shop, itself still made, that lists the
 * discontinued part's number among the numbers it replaces or supersedes (decision 166: entered on the product form
 * or in the catalogue CSV). One with stock first, then the oldest. Its `part_number_keys` GIN index finds it.
 */
export async function replacementOf(db: Db, part: { id: string; sku: string; skuKey: string }): Promise<Product['replacement'] | undefined> {
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: products.name, brand: products.brand, stock: products.stock, partNumbers: products.partNumbers })
    .from(products)
    .where(and(sql`${products.partNumberKeys} @> array[${part.skuKey}]::text[]`, ne(products.id, part.id), isNull(products.discontinuedAt)))
    .orderBy(sql`${products.stock} > 0 desc`, products.createdAt, products.id)
    .limit(20);
  const key = part.skuKey;
  const norm = (n: string) => n.toLowerCase().replace(/[\s.-]/g, '');
  const found = rows.find((r) => r.partNumbers.some((p) => (p.kind === 'replaces' || p.kind === 'supersedes') && norm(p.number) === key));
  return found ? { _id: found.id, sku: found.sku, name: found.name, brand: found.brand } : undefined;
}
