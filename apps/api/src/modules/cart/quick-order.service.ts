import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  fromCents,
  parseOrderNumber,
  parseQuickOrderLines,
  partNumberVariants,
  quickOrderCopy,
  skuKey,
  type QuickOrderAdded,
  type QuickOrderProblem,
  type QuickOrderRequest,
  type QuickOrderResult,
  type QuickOrderRow,
  type TradeTerms,
} from '@shop/shared';
import type { Db } from '../../db/client';
import { orders, products } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { CatalogOptions, ProductRow } from '../products/products.service';
import { getCart, lineTotalCents, writeCartLines } from './cart.service';
import { tradePriced, tradeTermsFor } from '../price-lists/price-lists.service';

/**
 * Issue #37 item 3 (decision 202): quick order and order again. A list of part numbers and quantities, or an
 * order's lines, is resolved in a few statements (never one a line), checked with the cart's rule (minimum order ≤
 * quantity ≤ stock, isValidQuantity) and every valid line is written in one transaction; the others are reported,
 * each with its line and reason.
 */

/** A line whose part is known: the product and the quantity asked for (null: the minimum order). */
export interface Resolved {
  line: number;
  text: string;
  product: ProductRow;
  quantity: number | null;
}

/** The keys joined for one text parameter: skuKey leaves no whitespace, so a space separates them. */
const keyList = (keys: Iterable<string>) => [...keys].join(' ');

/** The products whose own part number or one of whose other numbers (decision 166) is one of `keys`: one statement. */
async function productsByKeys(db: Db, keys: Set<string>): Promise<ProductRow[]> {
  if (keys.size === 0) return [];
  const list = keyList(keys);
  return db
    .select()
    .from(products)
    .where(sql`${products.skuKey} = any(string_to_array(${list}, ' ')) or ${products.partNumberKeys} && string_to_array(${list}, ' ')`);
}

/**
 * The part numbers among `keys` the shop sold once and lists no more: an order line kept its part number (orders.sku)
 * and lost its product when the product was deleted (product_id set null). One statement, for the unknown lines only.
 */
async function discontinuedByKeys(db: Db, keys: Set<string>): Promise<Map<string, { sku: string; name: string }>> {
  if (keys.size === 0) return new Map();
  const key = sql`regexp_replace(lower(${orders.sku}), '[[:space:].-]', '', 'g')`;
  const rows = await db
    .selectDistinctOn([key], { key: sql<string>`${key}`, sku: orders.sku, name: orders.productName })
    .from(orders)
    .where(and(sql`${orders.productId} is null`, sql`${orders.sku} <> ''`, sql`${key} = any(string_to_array(${keyList(keys)}, ' '))`))
    .orderBy(key, sql`${orders.createdAt} desc`);
  return new Map(rows.map((r) => [r.key, { sku: r.sku, name: r.name }]));
}

