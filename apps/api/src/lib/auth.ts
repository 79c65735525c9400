import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth, jwt, oauthPopup } from 'better-auth/plugins';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from './mailer';
import { shop } from '@shop/shared';

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

export function trustedOrigins(config: AppConfig): string[] {
  const extra = config.TRUSTED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [config.publicUrl, ...extra];
}

export function createAuth(config: AppConfig, db: Db, mailer: Mailer) {
  const googleConfigured = Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  return betterAuth({
    appName: shop.name,
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
      },
    }),
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.publicUrl.startsWith('https://'),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${shop.name} password`,
          text: `Hello ${user.name || ''},\n\nSomeone (hopefully you) asked to reset the password of your ${shop.name} account.\nOpen this link within one hour to choose a new password:\n\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Verify your e-mail for ${shop.name}`,
          text: `Welcome to ${shop.name}!\n\nPlease confirm your e-mail address by opening this link:\n\n${url}\n\nIf you did not create an account, you can ignore this e-mail.\n`,
        });
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
}

export type Auth = ReturnType<typeof createAuth>;
