import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin, bearer, genericOAuth, jwt, oauthPopup, twoFactor } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { isProduction, type AppConfig } from '../config/env';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from './mailer';
import { accountRules, passwordChosen } from './account-rules';
import { onKnownAddressSignUp } from './sign-up-known-address';
import { DISPLAY_NAME_MAX, isAllowedPhotoUrl, shop } from '@shop/shared';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';

export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';

/**
 * The session secret: BETTER_AUTH_SECRET, or (outside production) a random one
 * generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.DATA_DIR, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * The origins allowed to call the auth API and the token sync: PUBLIC_URL, TRUSTED_ORIGINS and, outside
 * production, the loopback names of the shop's own port (a developer may open http://127.0.0.1:3000
 * although PUBLIC_URL says localhost).
 */
export function trustedOrigins(config: AppConfig): string[] {
  const extra = config.TRUSTED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const loopback = isProduction(config) ? [] : [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`, `http://[::1]:${config.PORT}`];
  return [...new Set([config.publicUrl, ...loopback, ...extra].map((o) => new URL(o).origin))];
}

/** What a refused origin is told: the address to open the shop at. */
export const wrongOriginMessage = (config: Pick<AppConfig, 'publicUrl'>) => accountSecurityCopy.openShopAt(config.publicUrl);

/** The request header our Fastify mount fills with the client address Fastify resolved (any incoming value is dropped). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

export const isGoogleConfigured = (config: AppConfig) => Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

/** Where the link of a verification e-mail asked for from the profile or the order form lands (the profile shows the result). */
export const VERIFIED_CALLBACK_PATH = '/profile?verified=1';

/**
 * Where the link of the e-mail that finishes a sign-up lands (sent at sign-up, at a second sign-up with the
 * same unconfirmed address and at a sign-in before the address is confirmed): the link signs the customer in,
 * and the shop greets them there with the spec's 'Successfully SignUp.' (decision 175).
 */
export const WELCOME_CALLBACK_PATH = '/home?welcome=1';

/** The Better Auth endpoint a hook was called for ('/api/auth/sign-in/email'), or '' for a call from the server itself. */
const endpointOf = (request?: Request) => (request ? new URL(request.url).pathname : '');

/** The shop's page for choosing a new password; Better Auth appends ?token=… (or ?error=INVALID_TOKEN). */
export const RESET_CALLBACK_PATH = '/reset-password';

function withCallback(url: string, callbackPath: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', callbackPath);
  return link.toString();
}

/** Better Auth paths whose success proves a second factor (TOTP or a backup code). */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * Better Auth does not record on a session whether it passed a second factor (a Google
 * sign-in never does). This plugin, placed after twoFactor() so its hook sees the final
 * outcome, marks session.two_factor_verified whenever a TOTP or backup code was accepted
 * (enrolment, challenge after the password, or a check on an existing Google session),
 * and for a password sign-in of an enrolled user that got a session (trusted device).
 */
function secondFactorMarker(db: Db): BetterAuthPlugin {
  return {
    id: 'shop-second-factor-marker',
    hooks: {
      after: [
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? '') || ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || isAPIError(returned)) return;
            const fresh = ctx.context.newSession;
            if (ctx.path === '/sign-in/email') {
              if (fresh?.user && (fresh.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
                await db.update(schema.session).set({ twoFactorVerified: true }).where(eq(schema.session.id, fresh.session.id));
              }
              return;
            }
            if (fresh) {
              await db.update(schema.session).set({ twoFactorVerified: true }).where(eq(schema.session.id, fresh.session.id));
              return;
            }
            const token = typeof returned === 'object' && 'token' in returned ? (returned as { token?: unknown }).token : undefined;
            if (typeof token === 'string') await db.update(schema.session).set({ twoFactorVerified: true }).where(eq(schema.session.token, token));
          }),
        },
      ],
    },
  };
}

