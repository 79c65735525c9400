import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REORDER_LISTS_MAX,
  REORDER_LIST_MAX_LINES,
  fromCents,
  type CreateReorderListInput,
  type QuickOrderResult,
  type ReorderList,
  type ReorderListSummary,
} from '@shop/shared';
import { reorderListsCopy as t } from '@shop/shared/copy/reorder-lists';
import type { Db } from '../../db/client';
import { products, reorderListLines, reorderLists, user as users } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { ownOrderLines, run, type Resolved } from '../cart/quick-order.service';
import { isUniqueViolation, type CatalogOptions } from '../products/products.service';

/**
 * Issue #37 item 3 (decision 207): saved reorder lists. A person saves one of their own orders (the order Order again
 * reads, decision 202) as a named list of parts and quantities, and adds it to their cart in one click through the
 * quick order's check and all-or-nothing write. A list is its owner's only: anyone else gets 404.
 */

type ListRow = typeof reorderLists.$inferSelect;

const listNotFound = () => new NotFoundError(t.notFound, 'REORDER_LIST_NOT_FOUND');
const duplicateName = (name: string) => new ConflictError(t.duplicateName(name), 'REORDER_LIST_NAME_TAKEN');

const toSummary = (row: ListRow, lineCount: number): ReorderListSummary => ({
  _id: row.id,
  name: row.name,
  lineCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's list, or 404 (someone else's, an id that is none). */
async function ownList(db: Pick<Db, 'select'>, user: AuthUser, id: string): Promise<ListRow> {
  if (!isUuid(id)) throw listNotFound();
  const [row] = await db
    .select()
    .from(reorderLists)
    .where(and(eq(reorderLists.id, id), eq(reorderLists.userId, user.id)));
  if (!row) throw listNotFound();
  return row;
}

/** A list's lines with their parts, by part name (a part deleted from the catalogue dropped out with its line). */
async function linesOf(db: Pick<Db, 'select'>, listId: string) {
  return db
    .select({ quantity: reorderListLines.quantity, product: products })
    .from(reorderListLines)
    .innerJoin(products, eq(products.id, reorderListLines.productId))
    .where(eq(reorderListLines.listId, listId))
    .orderBy(asc(products.name), asc(products.id));
}

async function toList(db: Pick<Db, 'select'>, row: ListRow): Promise<ReorderList> {
  const lines = await linesOf(db, row.id);
  return {
    ...toSummary(row, lines.length),
    lines: lines.map(({ quantity, product: p }) => ({
      productId: p.id,
      sku: p.sku,
      name: p.name,
      quantity,
      minOrder: p.minOrder,
      stock: p.stock,
      unitPrice: fromCents(p.unitPriceCents),
    })),
  };
}

/** GET /reorder-lists: the caller's lists, the last changed first. */
export async function listReorderLists(db: Db, user: AuthUser): Promise<ReorderListSummary[]> {
  const rows = await db
    .select({ list: reorderLists, lineCount: sql<number>`(select count(*)::int from ${reorderListLines} l where l.list_id = ${reorderLists.id})` })
    .from(reorderLists)
    .where(eq(reorderLists.userId, user.id))
    .orderBy(desc(reorderLists.updatedAt), desc(reorderLists.createdAt), asc(reorderLists.id));
  return rows.map((r) => toSummary(r.list, Number(r.lineCount)));
}

/** GET /reorder-lists/{id}. */
export async function getReorderList(db: Db, user: AuthUser, id: string): Promise<ReorderList> {
  return toList(db, await ownList(db, user, id));
}

/**
 * POST /reorder-lists: the caller's own order (anyone else's is 404, as Order again answers) saved under a name:
 * each of its lines whose part is still sold, the same part's quantities added. At most REORDER_LISTS_MAX lists a
 * person (their row locked while counting, so two saves at once cannot pass the cap) and REORDER_LIST_MAX_LINES lines.
 */
export async function createReorderList(db: Db, user: AuthUser, input: CreateReorderListInput): Promise<ReorderList> {
  const orderLines = await ownOrderLines(db, user, input.fromOrder);
  const quantities = new Map<string, number>();
  for (const l of orderLines) if (l.productId) quantities.set(l.productId, (quantities.get(l.productId) ?? 0) + l.quantity);
  try {
    return await db.transaction(async (tx) => {
      // Parts deleted since the order are left out (the order line keeps its part number, the product is gone).
      const live = quantities.size
        ? await tx
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, [...quantities.keys()]))
        : [];
      if (live.length === 0) throw new BadRequestError(t.nothingToSave(input.fromOrder.trim().toUpperCase()), 'NOTHING_TO_SAVE');
      if (live.length > REORDER_LIST_MAX_LINES) throw new BadRequestError(t.tooManyLines(live.length), 'REORDER_LIST_TOO_LONG');
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [{ n }] = await tx.select({ n: count() }).from(reorderLists).where(eq(reorderLists.userId, user.id));
      if (n >= REORDER_LISTS_MAX) throw new ConflictError(t.tooMany, 'REORDER_LISTS_LIMIT');
      const [row] = await tx.insert(reorderLists).values({ userId: user.id, name: input.name }).returning();
      await tx.insert(reorderListLines).values(live.map((p) => ({ listId: row.id, productId: p.id, quantity: quantities.get(p.id)! })));
      return toList(tx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

/** PATCH /reorder-lists/{id}: a new name (another of the caller's lists has it already: 409). */
export async function renameReorderList(db: Db, user: AuthUser, id: string, name: string): Promise<ReorderList> {
  try {
    return await db.transaction(async (tx) => {
      await ownList(tx, user, id);
      const [row] = await tx
        .update(reorderLists)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(reorderLists.id, id), eq(reorderLists.userId, user.id)))
        .returning();
      if (!row) throw listNotFound();
      return toList(tx, row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

/** DELETE /reorder-lists/{id}: the list and its lines. */
export async function deleteReorderList(db: Db, user: AuthUser, id: string): Promise<void> {
  if (!isUuid(id)) throw listNotFound();
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(reorderLists)
      .where(and(eq(reorderLists.id, id), eq(reorderLists.userId, user.id)))
      .returning({ id: reorderLists.id });
    if (gone.length === 0) throw listNotFound();
  });
}

/**
 * POST /reorder-lists/{id}/cart: every line to the cart as Order again adds an order's (decision 202): checked with
 * the cart's rule (minimum order ≤ quantity ≤ stock) and written in one transaction, the lines that cannot be added
 * reported each with its reason.
 */
export async function addReorderListToCart(db: Db, user: AuthUser, id: string, opts?: CatalogOptions): Promise<QuickOrderResult> {
  const list = await ownList(db, user, id);
  const lineCount = (await linesOf(db, list.id)).length;
  return run(db, user, lineCount, false, opts, async (tx) => {
    // Read again inside the write's transaction, so what is written was checked against the stock of that moment.
    const lines = await linesOf(tx, list.id);
    const resolved: Resolved[] = lines.map(({ quantity, product }, i) => ({ line: i + 1, text: t.listLine(product.sku, quantity), product, quantity }));
    return { resolved, problems: [] };
  });
}
