import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_SAVED_ADDRESSES, type Address, type AddressView, type SavedAddress, type saveAddressSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { addresses, user } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';

/**
 * Issue #24: a customer's address book. Only its owner reads or changes it;
 * someone else's address is a 404. At most one address is the default: the
 * first one saved becomes it, and making another the default moves the mark.
 */

type AddressRow = typeof addresses.$inferSelect;

const notFound = () => new NotFoundError('No saved address with that id.', 'ADDRESS_NOT_FOUND');
const bookFull = () =>
  new ConflictError(`Your address book holds at most ${MAX_SAVED_ADDRESSES} addresses: delete one you no longer use first.`, 'ADDRESS_BOOK_FULL');

/**
 * The columns of an address, the same in every table that keeps one (a customer's book, a company's delivery
 * addresses, decision 209): written from a checked address, read back as the API answers it.
 */
export const addressColumns = (a: Address | AddressView): AddressView => ({
  name: a.name,
  company: a.company,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone,
});

const toDto = (r: AddressRow): SavedAddress => ({ _id: r.id, ...addressColumns(r), isDefault: r.isDefault });

const fields = addressColumns;

/**
 * Issue #34 item 7: one customer's saves run one at a time. The transaction locks the customer's user row (as a
 * checkout does, which may save an address too), so the cap is counted and the default mark moved with no other
 * save in between: concurrent saves never pass the cap nor break the one-default index (which was a 500).
 */
async function lockBook(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
}

/** The default first, then the newest. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toDto);
}

async function clearDefault(tx: Db, userId: string, except?: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ...(except ? [ne(addresses.id, except)] : [])));
}

async function countOf(tx: Db, userId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return Number(n);
}

export async function createAddress(db: Db, userId: string, input: z.output<typeof saveAddressSchema>): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const n = await countOf(tx, userId);
    if (n >= MAX_SAVED_ADDRESSES) throw bookFull();
    const isDefault = input.isDefault || n === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...fields(input.address), isDefault })
      .returning();
    return toDto(row);
  });
}

export async function updateAddress(db: Db, userId: string, id: string, input: z.output<typeof saveAddressSchema>): Promise<SavedAddress> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [current] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .for('update');
    if (!current) throw notFound();
    // The default stays the default until another address takes the mark.
    const isDefault = input.isDefault || current.isDefault;
    if (isDefault) await clearDefault(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(input.address), isDefault })
      .where(eq(addresses.id, id))
      .returning();
    return toDto(row);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw notFound();
    // Deleting the default makes the newest remaining address the default.
    if (gone.isDefault) {
      const [next] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt)).limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

/**
 * A checkout's "save this address": kept unless the book already has the
 * same address or is full (the order goes through either way); the first
 * address becomes the default.
 */
export async function saveAddressFromCheckout(tx: Db, userId: string, address: Address): Promise<void> {
  // The checkout already holds this lock; taking it again in the same transaction costs nothing.
  await lockBook(tx, userId);
  const existing = await tx.select().from(addresses).where(eq(addresses.userId, userId));
  const same = existing.some((r) => Object.entries(fields(address)).every(([k, v]) => (r as Record<string, unknown>)[k] === v));
  if (same || existing.length >= MAX_SAVED_ADDRESSES) return;
  await tx.insert(addresses).values({ userId, ...fields(address), isDefault: existing.length === 0 });
}
