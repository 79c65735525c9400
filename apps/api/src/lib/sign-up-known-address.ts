import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { shop } from '@shop/shared';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Auth } from './auth';
import type { Mailer } from './mailer';

/** Better Auth's refusal of a sign-up with a registered address, which the shop no longer shows (issue #22, decision 150). */
export const USER_ALREADY_EXISTS = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

/**
 * A sign-up with an address that already has an account: the answer has the status and shape of a new
 * sign-up that awaits e-mail verification (200, `{ token: null, user }`, a user that does not exist), and
 * the owner gets an e-mail saying someone tried to register with it. The password is hashed as for a new
 * account, so the answer takes about as long.
 */
export async function answerKnownAddressSignUp(
  deps: { auth: Auth; db: Db; mailer: Mailer; publicUrl: string },
  body: { email: string; name?: unknown; password?: unknown },
): Promise<{ token: null; user: Record<string, unknown> }> {
  const email = body.email.trim().toLowerCase();
  const context = await deps.auth.$context;
  if (typeof body.password === 'string') await context.password.hash(body.password);
  const [owner] = await deps.db.select({ name: user.name }).from(user).where(eq(user.email, email));
  if (owner) {
    await deps.mailer.send({
      to: email,
      subject: accountSecurityCopy.existingAccountSubject(shop.name),
      text: accountSecurityCopy.existingAccountText(owner.name || '', shop.name, `${deps.publicUrl}/login`, `${deps.publicUrl}/forgot-password`),
    });
  }
  const now = new Date().toISOString();
  return {
    token: null,
    user: {
      id: crypto.randomUUID(),
      email,
      name: typeof body.name === 'string' ? body.name : '',
      image: null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
      role: 'user',
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
    },
  };
}
