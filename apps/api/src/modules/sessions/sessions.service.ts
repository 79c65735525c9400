import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { UAParser } from 'ua-parser-js';
import type { AccountSession } from '@shop/shared/schemas/session';
import { sessionsCopy } from '@shop/shared/copy/sessions';
import type { Db } from '../../db/client';
import { session as sessionTable } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';

/**
 * The browser and system of a User-Agent, in words ("Chrome 126", "Windows 10"), by ua-parser-js 1.x: the
 * MIT-licensed line of the parser (2.x is AGPL), kept to the server so the web app loads none of it.
 * Null for what the string does not say.
 */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = new UAParser(userAgent.slice(0, 512)).getResult();
  const browserName = browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : null;
  // Browsers on a Mac report a frozen 10.15.7 whatever the release: the name alone says no less.
  const osName = os.name === 'Mac OS' ? 'macOS' : os.name;
  const osText = osName ? [osName, osName === 'macOS' ? undefined : os.version].filter(Boolean).join(' ') : null;
  return { browser: browserName, os: osText };
}

/** The user's sessions that still admit a request: not idle past their expiry, signed in after `signedInAfter`. */
const active = (userId: string, signedInAfter: Date) =>
  and(eq(sessionTable.userId, userId), gt(sessionTable.expiresAt, new Date()), gt(sessionTable.createdAt, signedInAfter));

/** Issue #22: the signed-in user's own active sessions, the most recently used first, the current one marked. */
export async function listSessions(db: Db, userId: string, currentSessionId: string, signedInAfter: Date): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessionTable.id,
      userAgent: sessionTable.userAgent,
      ipAddress: sessionTable.ipAddress,
      createdAt: sessionTable.createdAt,
      updatedAt: sessionTable.updatedAt,
    })
    .from(sessionTable)
    .where(active(userId, signedInAfter))
    .orderBy(desc(sessionTable.updatedAt), desc(sessionTable.createdAt));
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    ipAddress: r.ipAddress || null,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.updatedAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Ends one other session of the user's. Someone else's session, or none, is 404 (its existence is not confirmed). */
export async function revokeSession(db: Db, userId: string, currentSessionId: string, sessionId: string): Promise<void> {
  if (sessionId === currentSessionId) throw new ConflictError(sessionsCopy.notThisOne, 'CURRENT_SESSION');
  const gone = await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.id, sessionId), eq(sessionTable.userId, userId)))
    .returning({ id: sessionTable.id });
  if (gone.length === 0) throw new NotFoundError(sessionsCopy.notFound, 'SESSION_NOT_FOUND');
}

/** Ends every session of the user's but the current one; answers how many of them were still active. */
export async function revokeOtherSessions(db: Db, userId: string, currentSessionId: string, signedInAfter: Date): Promise<number> {
  const gone = await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.userId, userId), ne(sessionTable.id, currentSessionId)))
    .returning({ expiresAt: sessionTable.expiresAt, createdAt: sessionTable.createdAt });
  const now = Date.now();
  return gone.filter((s) => s.expiresAt.getTime() > now && s.createdAt > signedInAfter).length;
}

/** The Better Auth token of a session (to act on the user's behalf through Better Auth's own endpoints). */
export async function sessionToken(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ token: sessionTable.token }).from(sessionTable).where(eq(sessionTable.id, sessionId));
  return row?.token ?? null;
}
