import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkGuestOrders } from '../modules/guest/guest-link';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { and, eq, gt, sql } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppConfig } from '../config/env';
import { CLIENT_IP_HEADER, createAuth, isGoogleConfigured, sessionsStartedAfter, trustedOrigins, wrongOriginMessage, type Auth } from '../lib/auth';
import { session as sessionTable, user as userTable } from '../db/schema';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { createAccessTokenVerifier } from '../lib/access-token';
import { accountFieldsSchema, type AdminTwoFactorState } from '@shop/shared';
import { adminDebt, isAdmin, type AdminTwoFactorSetting, type PolicySubject } from '../lib/policy';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './errors';

export interface AuthUser extends PolicySubject {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  emailVerified: boolean;
  sessionId: string;
  /** TOTP enrolment finished (Better Auth two-factor plugin). */
  twoFactorEnabled: boolean;
  /** This session passed TOTP or a backup code. */
  twoFactorVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** preHandler: a valid, unrevoked access token (Authorization: Bearer). 401 otherwise. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest: the access token's signature, issuer, audience and expiry only (no database). The route must
     * then check the session and the user itself, before it acts: see sessionUserRow and admitSessionUser.
     */
    authenticateToken: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: authenticate, then the user must act as an admin (lib/policy: role and second factor). 403 otherwise. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** false when the request carries an Origin header outside PUBLIC_URL / TRUSTED_ORIGINS. */
    isTrustedOrigin: (req: FastifyRequest) => boolean;
    /** The signed-in user of a Better Auth session (cookie or session bearer), or null. */
    sessionUser: (req: FastifyRequest) => Promise<AuthUser | null>;
    /** Where the user's session stands with the admin second factor (ADMIN_TWO_FACTOR). */
    adminTwoFactorState: (user: AuthUser) => AdminTwoFactorState;
  }
  interface FastifyRequest {
    user?: AuthUser;
    /** Set by authenticateToken: the verified access token's subject and session, not yet checked in the database. */
    tokenClaims?: TokenClaims;
  }
}

/** The subject (user id) and session id of a verified access token. */
export interface TokenClaims {
  userId: string;
  sessionId: string;
  /** Issue #22: the session must have been signed in after this moment (SESSION_MAX_AGE_DAYS); set by authenticateToken. */
  signedInAfter?: Date;
}

/**
 * The columns of the per-request session check (the user, and whether this
 * session passed its second factor), for a query that joins `session` on
 * sessionStillValid itself, e.g. to fold the check into a transaction's
 * first statement (decision 140).
 */
export const sessionUserColumns = { u: userTable, twoFactorVerified: sessionTable.twoFactorVerified };

/** The session of the token exists, belongs to its subject and has not expired (idle, or past its maximum age). */
export const sessionStillValid = (claims: TokenClaims) =>
  and(
    eq(sessionTable.id, claims.sessionId),
    eq(sessionTable.userId, claims.userId),
    eq(sessionTable.userId, userTable.id),
    gt(sessionTable.expiresAt, new Date()),
    claims.signedInAfter ? gt(sessionTable.createdAt, claims.signedInAfter) : undefined,
  );

type SessionUserRow = { u: typeof userTable.$inferSelect; twoFactorVerified: boolean };

/**
 * The signed-in user of a session-check row; null when the session is gone (signed out, revoked, expired) or the user is banned.
 * `adminTwoFactor` is the ADMIN_TWO_FACTOR setting; without it admin powers need the second factor (fails closed).
 */
export function sessionUser(row: SessionUserRow | undefined, sessionId: string, adminTwoFactor: AdminTwoFactorSetting = 'required'): AuthUser | null {
  if (!row || row.u.banned) return null;
  return {
    id: row.u.id,
    email: row.u.email,
    name: row.u.name,
    image: row.u.image,
    role: row.u.role ?? 'user',
    emailVerified: row.u.emailVerified,
    sessionId,
    twoFactorEnabled: row.u.twoFactorEnabled === true,
    twoFactorVerified: row.twoFactorVerified,
    adminTwoFactor,
    mustChangePassword: row.u.mustChangePassword,
  };
}

/**
 * The signed-in user of a session-check row, or an error: 401 when the
 * session is gone (signed out, revoked, expired) or the user is banned, 403
 * when the session still owes its second factor.
 */
export function admitSessionUser(row: SessionUserRow | undefined, sessionId: string, adminTwoFactor?: AdminTwoFactorSetting): AuthUser {
  const user = sessionUser(row, sessionId, adminTwoFactor);
  if (!user) throw sessionEnded();
  // Better Auth's /token hands out a JWT for any session; one that still owes its code gets nothing done with it.
  if (user.twoFactorEnabled && !user.twoFactorVerified) throw new ForbiddenError(SECOND_FACTOR_PENDING_MESSAGE, 'TWO_FACTOR_REQUIRED');
  return user;
}

