import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  COMPANY_INVITE_TTL_DAYS,
  fromCents,
  toCents,
  type Company,
  type CompanyDetail,
  type CompanyInvite,
  type CompanyMember,
  type CompanyOrder,
  type CompanyPriceList,
  type CompanyRole,
  type MyCompany,
  companyInputSchema,
  companyInviteInputSchema,
  companyMemberPatchSchema,
  companyPatchSchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { checkouts, companies, companyInvites, companyMembers, orders, priceListCompanies, priceLists, user } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, isUuid } from '../../lib/errors';
import { isUniqueViolation } from '../products/products.service';
import { recordAudit } from '../audit/audit.service';
import { priceListCurrent } from '../price-lists/price-lists.service';

/**
 * Issue #37 item 1 (decision 204): trade accounts. The shop's admin creates a company and invites its first people;
 * the company's own admin invites and removes buyers and sees every order of the company. Membership is read on each
 * request, so a removed buyer loses access at once.
 */

type CompanyRow = typeof companies.$inferSelect;
export interface CompanyActor {
  id: string;
  email: string;
}
export interface Membership {
  companyId: string;
  role: CompanyRole;
  seesAllOrders: boolean;
}

const companyNotFound = () => new NotFoundError('No company with that id.', 'COMPANY_NOT_FOUND');
const notAMember = () => new NotFoundError('You do not buy for a trade account.', 'NOT_A_COMPANY_MEMBER');
const memberNotFound = () => new NotFoundError('No member of your company with that id.', 'COMPANY_MEMBER_NOT_FOUND');
const inviteNotFound = () =>
  new NotFoundError(
    'This invitation is not valid: it was used, withdrawn or has expired, or it was sent to another e-mail address.',
    'COMPANY_INVITE_NOT_FOUND',
  );

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const toCompany = (c: CompanyRow, memberCount: number): Company => ({
  _id: c.id,
  name: c.name,
  taxId: c.taxId,
  taxExempt: c.taxExempt,
  billing: {
    line1: c.billingLine1,
    line2: c.billingLine2,
    city: c.billingCity,
    region: c.billingRegion,
    postalCode: c.billingPostalCode,
    country: c.billingCountry,
  },
  paymentTermsDays: c.paymentTermsDays,
  creditLimit: fromCents(c.creditLimitCents),
  memberCount,
  createdAt: c.createdAt.toISOString(),
});

type CompanyValues = Partial<z.output<typeof companyInputSchema>>;
const columnsOf = (input: CompanyValues) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.taxId !== undefined && { taxId: input.taxId }),
  ...(input.taxExempt !== undefined && { taxExempt: input.taxExempt }),
  ...(input.billing && {
    billingLine1: input.billing.line1,
    billingLine2: input.billing.line2,
    billingCity: input.billing.city,
    billingRegion: input.billing.region,
    billingPostalCode: input.billing.postalCode,
    billingCountry: input.billing.country,
  }),
  ...(input.paymentTermsDays !== undefined && { paymentTermsDays: input.paymentTermsDays }),
  ...(input.creditLimit !== undefined && { creditLimitCents: toCents(input.creditLimit) }),
});

const duplicateName = (name: string) => new ConflictError(`A company named “${name}” exists already.`, 'COMPANY_NAME_TAKEN');

async function memberCounts(db: Pick<Db, 'select'>, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companyMembers.companyId, n: count() })
    .from(companyMembers)
    .where(inArray(companyMembers.companyId, ids))
    .groupBy(companyMembers.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

async function companyRow(db: Pick<Db, 'select'>, id: string): Promise<CompanyRow> {
  if (!isUuid(id)) throw companyNotFound();
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw companyNotFound();
  return row;
}

async function membersOf(db: Pick<Db, 'select'>, companyId: string): Promise<CompanyMember[]> {
  const rows = await db
    .select({ m: companyMembers, name: user.name, email: user.email })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(user.email));
  return rows.map(({ m, name, email }) => ({
    userId: m.userId,
    name,
    email,
    role: m.role as CompanyRole,
    seesAllOrders: m.role === 'admin' || m.seesAllOrders,
    joinedAt: m.createdAt.toISOString(),
  }));
}