/** The parts a key names: the part whose own number it is (it wins, as in search), else those listing it as another number. */
function indexProducts(found: ProductRow[]): (key: string) => ProductRow[] {
  const own = new Map<string, ProductRow>();
  const other = new Map<string, ProductRow[]>();
  for (const p of found) {
    own.set(p.skuKey, p);
    for (const k of p.partNumberKeys) other.set(k, [...(other.get(k) ?? []), p]);
  }
  return (key) => {
    const mine = own.get(key);
    if (mine) return [mine];
    return [...new Set(other.get(key) ?? [])].sort((a, b) => a.brand.localeCompare(b.brand) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  };
}

/** The keys a row may mean, in the order they are tried: its number, the whole line ("HF 204"), then with a brand or a revision dropped. */
function keysOf(row: QuickOrderRow): { key: string; quantity: number | null }[] {
  const out: { key: string; quantity: number | null }[] = [{ key: skuKey(row.partNumber), quantity: row.quantity }];
  if (row.whole) out.push({ key: skuKey(row.whole), quantity: null });
  for (const k of partNumberVariants(row.partNumber)) out.push({ key: k, quantity: row.quantity });
  return out.filter((k) => k.key !== '');
}

/** Resolves read rows to parts (a pick chooses among an ambiguous line's parts); the lines that are not parts become problems. */
async function resolveRows(db: Db, rows: QuickOrderRow[], picks: Map<number, string>): Promise<{ resolved: Resolved[]; problems: QuickOrderProblem[] }> {
  const keys = new Set(rows.flatMap((r) => keysOf(r).map((k) => k.key)));
  const partsOf = indexProducts(await productsByKeys(db, keys));
  const resolved: Resolved[] = [];
  const problems: QuickOrderProblem[] = [];
  const unknown: QuickOrderRow[] = [];
  for (const row of rows) {
    const hit = keysOf(row)
      .map((k) => ({ ...k, parts: partsOf(k.key) }))
      .find((k) => k.parts.length > 0);
    if (!hit) {
      unknown.push(row);
      continue;
    }
    const picked = hit.parts.find((p) => p.id === picks.get(row.line));
    if (hit.parts.length > 1 && !picked) {
      problems.push({
        line: row.line,
        text: row.text,
        reason: 'ambiguous',
        message: quickOrderCopy.ambiguous(row.partNumber, hit.parts.length),
        choices: hit.parts.map((p) => ({ productId: p.id, sku: p.sku, name: p.name, brand: p.brand })),
      });
      continue;
    }
    resolved.push({ line: row.line, text: row.text, product: picked ?? hit.parts[0], quantity: hit.quantity });
  }
  if (unknown.length) {
    const gone = await discontinuedByKeys(db, new Set(unknown.flatMap((r) => keysOf(r).map((k) => k.key))));
    for (const row of unknown) {
      const was = keysOf(row)
        .map((k) => gone.get(k.key))
        .find(Boolean);
      problems.push(
        was
          ? { line: row.line, text: row.text, reason: 'discontinued', message: quickOrderCopy.discontinued(was.sku, was.name) }
          : { line: row.line, text: row.text, reason: 'unknown', message: quickOrderCopy.unknown(row.partNumber) },
      );
    }
  }
  return { resolved, problems };
}

/**
 * The cart's rule on each part, its lines merged (the same part on two lines is one cart line of their sum; a line
 * without a quantity counts its minimum order): what goes to the cart, and a problem for each line of a part that
 * cannot (sold out, fewer than its minimum order, more than its stock, saying how many are available).
 */
function checkLines(resolved: Resolved[], terms: Map<string, TradeTerms>): { added: QuickOrderAdded[]; problems: QuickOrderProblem[] } {
  const groups = new Map<string, Resolved[]>();
  for (const r of resolved) groups.set(r.product.id, [...(groups.get(r.product.id) ?? []), r]);
  const added: QuickOrderAdded[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const group of groups.values()) {
    const product = group[0].product;
    const lines = group.map((r) => r.line);
    const quantity = group.reduce((sum, r) => sum + (r.quantity ?? product.minOrder), 0);
    const problem = (reason: QuickOrderProblem['reason'], message: string, extra: Partial<QuickOrderProblem>) =>
      group.forEach((r) => problems.push({ line: r.line, text: r.text, reason, message, productId: product.id, ...extra }));
    if (product.stock < product.minOrder) {
      problem('out_of_stock', quickOrderCopy.soldOut(product.sku, product.stock, product.minOrder), { available: product.stock, minOrder: product.minOrder });
    } else if (quantity < product.minOrder) {
      problem('below_minimum', quickOrderCopy.belowMinimum(product.sku, product.minOrder, quantity, lines), { minOrder: product.minOrder });
    } else if (quantity > product.stock) {
      problem('out_of_stock', quickOrderCopy.outOfStock(product.sku, product.stock, quantity, lines), { available: product.stock, minOrder: product.minOrder });
    } else {
      // A trade buyer sees their price (issue #37 item 2), as the cart will charge it.
      const priced = tradePriced(product, quantity, terms.get(product.id));
      added.push({
        lines,
        productId: product.id,
        sku: product.sku,
        name: product.name,
        brand: product.brand,
        quantity,
        defaultQuantity: group.every((r) => r.quantity === null),
        minOrder: product.minOrder,
        unitPrice: fromCents(priced.unitPriceCents),
        lineTotal: fromCents(lineTotalCents(priced, quantity)),
      });
    }
  }
  added.sort((a, b) => a.lines[0] - b.lines[0]);
  return { added, problems };
}

const byLine = (a: QuickOrderProblem, b: QuickOrderProblem) => a.line - b.line;

/**
 * Resolves, checks and (unless a dry run) writes in one transaction: the products are read again inside it, so what is
 * written was checked against the stock of that moment, and a failure writes nothing. Saved reorder lists (decision
 * 207) add to the cart through it too.
 */
export async function run(
  db: Db,
  user: AuthUser,
  lineCount: number,
  dryRun: boolean,
  opts: CatalogOptions | undefined,
  resolve: (db: Db) => Promise<{ resolved: Resolved[]; problems: QuickOrderProblem[] }>,
): Promise<QuickOrderResult> {
  const report = async (tx: Db) => {
    const { resolved, problems } = await resolve(tx);
    const terms = await tradeTermsFor(
      tx,
      user.id,
      resolved.map((r) => r.product.id),
      new Date(),
    );
    const checked = checkLines(resolved, terms);
    return { added: checked.added, problems: [...problems, ...checked.problems].sort(byLine) };
  };
  if (dryRun) return { dryRun, lineCount, ...(await report(db)) };
  const result = await db.transaction(async (tx) => {
    const r = await report(tx);
    await writeCartLines(tx, user.id, new Map(r.added.map((a) => [a.productId, a.quantity])));
    return r;
  });
  return { dryRun, lineCount, ...result, cart: await getCart(db, user, opts) };
}

/** POST /cart/quick-order: a pasted or uploaded list, or rows read already. */
export async function quickOrder(db: Db, user: AuthUser, input: QuickOrderRequest, opts?: CatalogOptions): Promise<QuickOrderResult> {
  let rows: QuickOrderRow[];
  let parseProblems: QuickOrderProblem[] = [];
  let lineCount: number;
  if (input.text !== undefined) {
    const parsed = parseQuickOrderLines(input.text);
    rows = parsed.rows;
    parseProblems = parsed.problems;
    lineCount = parsed.lineCount;
  } else {
    rows = input.rows!.map((r) => ({
      line: r.line,
      text: r.quantity == null ? r.partNumber : `${r.partNumber}, ${r.quantity}`,
      partNumber: r.partNumber,
      quantity: r.quantity ?? null,
    }));
    lineCount = rows.length;
  }
  const picks = new Map(input.picks.map((p) => [p.line, p.productId.toLowerCase()]));
  return run(db, user, lineCount, input.dryRun, opts, async (tx) => {
    const { resolved, problems } = await resolveRows(tx, rows, picks);
    return { resolved, problems: [...parseProblems, ...problems] };
  });
}

const orderNotFound = () => new NotFoundError('No order with that number.', 'ORDER_NOT_FOUND');

/** A line of a past order: its part (null once deleted), number, name and quantity, numbered from 1. */
export interface PastOrderLine {
  line: number;
  text: string;
  productId: string | null;
  sku: string;
  name: string;
  quantity: number;
}

/**
 * The caller's own order (its number TT-10042 or an id; anyone else's is 404, an admin's too): its live lines (its
 * cancelled lines only for an order cancelled whole, decision 165), by product name. Order again and saved reorder
 * lists (decision 207) read an order through it.
 */
export async function ownOrderLines(db: Db, user: AuthUser, ref: string): Promise<PastOrderLine[]> {
  const number = parseOrderNumber(ref);
  const match =
    number !== null ? eq(orders.number, number) : isUuid(ref) ? sql`(${orders.id} = ${ref}::uuid or ${orders.checkoutId} = ${ref}::uuid)` : undefined;
  if (!match) throw orderNotFound();
  const [head] = await db
    .select({ key: orders.checkoutId })
    .from(orders)
    .where(and(match, eq(orders.userId, user.id)))
    .limit(1);
  if (!head) throw orderNotFound();
  const all = await db
    .select({ productId: orders.productId, sku: orders.sku, name: orders.productName, quantity: orders.quantity, status: orders.status })
    .from(orders)
    .where(eq(orders.checkoutId, head.key))
    .orderBy(asc(orders.productName), asc(orders.id));
  // An order's cancelled lines are not part of it, unless every line is (a cancelled order, decision 165).
  const live = all.some((l) => l.status !== 'cancelled') ? all.filter((l) => l.status !== 'cancelled') : all;
  return live.map(({ status: _status, ...l }, i) => ({ ...l, line: i + 1, text: `${l.sku || l.name} × ${l.quantity}` }));
}

/**
 * POST /cart/reorder/{ref}: the caller's own order (its number TT-10042 or an id; anyone else's is 404, an admin's
 * too) back into the cart: each live line's part (by product id) and quantity, checked like a quick order's lines. A
 * part deleted since, or no longer stocked, is reported, not added.
 */
export async function reorder(db: Db, user: AuthUser, ref: string, dryRun: boolean, opts?: CatalogOptions): Promise<QuickOrderResult> {
  const lines = await ownOrderLines(db, user, ref);
  return run(db, user, lines.length, dryRun, opts, async (tx) => {
    const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
    const found = new Map((ids.length ? await tx.select().from(products).where(inArray(products.id, ids)) : []).map((p) => [p.id, p]));
    const resolved: Resolved[] = [];
    const problems: QuickOrderProblem[] = [];
    for (const l of lines) {
      const product = l.productId ? found.get(l.productId) : undefined;
      if (product) resolved.push({ line: l.line, text: l.text, product, quantity: l.quantity });
      else problems.push({ line: l.line, text: l.text, reason: 'discontinued', message: quickOrderCopy.gone(l.name) });
    }
    return { resolved, problems };
  });
}
