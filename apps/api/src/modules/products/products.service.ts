import { asc, count, eq } from 'drizzle-orm';
import { fromCents, toCents, type CreateProductInput, type Product } from '@shop/shared';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';

type ProductRow = typeof products.$inferSelect;

export function toProductDto(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    minOrder: row.minOrder,
    stock: row.stock,
    unitPrice: fromCents(row.unitPriceCents),
  };
}

/** Oldest first, so the catalogue order is stable and new products appear at the end. */
const catalogueOrder = [asc(products.createdAt), asc(products.id)] as const;

export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .orderBy(...catalogueOrder);
  return rows.map(toProductDto);
}

export async function pageProducts(db: Db, page: number, limit: number) {
  const [{ total }] = await db.select({ total: count() }).from(products);
  const pages = Math.max(1, Math.ceil(total / limit));
  const rows = await db
    .select()
    .from(products)
    .orderBy(...catalogueOrder)
    .limit(limit)
    .offset((page - 1) * limit);
  return { items: rows.map(toProductDto), total, page, limit, pages };
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  if (!isUuid(id)) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  return toProductDto(row);
}

export async function createProduct(db: Db, input: CreateProductInput): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({
      name: input.name,
      img: input.image,
      description: input.description,
      minOrder: input.minOrder,
      stock: input.stock,
      unitPriceCents: toCents(input.unitPrice),
    })
    .returning();
  return toProductDto(row);
}

/** Orders keep their copy of name and price; their product_id becomes null. */
export async function deleteProduct(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');
}