async function openInvites(db: Pick<Db, 'select'>, companyId: string, now: Date): Promise<CompanyInvite[]> {
  const rows = await db
    .select()
    .from(companyInvites)
    .where(and(eq(companyInvites.companyId, companyId), isNull(companyInvites.acceptedAt), gt(companyInvites.expiresAt, now)))
    .orderBy(desc(companyInvites.createdAt));
  return rows.map((i) => ({
    _id: i.id,
    email: i.email,
    role: i.role as CompanyRole,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  }));
}

// ── The shop's admin ──

/** GET /admin/companies: every company, A to Z, with its number of members. */
export async function listCompanies(db: Db): Promise<Company[]> {
  const rows = await db.select().from(companies).orderBy(asc(companies.name), asc(companies.id));
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCompany(r, counts.get(r.id) ?? 0));
}

/** Issue #37 item 2 (decision 206): the price lists assigned to the company, A to Z, and whether each is valid now. */
async function priceListsOf(db: Db, companyId: string, now: Date): Promise<CompanyPriceList[]> {
  const rows = await db
    .select({ id: priceLists.id, name: priceLists.name, startsAt: priceLists.startsAt, endsAt: priceLists.endsAt })
    .from(priceListCompanies)
    .innerJoin(priceLists, eq(priceLists.id, priceListCompanies.priceListId))
    .where(eq(priceListCompanies.companyId, companyId))
    .orderBy(asc(sql`lower(${priceLists.name})`));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    current: priceListCurrent(r, now),
  }));
}

/** GET /admin/companies/{id}: the company with its members, open invitations and price lists. */
export async function getCompanyAdmin(db: Db, id: string, now: Date): Promise<CompanyDetail> {
  const row = await companyRow(db, id);
  const members = await membersOf(db, row.id);
  return { ...toCompany(row, members.length), members, invites: await openInvites(db, row.id, now), priceLists: await priceListsOf(db, row.id, now) };
}

export async function createCompany(db: Db, input: z.output<typeof companyInputSchema>, actor: CompanyActor): Promise<Company> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values(columnsOf(input) as typeof companies.$inferInsert)
        .returning();
      await recordAudit(tx, { actor, action: 'company.create', entityType: 'company', entityId: row.id, before: null, after: toCompany(row, 0) });
      return toCompany(row, 0);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

export async function updateCompany(db: Db, id: string, patch: z.output<typeof companyPatchSchema>, actor: CompanyActor): Promise<Company> {
  try {
    return await db.transaction(async (tx) => {
      const before = await companyRow(tx, id);
      const [row] = await tx
        .update(companies)
        .set({ ...columnsOf(patch), updatedAt: new Date() })
        .where(eq(companies.id, before.id))
        .returning();
      const n = (await memberCounts(tx, [row.id])).get(row.id) ?? 0;
      await recordAudit(tx, {
        actor,
        action: 'company.update',
        entityType: 'company',
        entityId: row.id,
        before: toCompany(before, n),
        after: toCompany(row, n),
      });
      return toCompany(row, n);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(patch.name ?? '');
    throw err;
  }
}

// ── Invitations ──

export interface SentInvite {
  invite: CompanyInvite;
  /** The secret of the link, for the e-mail only. */
  token: string;
  companyName: string;
}

/**
 * An invitation to `companyId` for an e-mail address: a new link replaces an open one to the same address. Someone
 * who already buys for a company (this one or another) is not invited (409): a person buys for one company.
 */
export async function inviteToCompany(
  db: Db,
  companyId: string,
  input: z.output<typeof companyInviteInputSchema>,
  actor: CompanyActor,
  now: Date,
): Promise<SentInvite> {
  return db.transaction(async (tx) => {
    const company = await companyRow(tx, companyId);
    const [member] = await tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(sql`lower(${user.email}) = ${input.email.toLowerCase()}`);
    if (member)
      throw new ConflictError(
        member.companyId === company.id ? `${input.email} is a member of ${company.name} already.` : `${input.email} buys for another company.`,
        'ALREADY_A_COMPANY_MEMBER',
      );
    await tx
      .delete(companyInvites)
      .where(
        and(eq(companyInvites.companyId, company.id), sql`lower(${companyInvites.email}) = ${input.email.toLowerCase()}`, isNull(companyInvites.acceptedAt)),
      );
    const token = crypto.randomBytes(32).toString('base64url');
    const [row] = await tx
      .insert(companyInvites)
      .values({
        companyId: company.id,
        email: input.email.toLowerCase(),
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + COMPANY_INVITE_TTL_DAYS * 86_400_000),
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'company.invite',
      entityType: 'company',
      entityId: company.id,
      before: null,
      after: { email: row.email, role: row.role },
    });
    return {
      invite: { _id: row.id, email: row.email, role: row.role as CompanyRole, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString() },
      token,
      companyName: company.name,
    };
  });
}

/** Withdraws an open invitation of the company; another company's or a used one is a 404. */
export async function withdrawInvite(db: Db, companyId: string, inviteId: string, actor: CompanyActor): Promise<void> {
  if (!isUuid(companyId)) throw companyNotFound();
  if (!isUuid(inviteId)) throw inviteNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(companyInvites)
      .where(and(eq(companyInvites.id, inviteId), eq(companyInvites.companyId, companyId), isNull(companyInvites.acceptedAt)))
      .returning();
    if (!row) throw inviteNotFound();
    await recordAudit(tx, { actor, action: 'company.invite.withdraw', entityType: 'company', entityId: companyId, before: { email: row.email }, after: null });
  });
}

