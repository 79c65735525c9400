import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage } from '@shop/shared';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
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
  const items = rows.slice(0, q.limit).map(toDto);
  return { items, nextBefore: rows.length > q.limit ? items[items.length - 1]._id : null };
}