const sessionEnded = () => new UnauthorizedError('Your session has ended. Please log in again.', 'SESSION_ENDED');

/** An enrolled user's session that has not passed the code yet (e.g. straight after Google): no token, no API. */
export const SECOND_FACTOR_PENDING_MESSAGE = 'Enter the 6-digit code from your authenticator app (or a backup code) to finish signing in.';

/** Better Auth's user-management endpoints are outside DESIGN §6: the shop's own routes cover promotion and listing. */
const CLOSED_AUTH_PREFIX = '/api/auth/admin/';
const CLOSED_AUTH_MESSAGE = 'This identity endpoint is not available on this shop.';
/** Better Auth's refusal of a sign-in with the right password of an unconfirmed address, and its wrong-password answer. */
const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
const INVALID_SIGN_IN = {
  message: 'Invalid email or password',
  code: 'INVALID_EMAIL_OR_PASSWORD',
  error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
};
/** Better Auth's answers to a request from an origin it does not trust. */
const ORIGIN_REFUSALS = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN']);
/** Better Auth paths that write the display name and photo; checked against the shop's limits first (issue #7). */
const ACCOUNT_FIELD_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

export const GOOGLE_NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured on this shop yet. Please use e-mail and password.';
/** Better Auth paths that only exist when the Google provider is configured. */
const GOOGLE_PATHS = [
  '/api/auth/sign-in/social',
  '/api/auth/sign-in/oauth2',
  '/api/auth/oauth-popup/start',
  '/api/auth/callback/google',
  '/api/auth/oauth2/callback/google',
];