/**
 * POST /company/join: the signed-in person whose address the invitation was sent to joins the company. The
 * invitation is locked, so a double click joins once; joining again answers the company (idempotent).
 */
export async function joinCompany(db: Db, who: { id: string; email: string }, token: string, now: Date): Promise<MyCompany> {
  await db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(companyInvites)
      .where(eq(companyInvites.tokenHash, hashToken(token)))
      .for('update');
    if (!invite || invite.email.toLowerCase() !== who.email.toLowerCase()) throw inviteNotFound();
    const [member] = await tx.select().from(companyMembers).where(eq(companyMembers.userId, who.id)).for('update');
    if (member && member.companyId === invite.companyId && invite.acceptedAt) return;
    if (invite.acceptedAt || invite.expiresAt <= now) throw inviteNotFound();
    if (member) throw new ConflictError('You buy for another company already. Ask its admin to remove you first.', 'ALREADY_A_COMPANY_MEMBER');
    await tx.insert(companyMembers).values({ userId: who.id, companyId: invite.companyId, role: invite.role, createdAt: now });
    await tx.update(companyInvites).set({ acceptedAt: now }).where(eq(companyInvites.id, invite.id));
    await recordAudit(tx, {
      actor: who,
      action: 'company.join',
      entityType: 'company',
      entityId: invite.companyId,
      before: null,
      after: { email: who.email, role: invite.role },
    });
  });
  return myCompany(db, who.id, now);
}

// ── Members ──

/** The caller's membership, read on every request (a removed buyer loses access at once). */
export async function membershipOf(db: Pick<Db, 'select'>, userId: string): Promise<Membership | null> {
  const [m] = await db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
  return m ? { companyId: m.companyId, role: m.role as CompanyRole, seesAllOrders: m.role === 'admin' || m.seesAllOrders } : null;
}

/** The caller's membership as the company's admin: a buyer is refused (403), someone of no company 404. */
export async function companyAdminOf(db: Pick<Db, 'select'>, userId: string): Promise<Membership> {
  const m = await membershipOf(db, userId);
  if (!m) throw notAMember();
  if (m.role !== 'admin') throw new ForbiddenError('Only your company’s admin can do that.', 'NOT_COMPANY_ADMIN');
  return m;
}

/** GET /company. */
export async function myCompany(db: Db, userId: string, now: Date): Promise<MyCompany> {
  const m = await membershipOf(db, userId);
  if (!m) throw notAMember();
  const row = await companyRow(db, m.companyId);
  const members = await membersOf(db, row.id);
  return {
    company: toCompany(row, members.length),
    role: m.role,
    seesAllOrders: m.seesAllOrders,
    ...(m.role === 'admin' && { members, invites: await openInvites(db, row.id, now) }),
    priceLists: await priceListsOf(db, row.id, now),
  };
}

/** A company keeps at least one admin: the last one cannot leave, be removed or become a buyer (409). */
async function assertAnotherAdmin(tx: Pick<Db, 'select'>, companyId: string, userId: string) {
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
    .for('update');
  if (!admins.some((a) => a.userId !== userId))
    throw new ConflictError('A company needs at least one admin: make another member its admin first.', 'LAST_COMPANY_ADMIN');
}