/** Issue #22: the longest a session lives from its sign-in (SESSION_MAX_AGE_DAYS), in milliseconds. */
export const sessionMaxAgeMs = (config: Pick<AppConfig, 'SESSION_MAX_AGE_DAYS'>) => Math.round(config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);

/** Sessions signed in before this moment have reached SESSION_MAX_AGE_DAYS. */
export const sessionsStartedAfter = (config: Pick<AppConfig, 'SESSION_MAX_AGE_DAYS'>, now = Date.now()) => new Date(now - sessionMaxAgeMs(config));

/**
 * Issue #22: a session ends SESSION_MAX_AGE_DAYS after its sign-in, however recently it was used. Better Auth
 * only knows the idle expiry (expiresIn, renewed on use), so before any of its endpoints reads the session of
 * the request (get-session, change-password, two-factor…), one conditional DELETE ends that session if it is
 * older: Better Auth then finds none and answers as for a signed-out visitor. The shop's own API checks the
 * same age in its session query (plugins/auth.ts, sessionStillValid).
 */
function sessionMaxAge(db: Db, config: AppConfig): BetterAuthPlugin {
  return {
    id: 'shop-session-max-age',
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.headers?.get('cookie')),
          handler: createAuthMiddleware(async (ctx) => {
            const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (!token) return;
            await db.delete(schema.session).where(and(eq(schema.session.token, token), lt(schema.session.createdAt, sessionsStartedAfter(config))));
          }),
        },
      ],
    },
  };
}

/** Names and photos from an identity provider are trimmed to the shop's limits instead of refusing the sign-in. */
function sanitizeAccountFields<T extends { name?: unknown; image?: unknown }>(data: T): T {
  const out = { ...data };
  if (typeof out.name === 'string' && out.name.length > DISPLAY_NAME_MAX) out.name = out.name.slice(0, DISPLAY_NAME_MAX).trim();
  if (typeof out.image === 'string' && !isAllowedPhotoUrl(out.image)) out.image = null;
  return out;
}

/** What the shop does when an account's address is verified, or a verified account signs in (decision 188: link guest orders). */
export type VerifiedUserHook = (user: { id: string; email: string; emailVerified: boolean }) => Promise<unknown>;