/**
 * Better Auth mounted at /api/auth/*, plus the shop's access-token check:
 * the JWT from PUT /user/{email} is verified against our JWKS, its session
 * must still exist (logout revokes it) and the role is read fresh from the
 * database on every request (a promotion takes effect at once).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  // Decision 188: a verified address takes the guest orders placed with it.
  const auth = createAuth(opts.config, app.db, app.mailer, app.log, (user) => linkGuestOrders(app.db, user));
  app.decorate('auth', auth);
  const googleConfigured = isGoogleConfigured(opts.config);
  const origins = new Set(trustedOrigins(opts.config).map((o) => new URL(o).origin));

  // Lets the web app tell "Google is not set up" before opening a popup that could only fail.
  app.get(
    '/api/auth-config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods this shop offers',
        response: { 200: z.object({ emailPassword: z.literal(true), google: z.boolean() }) },
      },
    },
    async () => ({ emailPassword: true as const, google: googleConfigured }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      const url = new URL(req.url, opts.config.publicUrl);
      if (
        !googleConfigured &&
        GOOGLE_PATHS.some((p) => url.pathname === p) &&
        (url.pathname !== '/api/auth/sign-in/social' || (req.body as { provider?: unknown } | undefined)?.provider === 'google')
      ) {
        return reply.status(503).send({
          code: 'GOOGLE_NOT_CONFIGURED',
          message: GOOGLE_NOT_CONFIGURED_MESSAGE,
          error: { code: 'GOOGLE_NOT_CONFIGURED', message: GOOGLE_NOT_CONFIGURED_MESSAGE },
        });
      }
      if (url.pathname.startsWith(CLOSED_AUTH_PREFIX)) {
        return reply
          .status(403)
          .send({ code: 'ENDPOINT_CLOSED', message: CLOSED_AUTH_MESSAGE, error: { code: 'ENDPOINT_CLOSED', message: CLOSED_AUTH_MESSAGE } });
      }
      if (req.method === 'POST' && ACCOUNT_FIELD_PATHS.has(url.pathname) && req.body && typeof req.body === 'object') {
        const checked = accountFieldsSchema.safeParse(req.body);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? 'Invalid name or photo.';
          return reply.status(400).send({ code: 'VALIDATION_ERROR', message, error: { code: 'VALIDATION_ERROR', message } });
        }
      }
      const headers = fromNodeHeaders(req.headers);
      // Rate limits are per client: pass on the address Fastify resolved, never one the client sent.
      headers.set(CLIENT_IP_HEADER, req.ip);
      let body: string | undefined;
      if (req.method !== 'GET' && req.body !== undefined) {
        if (typeof req.body === 'string') body = req.body;
        else if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
          body = new URLSearchParams(req.body as Record<string, string>).toString();
        } else body = JSON.stringify(req.body);
      }
      const response = await auth.handler(new Request(url, { method: req.method, headers, body }));
      // #22 (decision 175): the right password of an address nobody has confirmed yet gets the answer of a wrong
      // one; Better Auth has mailed a new link, and the login page says to open it. Otherwise whoever signed up
      // with somebody's address could tell by signing in whether it had an account before.
      if (url.pathname === '/api/auth/sign-in/email' && response.status === 403) {
        const refusal = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: string } | null;
        if (refusal?.code === EMAIL_NOT_VERIFIED) return reply.status(401).send(INVALID_SIGN_IN);
      }
      // #12: Better Auth turns a database outage into its own 500; answer it as the rest of the API does.
      if (
        response.status >= 500 &&
        !(await app.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ))
      ) {
        const message = `The shop cannot reach its database right now. Please try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`;
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ code: 'SERVICE_UNAVAILABLE', message, error: { code: 'SERVICE_UNAVAILABLE', message } });
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (url.pathname.startsWith('/api/auth/callback/') || url.pathname.startsWith('/api/auth/oauth2/callback/')) {
        // The popup's completion page comes back from the provider's origin; with our usual COOP the browser
        // would cut it off from the shop window and the result could never be posted back.
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
      const text = response.body ? await response.text() : null;
      if (response.status === 429) {
        const wait = Number(response.headers.get('x-retry-after')) || 60;
        const message = `Too many attempts. Please wait ${wait} seconds and try again.`;
        reply.header('retry-after', String(wait));
        return reply.type('application/json').send({ code: 'RATE_LIMITED', message, error: { code: 'RATE_LIMITED', message } });
      }
      // Better Auth's error bodies are { code, message }; keep them and add our envelope too.
      if (response.status >= 400 && text && (response.headers.get('content-type') ?? '').includes('json')) {
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          // Better Auth says only "Invalid origin"; name the address that works.
          if (parsed.code && ORIGIN_REFUSALS.has(parsed.code)) parsed.message = wrongOriginMessage(opts.config);
          return reply.send({ ...parsed, error: { code: parsed.code ?? 'AUTH_ERROR', message: parsed.message ?? 'Authentication failed.' } });
        } catch {
          /* fall through to the raw body */
        }
      }
      return reply.send(text);
    },
  });

  /** The per-request session check: the session of the token, still valid, with its user (one query). */
  const sessionRow = async (claims: TokenClaims) =>
    (
      await app.db.select(sessionUserColumns).from(sessionTable).innerJoin(userTable, eq(userTable.id, sessionTable.userId)).where(sessionStillValid(claims))
    )[0];

  async function loadUser(userId: string, sessionId: string): Promise<AuthUser | null> {
    return sessionUser(await sessionRow({ userId, sessionId, signedInAfter: sessionsStartedAfter(opts.config) }), sessionId, opts.config.adminTwoFactor);
  }

  // Keys cached in memory: the one query before a protected handler is the session-and-role lookup below (issue #10).
  const verifyAccessToken = createAccessTokenVerifier(app.db, { issuer: opts.config.publicUrl, audience: opts.config.publicUrl });

  async function tokenClaims(req: FastifyRequest): Promise<TokenClaims> {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedError('Please log in to continue.', 'NO_TOKEN');
    const payload = await verifyAccessToken(token);
    const sid = payload && typeof payload.sid === 'string' ? payload.sid : undefined;
    if (!payload?.sub || !sid) throw new UnauthorizedError('Your session is invalid or has expired. Please log in again.', 'INVALID_TOKEN');
    return { userId: payload.sub, sessionId: sid, signedInAfter: sessionsStartedAfter(opts.config) };
  }

  app.decorate('authenticateToken', async (req: FastifyRequest) => {
    req.tokenClaims = await tokenClaims(req);
  });

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const claims = await tokenClaims(req);
    req.user = admitSessionUser(await sessionRow(claims), claims.sessionId, opts.config.adminTwoFactor);
  });

  app.decorate('adminTwoFactorState', (user: AuthUser): AdminTwoFactorState => {
    if (user.twoFactorVerified) return 'passed';
    if (opts.config.adminTwoFactor !== 'required' || !isAdmin(user)) return 'not-needed';
    return user.twoFactorEnabled ? 'verify' : 'enrol';
  });

  app.decorate('requireAdmin', async (req: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(req, reply);
    if (!isAdmin(req.user!)) throw new ForbiddenError('Only administrators can do that.', 'ADMIN_ONLY');
    const debt = adminDebt(req.user!);
    if (debt) throw debt;
  });

  app.decorate('isTrustedOrigin', (req: FastifyRequest) => {
    const origin = req.headers.origin;
    // Same-origin GETs and non-browser clients send no Origin; browsers always send it on cross-origin writes.
    if (origin === undefined) return true;
    return origins.has(origin);
  });

  app.decorate('sessionUser', async (req: FastifyRequest) => {
    const result = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch((err: unknown) => {
      if (isDatabaseUnavailable(err)) throw err;
      return null;
    });
    if (!result) return null;
    const user = await loadUser(result.user.id, result.session.id);
    // Issue #22: the sessions list shows each session's last use. Better Auth renews a session at most once a day;
    // the web app syncs its access token every ten minutes or so while it is used, so the time is kept here.
    if (user) await app.db.update(sessionTable).set({ updatedAt: new Date() }).where(eq(sessionTable.id, result.session.id));
    return user;
  });
});
