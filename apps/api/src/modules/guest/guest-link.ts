import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orders } from '../../db/schema';

/**
 * Decision 188: a verified account takes the guest orders placed with its e-mail address (compared without case)
 * that no account holds yet; never for an unverified address, so signing up with someone else's address shows
 * nothing of theirs. Called when an address becomes verified and at every sign-in of a verified account. Answers
 * the checkouts it linked.
 */
export async function linkGuestOrders(db: Db, user: { id: string; email: string; emailVerified: boolean }, now = new Date()): Promise<string[]> {
  if (!user.emailVerified || !user.email) return [];
  return db.transaction(async (tx) => {
    const linked = await tx
      .update(checkouts)
      .set({ userId: user.id, linkedAt: now })
      .where(and(eq(checkouts.guest, true), isNull(checkouts.userId), isNull(checkouts.linkedAt), sql`lower(${checkouts.email}) = ${user.email.toLowerCase()}`))
      .returning({ id: checkouts.id });
    const ids = linked.map((c) => c.id);
    if (ids.length === 0) return [];
    await tx
      .update(orders)
      .set({ userId: user.id })
      .where(and(inArray(orders.checkoutId, ids), isNull(orders.userId)));
    return ids;
  });
}
