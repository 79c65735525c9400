import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAPIError } from 'better-auth/api';
import { errorResponseSchema } from '@shop/shared';
import { accountSessionsSchema, passwordChangeSchema, revokedSessionsSchema } from '@shop/shared/schemas/session';
import { sessionsCopy } from '@shop/shared/copy/sessions';
import { sessionsStartedAfter } from '../../lib/auth';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { listSessions, revokeOtherSessions, revokeSession, sessionToken } from './sessions.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Better Auth's refusals of a password change, in the shop's words. */
const PASSWORD_REFUSALS: Record<string, { code: string; message: string }> = {
  INVALID_PASSWORD: { code: 'WRONG_PASSWORD', message: sessionsCopy.wrongCurrentPassword },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: 'NO_PASSWORD', message: sessionsCopy.noPassword },
};

/**
 * Issue #22 (DESIGN §6 "own sessions"): the signed-in customer's own sessions only. Another user's session id
 * answers 404, as one that does not exist.
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedInAfter = () => sessionsStartedAfter(app.config);

  app.get(
    '/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sessions'],
        summary: 'Your active sessions (device from the User-Agent, IP address as stored, last use), the current one marked',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSessionsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => ({ items: await listSessions(app.db, req.user!.id, req.user!.sessionId, signedInAfter()) }),
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sessions'],
        summary: 'Sign out one of your other sessions (its next call answers 401)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: revokedSessionsSchema, ...errors },
      },
    },
    async (req) => {
      await revokeSession(app.db, req.user!.id, req.user!.sessionId, req.params.id);
      return { revoked: 1 };
    },
  );

  app.delete(
    '/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['sessions'],
        summary: 'Sign out all your other sessions (others=true is required); answers how many ended',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ others: z.literal('true', { message: 'Add ?others=true to sign out all your other sessions.' }) }),
        response: { 200: revokedSessionsSchema, ...errors },
      },
    },
    async (req) => ({ revoked: await revokeOtherSessions(app.db, req.user!.id, req.user!.sessionId, signedInAfter()) }),
  );

  app.post(
    '/sessions/password',
    {
      onRequest: [app.authenticate],
      // Each try checks the current password: as few per minute as sign-in attempts.
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
      schema: {
        tags: ['sessions'],
        summary: "Change your password (the shop's password rules); your other sessions are signed out, this one stays",
        security: [{ bearerAuth: [] }],
        body: passwordChangeSchema,
        response: { 200: revokedSessionsSchema, ...errors },
      },
    },
    async (req) => {
      const me = req.user!;
      const token = await sessionToken(app.db, me.sessionId);
      if (!token) throw new UnauthorizedError('Your session has ended. Please log in again.', 'SESSION_ENDED');
      try {
        // Better Auth's own endpoint, so its password check, hashing and the shop's rules (lib/account-rules) apply;
        // it keeps this session, and the shop then ends the others.
        await app.auth.api.changePassword({
          body: { currentPassword: req.body.currentPassword, newPassword: req.body.newPassword, revokeOtherSessions: false },
          headers: new Headers({ authorization: `Bearer ${token}` }),
        });
      } catch (err) {
        if (!isAPIError(err)) throw err;
        const body = (err.body ?? {}) as { code?: string; message?: string };
        if (err.statusCode === 401) throw new UnauthorizedError('Your session has ended. Please log in again.', 'SESSION_ENDED');
        if (err.statusCode >= 500) throw err;
        const known = body.code ? PASSWORD_REFUSALS[body.code] : undefined;
        throw new BadRequestError(known?.message ?? body.message ?? sessionsCopy.wrongCurrentPassword, known?.code ?? body.code ?? 'BAD_REQUEST');
      }
      return { revoked: await revokeOtherSessions(app.db, me.id, me.sessionId, signedInAfter()) };
    },
  );
};
