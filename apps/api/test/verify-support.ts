import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../src/db/schema';
import { signUpUser as signUpUnverified, type TestUser } from './helpers';

/**
 * Issue #22: reserving stock (an order, a checkout) and writing a review need
 * a verified e-mail address. The suites that order sign their customers up
 * here: verified, as a customer who opened the link of the verification
 * e-mail (`{ verified: false }` keeps the address unverified). helpers.ts's
 * signUpUser leaves the address unverified, as the sign-up does.
 */
export async function signUpUser(app: FastifyInstance, opts: Parameters<typeof signUpUnverified>[1] & { verified?: boolean } = {}): Promise<TestUser> {
  const { verified = true, ...rest } = opts;
  const u = await signUpUnverified(app, rest);
  if (verified) await markVerified(app, u);
  return u;
}

/** As if the customer opened the verification link (the server reads the user afresh on every request). */
export async function markVerified(app: FastifyInstance, u: Pick<TestUser, 'id'>): Promise<void> {
  await app.db.update(user).set({ emailVerified: true }).where(eq(user.id, u.id));
}