async function lockedMember(tx: Pick<Db, 'select'>, companyId: string, userId: string) {
  // The shop admin's calls name the company in the address: a malformed id is no company, never a database error.
  if (!isUuid(companyId)) throw companyNotFound();
  const [m] = await tx
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, companyId)))
    .for('update');
  if (!m) throw memberNotFound();
  return m;
}

export async function removeMember(db: Db, companyId: string, userId: string, actor: CompanyActor): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await lockedMember(tx, companyId, userId);
    if (m.role === 'admin') await assertAnotherAdmin(tx, companyId, userId);
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await recordAudit(tx, {
      actor,
      action: 'company.member.remove',
      entityType: 'company',
      entityId: companyId,
      before: { userId, role: m.role },
      after: null,
    });
  });
}

export async function updateMember(
  db: Db,
  companyId: string,
  userId: string,
  patch: z.output<typeof companyMemberPatchSchema>,
  actor: CompanyActor,
): Promise<CompanyMember> {
  await db.transaction(async (tx) => {
    const m = await lockedMember(tx, companyId, userId);
    if (m.role === 'admin' && patch.role === 'buyer') await assertAnotherAdmin(tx, companyId, userId);
    await tx
      .update(companyMembers)
      .set({ ...(patch.role && { role: patch.role }), ...(patch.seesAllOrders !== undefined && { seesAllOrders: patch.seesAllOrders }) })
      .where(eq(companyMembers.userId, userId));
    await recordAudit(tx, {
      actor,
      action: 'company.member.update',
      entityType: 'company',
      entityId: companyId,
      before: { userId, role: m.role, seesAllOrders: m.seesAllOrders },
      after: { userId, ...patch },
    });
  });
  const member = (await membersOf(db, companyId)).find((x) => x.userId === userId);
  if (!member) throw memberNotFound();
  return member;
}

// ── Orders ──

/**
 * GET /company/orders: the company's orders newest first: every one for its admin and for a buyer allowed to see
 * them all, else the buyer's own. Only orders placed while the person was a member belong to the company.
 */
export async function companyOrders(db: Db, userId: string): Promise<CompanyOrder[]> {
  const m = await membershipOf(db, userId);
  if (!m) throw notAMember();
  const rows = await db
    .select({
      id: checkouts.id,
      number: checkouts.number,
      createdAt: checkouts.createdAt,
      totalCents: checkouts.totalCents,
      paidAt: checkouts.paidAt,
      email: checkouts.email,
      name: user.name,
      statuses: sql<string[]>`(select coalesce(array_agg(distinct ${orders.status}), '{}') from ${orders} where ${orders.checkoutId} = ${checkouts.id})`,
    })
    .from(checkouts)
    .leftJoin(user, eq(user.id, checkouts.userId))
    .where(and(eq(checkouts.companyId, m.companyId), m.seesAllOrders ? undefined : eq(checkouts.userId, userId)))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.number))
    .limit(500);
  return rows.map((r) => ({
    _id: r.id,
    number: r.number,
    placedBy: { name: r.name ?? '', email: r.email },
    createdAt: r.createdAt.toISOString(),
    total: fromCents(r.totalCents),
    paid: r.paidAt !== null,
    status: statusLabel(r.statuses, r.paidAt !== null),
  }));
}

function statusLabel(statuses: string[], paid: boolean): string {
  const s = new Set(statuses);
  if (s.size > 0 && [...s].every((x) => x === 'cancelled')) return 'Cancelled';
  if (!paid && s.has('expired')) return 'Expired';
  if (s.size > 0 && [...s].every((x) => x === 'delivered' || x === 'cancelled')) return 'Delivered';
  return paid ? 'Paid' : 'Awaiting payment';
}

/** A company member who may read `checkoutId` through the company (its admin, or a buyer allowed to see all). */
export async function readsThroughCompany(db: Pick<Db, 'select'>, userId: string, checkoutCompanyId: string | null): Promise<boolean> {
  if (!checkoutCompanyId) return false;
  const m = await membershipOf(db, userId);
  return m !== null && m.companyId === checkoutCompanyId && m.seesAllOrders;
}
