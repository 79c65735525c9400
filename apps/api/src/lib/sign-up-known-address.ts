import { and, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { shop } from '@shop/shared';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import type { Db } from '../db/client';
import { account, session, user } from '../db/schema';
import type { Mailer } from './mailer';

interface KnownAddressDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Mails a fresh verification link to an account that has not confirmed its address yet. */
  sendVerificationLink: (email: string) => Promise<void>;
}

/**
 * A sign-up with an address that already has an account (Better Auth's onExistingUserSignUp: the caller
 * gets the same answer as a new sign-up, `{ token: null, user }` with no session; issue #22, decisions
 * 150 and 175). What happens behind that answer:
 *
 * - A confirmed account: its owner is told by e-mail that someone tried, with the sign-in and
 *   forgot-password links. Nothing changes.
 * - An account whose address was never confirmed and that never signed in: the sign-up is taken as the
 *   newest wish of whoever holds the mailbox. The password and name of this sign-up replace the old ones
 *   and a new verification link is mailed, so a customer who lost the first e-mail just signs up again,
 *   and a stranger who signed up first with somebody else's address holds no password to the account
 *   its owner later confirms.
 * - An unconfirmed account that has signed in (from before sign-in needed a confirmed address): a new
 *   verification link only; its password is its owner's.
 */
export async function onKnownAddressSignUp(
  deps: KnownAddressDeps,
  owner: { id: string; email: string; name: string; emailVerified: boolean },
  request?: Request,
) {
  if (owner.emailVerified) {
    await deps.mailer.send({
      to: owner.email,
      subject: accountSecurityCopy.existingAccountSubject(shop.name),
      text: accountSecurityCopy.existingAccountText(owner.name || '', shop.name, `${deps.publicUrl}/login`, `${deps.publicUrl}/forgot-password`),
    });
    return;
  }
  const [signedIn] = await deps.db.select({ id: session.id }).from(session).where(eq(session.userId, owner.id)).limit(1);
  if (!signedIn) {
    const body = (await request?.json().catch(() => null)) as { password?: unknown; name?: unknown } | null;
    if (typeof body?.password === 'string') {
      const hash = await hashPassword(body.password);
      await deps.db.transaction(async (tx) => {
        await tx
          .update(account)
          .set({ password: hash, updatedAt: new Date() })
          .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')));
        if (typeof body.name === 'string' && body.name.trim()) {
          await tx.update(user).set({ name: body.name.trim(), updatedAt: new Date() }).where(eq(user.id, owner.id));
        }
      });
    }
  }
  await deps.sendVerificationLink(owner.email);
}
