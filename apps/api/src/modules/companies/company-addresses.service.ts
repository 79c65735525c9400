import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { COMPANY_ADDRESSES_MAX, type CompanyAddress, type companyAddressInputSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { companies, companyAddresses } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { companyAdminOf, membershipOf } from './companies.service';
import { addressColumns } from '../addresses/addresses.service';

/**
 * Issue #37 item 5 (decision 209): a company's delivery addresses. Every member reads them (and the checkout offers
 * them); the company's admin adds and removes them. Someone of no company is a 404, a buyer changing them a 403, and
 * another company's address a 404. Saves of one company run one at a time (its row is locked), so the cap holds.
 */

type Row = typeof companyAddresses.$inferSelect;

const notFound = () => new NotFoundError('Your company has no delivery address with that id.', 'COMPANY_ADDRESS_NOT_FOUND');
const notAMember = () => new NotFoundError('You do not buy for a trade account.', 'NOT_A_COMPANY_MEMBER');

const toDto = (r: Row): CompanyAddress => ({ _id: r.id, ...addressColumns(r) });

/** GET /company/addresses: oldest first (the workshop before its branches, as they were added). */
export async function listCompanyAddresses(db: Db, userId: string): Promise<CompanyAddress[]> {
  const m = await membershipOf(db, userId);
  if (!m) throw notAMember();
  const rows = await db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, m.companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id));
  return rows.map(toDto);
}

/** POST /company/addresses (the company's admin). */
export async function addCompanyAddress(db: Db, userId: string, input: z.output<typeof companyAddressInputSchema>): Promise<CompanyAddress> {
  const m = await companyAdminOf(db, userId);
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, m.companyId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(companyAddresses).where(eq(companyAddresses.companyId, m.companyId));
    if (Number(n) >= COMPANY_ADDRESSES_MAX) {
      throw new ConflictError(
        `Your company keeps at most ${COMPANY_ADDRESSES_MAX} delivery addresses: remove one it no longer uses first.`,
        'COMPANY_ADDRESSES_FULL',
      );
    }
    const [row] = await tx
      .insert(companyAddresses)
      .values({ companyId: m.companyId, ...addressColumns(input.address) })
      .returning();
    return toDto(row);
  });
}

/** DELETE /company/addresses/{id} (the company's admin); the orders shipped there keep their own copy. */
export async function removeCompanyAddress(db: Db, userId: string, id: string): Promise<void> {
  const m = await companyAdminOf(db, userId);
  if (!isUuid(id)) throw notFound();
  const gone = await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.id, id), eq(companyAddresses.companyId, m.companyId)))
    .returning({ id: companyAddresses.id });
  if (gone.length === 0) throw notFound();
}
