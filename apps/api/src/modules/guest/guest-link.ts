import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orders } from '../../db/schema';
import type { AppConfig } from '../../config/env';
import { isUuid } from '../../lib/errors';
import { guestOrderUrl } from './guest-token';

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

/**
 * Where an e-mail about an order sends its customer: My Orders, or, for a guest's order no account holds yet, the
 * order's signed link (decision 188: the receipt's link; a shipment or a refund must not send a guest to a sign-in
 * they have no account for). `key` is the order's key (a checkout's id for a guest order).
 */
export async function customerOrderUrl(db: Db, config: AppConfig, key: string, number: string): Promise<string> {
  if (isUuid(key)) {
    const [c] = await db.select({ guest: checkouts.guest, userId: checkouts.userId }).from(checkouts).where(eq(checkouts.id, key));
    if (c?.guest && c.userId === null) return guestOrderUrl(config, key);
  }
  return `${config.publicUrl}/dashboard/myorders/${number}`;
}
