import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { Secret, TOTP } from 'otpauth';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { passwordProblem } from './password-policy';
import { isAdmin } from './policy';

/** Better Auth's two-factor plugin defaults, which the shop keeps (6 digits every 30 seconds, one step either side). */
const TOTP_DIGITS = 6;
const TOTP_PERIOD = 30;
const TOTP_WINDOW = 1;
/** The two-factor plugin's signed cookie of a sign-in that still owes its code. */
const TWO_FACTOR_COOKIE = 'two_factor';
/** Secrets imported from elsewhere are stored as base32:…; the shop's own are used as they are (as the plugin does). */
const BASE32_PREFIX = 'base32:';

const badPassword = (problem: { code: string; message: string }) => new APIError('BAD_REQUEST', { code: problem.code, message: problem.message });

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const stringField = (body: unknown, key: string): string | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The signed-in user of a request to Better Auth. A direct `auth.api` call with the session's bearer token (the
 * shop's own POST /api/sessions/password) carries no cookie: the bearer plugin turns the token into one for the
 * endpoint, but not for the hooks that run before it, so the token is looked up here too.
 */
async function sessionUserId(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const header = ctx.headers?.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim().split('.')[0] : '';
  if (!token) return undefined;
  const found = await ctx.context.internalAdapter.findSession(token).catch(() => null);
  return found && found.session.expiresAt > new Date() ? found.user.id : undefined;
}

/** Issue #34: a password of the admin rule was set, so an account promoted to admin no longer owes one. */
export async function passwordChosen(db: Db, userId: string): Promise<void> {
  await db
    .update(schema.user)
    .set({ mustChangePassword: false })
    .where(and(eq(schema.user.id, userId), eq(schema.user.mustChangePassword, true)));
}

/** The user a Better Auth endpoint answered for (sign-up, sign-in, change of password), or undefined on an error. */
function returnedUserId(ctx: HookContext): string | undefined {
  const returned: unknown = ctx.context.returned;
  if (!returned || returned instanceof Error || returned instanceof Response) return undefined;
  const userId = (returned as { user?: { id?: unknown } }).user?.id;
  return typeof userId === 'string' ? userId : undefined;
}

/** Keep whether this user's password (in plain text here) meets the admin rule; answers it, or null without one. */
async function markPasswordGrade(db: Db, userId: string, password: string | undefined): Promise<boolean | null> {
  if (password === undefined) return null;
  const meets = (await passwordProblem(password, 'admin')) === null;
  await db.update(schema.user).set({ passwordMeetsAdminRule: meets }).where(eq(schema.user.id, userId));
  return meets;
}

/** The user a /two-factor/verify-totp request is for: the session's, or the one of a sign-in that owes its code. */
async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!signed) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(signed);
  return pending?.value ?? null;
}

/** The TOTP time step that `code` belongs to (within the plugin's window), or null when it matches none. */
function matchedStep(secret: string, code: string, now: number): number | null {
  const key = secret.startsWith(BASE32_PREFIX) ? Secret.fromBase32(secret.slice(BASE32_PREFIX.length).toUpperCase()) : Secret.fromUTF8(secret);
  const totp = new TOTP({ secret: key, digits: TOTP_DIGITS, period: TOTP_PERIOD });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Issue #22, before Better Auth's own handlers:
 * - new passwords (sign-up, reset, change) follow the shop's rules: 8 characters for customers, 12 for
 *   administrators, none of the most common passwords (lib/password-policy), whether the change comes over HTTP
 *   or from the shop's own POST /api/sessions/password (issue #34);
 * - after a password change the account no longer owes an admin password (issue #34: the rule above held);
 *   a reset clears it in `onPasswordReset` (lib/auth);
 * - a TOTP code works once: the time step of the last accepted code is kept on the user's two_factor row
 *   and a code of that step or an earlier one is refused like a wrong code (401). The step is claimed with one
 *   conditional UPDATE, so two requests racing with the same code cannot both pass.
 */
export function accountRules(db: Db): BetterAuthPlugin {
  return {
    id: 'shop-account-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const password = stringField(ctx.body, 'password');
            if (password === undefined) return;
            // A new account is a customer's; promotion to admin happens later (make-admin or the users screen).
            const problem = await passwordProblem(password, 'customer');
            if (problem) throw badPassword(problem);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/reset-password' || ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const password = stringField(ctx.body, 'newPassword');
            if (password === undefined) return;
            let userId: string | undefined;
            if (ctx.path === '/change-password') {
              userId = await sessionUserId(ctx);
            } else {
              const token = stringField(ctx.body, 'token') ?? stringField(ctx.query, 'token');
              if (token) userId = (await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`))?.value;
            }
            // No user found: Better Auth answers the bad token or the missing session itself.
            const [row] = userId ? await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, userId)) : [];
            const problem = await passwordProblem(password, row && isAdmin({ role: row.role ?? 'user' }) ? 'admin' : 'customer');
            if (problem) throw badPassword(problem);
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = stringField(ctx.body, 'code');
            if (!code) return;
            const userId = await twoFactorUserId(ctx);
            if (!userId) return;
            const [row] = await db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = matchedStep(secret, code.replace(/\s+/g, ''), Date.now());
            // A wrong code is Better Auth's to refuse (and to count towards its lock-out).
            if (step === null) return;
            const claimed = await db
              .update(schema.twoFactor)
              .set({ lastTotpStep: step })
              .where(and(eq(schema.twoFactor.id, row.id), or(isNull(schema.twoFactor.lastTotpStep), lt(schema.twoFactor.lastTotpStep, step))))
              .returning({ id: schema.twoFactor.id });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_ALREADY_USED', message: accountSecurityCopy.codeAlreadyUsed });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const userId = returnedUserId(ctx);
            if (!userId) return;
            await passwordChosen(db, userId);
            await markPasswordGrade(db, userId, stringField(ctx.body, 'newPassword'));
          }),
        },
        {
          // Issue #34: whether the password meets the admin rule is seen where it is known in plain text: when it is
          // chosen at sign-up and each time it signs in (a wrong password never gets here: Better Auth answered an
          // error). An admin who signs in with a password below the rule must choose a new one before acting as one.
          matcher: (ctx) => ctx.path === '/sign-up/email' || ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const userId = returnedUserId(ctx);
            if (!userId) return;
            const meets = await markPasswordGrade(db, userId, stringField(ctx.body, 'password'));
            if (meets === true) await passwordChosen(db, userId);
            if (meets === false && ctx.path === '/sign-in/email') {
              await db
                .update(schema.user)
                .set({ mustChangePassword: true })
                .where(and(eq(schema.user.id, userId), eq(schema.user.role, 'admin')));
            }
          }),
        },
      ],
    },
  };
}
