import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Profile, UserListEntry, UserPage } from '@shop/shared';
import type { Db } from '../../db/client';
import { account, profiles, user } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, isUuid } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
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

/** The role column holds the admin role (it is a comma-separated list, like lib/policy's isAdmin reads it). */
const isAdminRole = sql`(',' || coalesce(${user.role}, '') || ',') like '%,admin,%'`;

/** Issue #25: Make Admin's search box: the accounts whose name or e-mail holds the text. */
function userSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  return or(ilike(user.name, containsPattern(term)), ilike(user.email, containsPattern(term)));
}

/**
 * One page of Make Admin: administrators first (who holds the keys), then the
 * newest accounts (the ones most likely to be promoted next); with `q`, only
 * the accounts matching the search (and `total` counts those).
 */
export async function pageUsers(db: Db, page: number, limit: number, q?: string): Promise<UserPage> {
  const search = userSearchCondition(q);
  const [{ total }] = await db.select({ total: count() }).from(user).where(search);
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, taxExempt: profiles.taxExempt, taxId: profiles.taxId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(search)
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
    // Issue #34: the password was chosen under the customers' rule (8 characters) and a hash does not tell its length,
    // so an account that signs in with a password must choose one of the admin rule before it acts as an admin.
    // An account without one (Google only) has nothing to change.
    const [credential] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, id), eq(account.providerId, 'credential'), isNotNull(account.password)))
      .limit(1);
    // …unless the password was seen to meet the admin rule when it was chosen or last used (account-rules).
    await tx
      .update(user)
      .set({ role: 'admin', mustChangePassword: sql`${credential !== undefined} and not ${user.passwordMeetsAdminRule}`, updatedAt: new Date() })
      .where(eq(user.id, id));
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

/** The role list without `admin`; an account left with no role is a customer again ('user'). */
export function withoutAdmin(role: string | null): string {
  const rest = (role ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r && r !== 'admin');
  return rest.length ? rest.join(',') : 'user';
}

export const LAST_ADMIN_MESSAGE = 'This is the last administrator of the shop: make someone else an admin first.';
export const SELF_DEMOTE_MESSAGE = 'You cannot remove your own admin role. Another administrator can do it.';

/**
 * Issue #25 (decision 154): takes the admin role back from another admin; idempotent (a customer stays one, and
 * nothing is recorded). Never from yourself (409 SELF_DEMOTE), and never from the last admin (409 LAST_ADMIN).
 *
 * Every row holding the admin role is locked first, in id order, so demotions take turns: two admins removing
 * each other at once cannot leave the shop without one. The second to get the locks reads the roles as the first
 * left them, finds its target the last admin and is refused; an actor who lost the role meanwhile is refused too.
 * Sessions read the role on every request (plugins/auth), so the demoted admin's powers end with this commit.
 */
export async function demoteAdmin(db: Db, id: string, admin: NonNullable<AuditInput['actor']>): Promise<{ role: string }> {
  if (!isUuid(id)) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
  if (id === admin.id) throw new ConflictError(SELF_DEMOTE_MESSAGE, 'SELF_DEMOTE');
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: user.id }).from(user).where(isAdminRole).orderBy(asc(user.id)).for('update');
    const [target] = await tx.select({ role: user.role, email: user.email }).from(user).where(eq(user.id, id));
    if (!target) throw new NotFoundError('No user with that id.', 'USER_NOT_FOUND');
    const role = target.role ?? 'user';
    if (!admins.some((a) => a.id === id)) return { role };
    if (admins.length <= 1) throw new ConflictError(LAST_ADMIN_MESSAGE, 'LAST_ADMIN');
    if (!admins.some((a) => a.id === admin.id)) throw new ForbiddenError('Only administrators can do that.', 'ADMIN_ONLY');
    const after = withoutAdmin(role);
    await tx.update(user).set({ role: after, updatedAt: new Date() }).where(eq(user.id, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'user.demote',
      entityType: 'user',
      entityId: id,
      before: { role },
      after: { role: after },
      note: target.email,
    });
    return { role: after };
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
