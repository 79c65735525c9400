import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orderNumber, type AuditEntry, type AuditPage } from '@shop/shared';
import type { Db } from '../../db/client';
import { auditLog, checkouts, orders, products, user, vehicles } from '../../db/schema';
import { BadRequestError, isUuid } from '../../lib/errors';

/** A database handle or an open transaction: audit rows are written in the same transaction as the change. */
export type DbOrTx = Pick<Db, 'insert'>;

export interface AuditInput {
  /** The admin who acted, or null for the shop itself (reconciliation, expiry sweep). */
  actor: { id: string; email: string } | null;
  /** What happened, as `<entity>.<verb>`: product.update, order.deliver, payment.reconcile, … */
  action: string;
  entityType: string;
  entityId?: string | null;
  /** Only the fields that changed, as they were… */
  before?: Record<string, unknown> | null;
  /** …and as they are now. */
  after?: Record<string, unknown> | null;
  note?: string | null;
}

export async function recordAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}

/** The fields of `after` whose values differ from `before`, as a { before, after } pair of partial objects. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } | null {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

type AuditRow = typeof auditLog.$inferSelect;

function toDto(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId || row.actorEmail ? { id: row.actorId ?? '', email: row.actorEmail ?? '' } : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    note: row.note,
  };
}

/** Newest first, keyset-paged by (at, id): `before` is the id of the last entry of the previous page. */
export async function listAudit(db: Db, q: { limit: number; before?: string; action?: string; entityType?: string }): Promise<AuditPage> {
  const where: SQL[] = [];
  if (q.before !== undefined) {
    if (!isUuid(q.before)) throw new BadRequestError('before must be the nextBefore value of a previous page.', 'INVALID_CURSOR');
    where.push(sql`(${auditLog.at}, ${auditLog.id}) < (select a.at, a.id from audit_log a where a.id = ${q.before})`);
  }
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.limit + 1);
  const items = await withEntityNames(db, rows.slice(0, q.limit).map(toDto));
  return { items, nextBefore: rows.length > q.limit ? items[items.length - 1]._id : null };
}

/** A name the entry's own fields hold (a deleted product's entry keeps its name there). */
const nameInEntry = (e: AuditEntry): string | null => {
  const name = e.after?.name ?? e.before?.name;
  return typeof name === 'string' && name ? name : null;
};

/**
 * Issue #39 item 8: the Activity log names what an entry is about - a product by its name, an order by its number,
 * a user by e-mail, a bike by make, model and year - looked up for the page in one query per kind, not by raw id.
 */
async function withEntityNames(db: Db, items: AuditEntry[]): Promise<AuditEntry[]> {
  const ids = (...types: string[]) => [
    ...new Set(items.filter((e) => types.includes(e.entityType) && e.entityId && isUuid(e.entityId)).map((e) => e.entityId!)),
  ];
  const names = new Map<string, string>();
  const productIds = ids('product');
  if (productIds.length) {
    for (const p of await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))) names.set(p.id, p.name);
  }
  const orderIds = ids('order', 'checkout');
  if (orderIds.length) {
    const lines = await db
      .select({ id: orders.id, number: sql<number | null>`coalesce(${checkouts.number}, ${orders.number})` })
      .from(orders)
      .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .where(inArray(orders.id, orderIds));
    for (const l of lines) if (l.number != null) names.set(l.id, orderNumber(Number(l.number)));
    for (const c of await db.select({ id: checkouts.id, number: checkouts.number }).from(checkouts).where(inArray(checkouts.id, orderIds))) {
      if (c.number != null) names.set(c.id, orderNumber(Number(c.number)));
    }
  }
  const vehicleIds = ids('vehicle');
  if (vehicleIds.length) {
    const rows = await db.select().from(vehicles).where(inArray(vehicles.id, vehicleIds));
    for (const v of rows) names.set(v.id, [v.year, v.make, v.model, v.variant].filter(Boolean).join(' '));
  }
  const userIds = [...new Set(items.filter((e) => e.entityType === 'user' && e.entityId).map((e) => e.entityId!))];
  if (userIds.length) for (const u of await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds))) names.set(u.id, u.email);
  return items.map((e) => {
    const entityName = /^TT-\d+$/.test(e.entityId ?? '') ? e.entityId : ((e.entityId && names.get(e.entityId)) ?? nameInEntry(e));
    return { ...e, entityName };
  });
}
