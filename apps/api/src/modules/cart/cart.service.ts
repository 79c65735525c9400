import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { copy, fromCents, isValidQuantity, orderPriceCents, type AddCartLinesInput, type Cart, type MergeCartInput } from '@shop/shared';
import type { Db } from '../../db/client';
import { cartLines, products } from '../../db/schema';
import { BadRequestError, NotFoundError, isUuid } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { fitmentsByProduct, toProductDto, type CatalogOptions, type ProductRow } from '../products/products.service';
import { withTradePrices } from '../price-lists/price-lists.service';

/**
 * Issue #9 part 4: the server cart of a signed-in customer (decision 120).
 * A line is a product and a quantity; its total is always computed from the
 * product's current price with the shared price rule, never stored.
 */

const productNotFound = () => new NotFoundError('No product with that id.', 'PRODUCT_NOT_FOUND');

/** The cart's quantity rule, the same as an order's: minOrder ≤ quantity ≤ stock. */
export function cartQuantityError(product: Pick<ProductRow, 'minOrder' | 'stock'>): BadRequestError {
  return new BadRequestError(copy.orderRules.quantityRange(product.minOrder, product.stock), 'INVALID_QUANTITY', {
    minOrder: product.minOrder,
    stock: product.stock,
  });
}

/** The shared price rule with the product's quantity tiers (decision 131). */
export const lineTotalCents = (product: Pick<ProductRow, 'unitPriceCents' | 'minOrder' | 'priceTiers'>, quantity: number) =>
  orderPriceCents(product.unitPriceCents, product.minOrder, quantity, product.priceTiers);

/** The cart's lines with their products, by product name (then id, so the order is stable). */
export async function cartRows(db: Db, userId: string): Promise<{ quantity: number; product: ProductRow }[]> {
  const rows = await db
    .select({ quantity: cartLines.quantity, product: products })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(products.name), asc(products.id));
  return rows;
}

/** The cart's lines with their parts priced for this buyer (issue #37 item 2: a trade buyer's price lists). */
export async function pricedCartRows(db: Db, userId: string, now = new Date()): Promise<{ quantity: number; product: ProductRow }[]> {
  return withTradePrices(db, userId, await cartRows(db, userId), now);
}

export async function getCart(db: Db, user: AuthUser, opts?: CatalogOptions, now = new Date()): Promise<Cart> {
  // A trade buyer's lines carry their price (the product's lot price and tiers as they pay them), privately.
  const rows = await pricedCartRows(db, user.id, now);
  // The products carry their fitment, as the product endpoints send it: the cart's fit warnings read it.
  const fitments = await fitmentsByProduct(
    db,
    rows.map((r) => r.product.id),
  );
  let totalCents = 0;
  const lines = rows.map(({ quantity, product }) => {
    const cents = lineTotalCents(product, quantity);
    totalCents += cents;
    return { productId: product.id, quantity, lineTotal: fromCents(cents), product: toProductDto(product, opts, fitments.get(product.id) ?? []) };
  });
  return { lines, total: fromCents(totalCents) };
}

/** PUT /cart/lines/{productId}: 0 removes the line; any other quantity must fit minOrder..stock (400 otherwise). */
export async function setCartLine(db: Db, user: AuthUser, productId: string, quantity: number): Promise<void> {
  if (!isUuid(productId)) throw productNotFound();
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw productNotFound();
  if (quantity === 0) {
    await db.delete(cartLines).where(and(eq(cartLines.userId, user.id), eq(cartLines.productId, productId)));
    return;
  }
  if (!isValidQuantity(quantity, product.minOrder, product.stock)) throw cartQuantityError(product);
  await db
    .insert(cartLines)
    .values({ userId: user.id, productId, quantity })
    .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity, updatedAt: new Date() } });
}

/**
 * POST /cart/lines (decision 197): several lines set at once, as a diagram's picked rows are added. All or none:
 * one unknown part or one quantity outside minOrder..stock answers 400 (naming the part) and changes nothing. Each
 * line's quantity replaces what the cart held for the part, like every Add to cart; the same part twice adds up.
 */
export async function setCartLines(db: Db, user: AuthUser, input: AddCartLinesInput): Promise<void> {
  const wanted = new Map<string, number>();
  for (const line of input.lines) {
    const id = line.productId.toLowerCase();
    wanted.set(id, (wanted.get(id) ?? 0) + line.quantity);
  }
  await db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]));
    if (found.length !== wanted.size) throw productNotFound();
    for (const product of found) {
      const quantity = wanted.get(product.id)!;
      if (!isValidQuantity(quantity, product.minOrder, product.stock)) {
        throw new BadRequestError(`${product.name}: ${copy.orderRules.quantityRange(product.minOrder, product.stock)}`, 'INVALID_QUANTITY', {
          productId: product.id,
          minOrder: product.minOrder,
          stock: product.stock,
        });
      }
    }
    await writeCartLines(tx, user.id, wanted);
  });
}

/**
 * Sets each product's quantity in one statement (decision 202: a quick order writes up to 500 lines): each replaces
 * what the cart held for the part, like every Add to cart. The caller has checked the quantities, in its transaction.
 */
export async function writeCartLines(tx: Db, userId: string, wanted: ReadonlyMap<string, number>): Promise<void> {
  if (wanted.size === 0) return;
  await tx
    .insert(cartLines)
    .values([...wanted].map(([productId, quantity]) => ({ userId, productId, quantity })))
    .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity: sql`excluded.quantity`, updatedAt: new Date() } });
}

/** DELETE /cart/lines/{productId}: removing a line that is not there changes nothing (idempotent). */
export async function removeCartLine(db: Db, user: AuthUser, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.userId, user.id), eq(cartLines.productId, productId)));
}

/**
 * POST /cart/merge: the guest's browser cart joins the account's at sign-in.
 * For a product in both, the larger quantity wins (never the sum: the same
 * cart merged twice, or on two devices, must not double). Every merged
 * quantity is clamped to the product's minOrder..stock; unknown products and
 * products with less than minOrder in stock are dropped; quantity 0 is
 * ignored. Lines already in the account are kept as they are unless the
 * guest's line is larger.
 */
export async function mergeCart(db: Db, user: AuthUser, input: MergeCartInput): Promise<void> {
  const wanted = new Map<string, number>();
  for (const line of input.lines) {
    const quantity = Number(line.quantity);
    if (!isUuid(line.productId) || !Number.isInteger(quantity) || quantity <= 0) continue;
    const id = line.productId.toLowerCase();
    wanted.set(id, Math.max(wanted.get(id) ?? 0, quantity));
  }
  if (wanted.size === 0) return;
  await db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(products)
      .where(inArray(products.id, [...wanted.keys()]));
    const existing = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.userId, user.id), inArray(cartLines.productId, [...wanted.keys()])))
      .for('update');
    const current = new Map(existing.map((l) => [l.productId, l.quantity]));
    for (const product of found) {
      if (product.stock < product.minOrder) continue;
      const larger = Math.max(wanted.get(product.id) ?? 0, current.get(product.id) ?? 0);
      const quantity = Math.min(Math.max(larger, product.minOrder), product.stock);
      if (quantity === current.get(product.id)) continue;
      await tx
        .insert(cartLines)
        .values({ userId: user.id, productId: product.id, quantity })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.productId], set: { quantity, updatedAt: new Date() } });
    }
  });
}
