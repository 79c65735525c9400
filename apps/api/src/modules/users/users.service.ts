import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Profile, UserListEntry, UserPage } from '@shop/shared';
import type { Db } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit, type AuditInput } from '../audit/audit.service';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row ?? null;
}

export async function getProfile(db: Db, email: string): Promise<Profile> {
  const [row] = await db
    .select({ u: user, p: profiles })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email.toLowerCase()));
  if (!row) throw new NotFoundError('No user with that e-mail.', 'USER_NOT_FOUND');
  return {
    _id: row.u.id,
    email: row.u.email,
    name: row.u.name,
    image: row.u.image,
    role: row.u.role ?? 'user',
    education: row.p?.education ?? null,
    location: row.p?.location ?? null,
    phone: row.p?.phone ?? null,
    linkedin: row.p?.linkedin ?? null,
  };
}

/** Sign-in sync: keep the display name the customer entered; never touches the role. */
export async function syncUser(db: Db, userId: string, name: string) {
  if (name) await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
}

export async function updateProfile(db: Db, userId: string, fields: { education: string; location: string; phone: string; linkedin: string }) {
  await db
    .insert(profiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } });
}

export async function listUsers(db: Db): Promise<UserListEntry[]> {
  const rows = await db.select({ id: user.id, name: user.name, email: user.email, role: user.role }).from(user).orderBy(asc(user.createdAt), asc(user.email));
  return rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, role: r.role ?? 'user' }));
}

/**
 * One page of Make Admin: administrators first (who holds the keys), then the
 * newest accounts (the ones most likely to be promoted next).
 */
export async function pageUsers(db: Db, page: number, limit: number): Promise<UserPage> {
  const [{ total }] = await db.select({ total: count() }).from(user);
  const isAdminRole = sql`(',' || coalesce(${user.role}, '') || ',') like '%,admin,%'`;
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, taxExempt: profiles.taxExempt, taxId: profiles.taxId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .orderBy(desc(isAdminRole), desc(user.createdAt), asc(user.email))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    // Issue #24: with each account's tax exemption, for the admin's Tax exemption… button.
    items: rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, role: r.role ?? 'user', taxExempt: r.taxExempt ?? false, taxId: r.taxId ?? '' })),
    total,
    page,
    limit,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** Idempotent: promoting an admin again changes nothing. */
export async function promoteToAdmin(db: Db, id: string, admin: AuditInput['actor']) {
  if (!isUuid(id)) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ role: user.role, email: user.email }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
    if (target.role === 'admin') return;
    await tx.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'user.promote',
      entityType: 'user',
      entityId: id,
      before: { role: target.role },
      after: { role: 'admin' },
      note: target.email,
    });
  });
}

/** Issue #24: mark a business customer tax-exempt (with their VAT or resale number), or not; audited. */
export async function setTaxExemption(db: Db, id: string, input: { taxExempt: boolean; taxId: string }, admin: AuditInput['actor']) {
  if (!isUuid(id)) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ email: user.email }).from(user).where(eq(user.id, id)).for('update');
    if (!target) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
    const [before] = await tx.select({ taxExempt: profiles.taxExempt, taxId: profiles.taxId }).from(profiles).where(eq(profiles.userId, id));
    const after = { taxExempt: input.taxExempt, taxId: input.taxExempt ? input.taxId : '' };
    await tx
      .insert(profiles)
      .values({ userId: id, ...after })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...after, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: admin,
      action: 'user.tax_exemption',
      entityType: 'user',
      entityId: id,
      before: before ?? { taxExempt: false, taxId: '' },
      after,
      note: target.email,
    });
    return after;
  });
}
