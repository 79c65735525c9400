import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '../src/db/schema';
import type { TestUser } from './helpers';

/**
 * Issue #22: reserving stock and writing a review need a confirmed e-mail address. Every customer from
 * helpers.ts's signUpUser has opened the link of the verification e-mail (`{ verified: false }` marks the
 * address unconfirmed again); the suites that order import it from here.
 */
export { signUpUser } from './helpers';

/** As if the customer opened the verification link (the server reads the user afresh on every request). */
export async function markVerified(app: FastifyInstance, u: Pick<TestUser, 'id'>): Promise<void> {
  await app.db.update(user).set({ emailVerified: true }).where(eq(user.id, u.id));
}