export function createAuth(config: AppConfig, db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>, onVerifiedUser?: VerifiedUserHook) {
  // A failure here must never fail the sign-in or the verification: it is logged, and the next sign-in tries again.
  const verified = async (user: { id: string; email: string; emailVerified: boolean } | null | undefined) => {
    if (!onVerifiedUser || !user?.emailVerified) return;
    try {
      await onVerifiedUser(user);
    } catch (err) {
      log.error({ err, userId: user.id }, 'could not link the guest orders of a verified account');
    }
  };
  const googleConfigured = isGoogleConfigured(config);
  const auth = betterAuth({
    appName: shop.name,
    logger: { disabled: config.LOG_LEVEL === 'silent', level: config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'debug' : 'warn' },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        jwks: schema.jwks,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    // Backstop for every way an account is written (sign-up, update-user, Google); the HTTP mount
    // already answers 400 with a message for bad input on sign-up and update-user.
    databaseHooks: {
      user: {
        create: { before: async (u) => ({ data: sanitizeAccountFields(u) }), after: async (u) => verified(u) },
        update: { before: async (u) => ({ data: sanitizeAccountFields(u) }), after: async (u) => verified(u) },
      },
      // Decision 188: a verified account's sign-in takes the guest orders placed with its address since.
      session: {
        create: {
          after: async (session) => {
            const [u] = await db
              .select({ id: schema.user.id, email: schema.user.email, emailVerified: schema.user.emailVerified })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            await verified(u);
          },
        },
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its origin check whenever NODE_ENV=test; the shop must refuse foreign origins everywhere.
      disableOriginCheck: false,
      // Without this every client would share one rate-limit bucket in production (Better Auth sees no socket address).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Issue #22 item 7 (decision 175): a sign-up answers alike for new and registered addresses, so it opens
      // no session; the link of the e-mail it sends does. Signing in needs a confirmed address, and the mount
      // answers an unconfirmed one as a wrong password (plugins/auth.ts), so no later step tells them apart.
      autoSignIn: false,
      requireEmailVerification: true,
      onExistingUserSignUp: ({ user }, request) =>
        onKnownAddressSignUp(
          {
            db,
            mailer,
            publicUrl: config.publicUrl,
            sendVerificationLink: async (email) => {
              await auth.api.sendVerificationEmail({ body: { email, callbackURL: WELCOME_CALLBACK_PATH } });
            },
          },
          user,
          request,
        ),
      // The made-up user of that answer carries what a new account gets from the admin and two-factor plugins.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        ...additionalFields,
        id,
      }),
      // The reset link proved the mailbox: the address is confirmed, so a customer who never opened the first
      // e-mail is not kept out after choosing a new password.
      onPasswordReset: async ({ user }) => {
        // Issue #34: the new password met the admin rule when the account is an admin's (lib/account-rules).
        await passwordChosen(db, user.id);
        // The new password is not seen here: an admin's met the admin rule (checked before), a customer's is unknown.
        await db
          .update(schema.user)
          .set({ passwordMeetsAdminRule: sql`${schema.user.role} = 'admin'` })
          .where(eq(schema.user.id, user.id));
        if (!user.emailVerified) await db.update(schema.user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(schema.user.id, user.id));
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url: rawUrl }) => {
        // The link always lands on the shop's reset page, whatever redirect the request asked for.
        const url = withCallback(rawUrl, RESET_CALLBACK_PATH);
        await mailer.send({
          to: user.email,
          subject: `Reset your ${shop.name} password`,
          text: `Hello ${user.name || ''},\n\nSomeone (hopefully you) asked to reset the password of your ${shop.name} account.\nOpen this link within one hour to choose a new password:\n\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      expiresIn: 60 * 60 * 24,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url: rawUrl }, request) => {
        const endpoint = endpointOf(request);
        // A link asked for by a signed-in customer (profile, order form) lands on the profile; one that finishes a sign-up, at home.
        const url = withCallback(rawUrl, endpoint.endsWith('/send-verification-email') ? VERIFIED_CALLBACK_PATH : WELCOME_CALLBACK_PATH);
        const sent = mailer.send({
          to: user.email,
          subject: `Verify your e-mail for ${shop.name}`,
          text: `Welcome to ${shop.name}!\n\nPlease confirm your e-mail address by opening this link within 24 hours:\n\n${url}\n\nIf you did not create an account, you can ignore this e-mail.\n`,
        });
        // A sign-in with an unconfirmed address is answered as a wrong password; waiting for the mail server
        // here would make that answer slower than the other one.
        if (endpoint.endsWith('/sign-in/email')) {
          sent.catch((err: unknown) => log.error({ err }, 'the verification e-mail of a sign-in could not be sent'));
          return;
        }
        await sent;
      },
    },
    rateLimit: {
      enabled: config.NODE_ENV !== 'test' || config.AUTH_RATE_LIMIT,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
        '/request-password-reset': { window: 60, max: Math.max(3, Math.floor(config.AUTH_RATE_LIMIT_MAX / 2)) },
        '/reset-password': { window: 60, max: config.AUTH_RATE_LIMIT_MAX },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      bearer(),
      sessionMaxAge(db, config),
      twoFactor({
        issuer: shop.name,
        // Accounts made through Google have no password; they enrol while signed in with Google.
        allowPasswordless: true,
      }),
      secondFactorMarker(db),
      accountRules(db),
      jwt({
        jwt: {
          expirationTime: `${config.ACCESS_TOKEN_TTL_SECONDS}s`,
          // sid ties the access token to its session, so logging out revokes it.
          definePayload: ({ user, session }) => ({ email: user.email, name: user.name, sid: session.id }),
        },
      }),
      ...(googleConfigured
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
            oauthPopup(),
          ]
        : []),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
