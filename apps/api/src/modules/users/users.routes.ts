import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  adminCheckSchema,
  demoteResultSchema,
  errorResponseSchema,
  idParamsSchema,
  profileSchema,
  taxExemptionSchema,
  taxExemptionViewSchema,
  profileUpdateSchema,
  setRoleSchema,
  tokenResponseSchema,
  USERS_PAGE_DEFAULT_LIMIT,
  userListQuerySchema,
  userListSchema,
  userPageSchema,
  userSyncSchema,
} from '@shop/shared';
import { SECOND_FACTOR_PENDING_MESSAGE } from '../../plugins/auth';
import { wrongOriginMessage } from '../../lib/auth';
import { actsAsAdmin, isAdmin, owesAdminPassword } from '../../lib/policy';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { demoteAdmin, getProfile, listUsers, pageUsers, promoteToAdmin, setTaxExemption, syncUser, updateProfile } from './users.service';

const emailParams = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });
const PROFILE_KEYS = ['education', 'location', 'phone', 'linkedin'] as const;
/** Spec §8: updating a profile with nobody signed in. */
const NO_USER_MESSAGE = 'No user is logged in';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * PUT /user/{email} has two uses in the spec:
   *  - sign-in sync { email, name }: needs the Better Auth session of that very e-mail; returns { token };
   *  - profile update { education, location, phone, linkedin }: needs a Bearer token of that user or an admin.
   */
  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign-in sync (returns the access token) or profile update',
        params: emailParams,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: z.union([tokenResponseSchema, z.object({ ok: z.literal(true) })]),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req) => {
      const email = req.params.email;
      const isProfileUpdate = PROFILE_KEYS.some((k) => k in req.body);
      if (isProfileUpdate) {
        if (!req.headers.authorization) throw new UnauthorizedError(NO_USER_MESSAGE, 'NO_TOKEN');
        await app.authenticate(req, undefined as never);
        const me = req.user!;
        if (me.email !== email && !actsAsAdmin(me)) throw new NotFoundError('No user with that e-mail.', 'USER_NOT_FOUND');
        const fields = profileUpdateSchema.parse(req.body);
        const target = await getProfile(app.db, email);
        await updateProfile(app.db, target._id, fields);
        return { ok: true as const };
      }
      const body = userSyncSchema.parse(req.body);
      // The sync rides on the session cookie, so a page on another site must not be able to trigger it.
      if (!app.isTrustedOrigin(req)) throw new ForbiddenError(wrongOriginMessage(app.config), 'INVALID_ORIGIN');
      const me = await app.sessionUser(req);
      if (!me) throw new UnauthorizedError('Please log in to continue.', 'NO_SESSION');
      // A Google sign-in of an enrolled account: the web app asks for the code, then syncs again.
      if (me.twoFactorEnabled && !me.twoFactorVerified) throw new ForbiddenError(SECOND_FACTOR_PENDING_MESSAGE, 'TWO_FACTOR_REQUIRED');
      if (me.email !== email || body.email !== email) {
        throw new ForbiddenError('You can only get a token for your own account.', 'NOT_YOUR_ACCOUNT');
      }
      await syncUser(app.db, me.id, body.name);
      const { token } = await app.auth.api.getToken({ headers: fromNodeHeaders(req.headers) });
      return { token };
    },
  );

  app.get(
    '/user/:email',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        params: emailParams,
        response: { 200: profileSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const me = req.user!;
      if (me.email !== req.params.email && !actsAsAdmin(me)) throw new NotFoundError('No user with that e-mail.', 'USER_NOT_FOUND');
      return getProfile(app.db, req.params.email);
    },
  );

  app.get(
    '/admin/:email',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        params: emailParams,
        response: { 200: adminCheckSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const me = req.user!;
      if (me.email === req.params.email) {
        if (!isAdmin(me)) return { admin: false };
        // The spec's answer is { admin }; the second-factor state and a password owed since a promotion (issue #34)
        // are added only when they matter to the web app.
        const twoFactor = app.adminTwoFactorState(me);
        return {
          admin: true,
          ...(twoFactor === 'not-needed' ? {} : { twoFactor }),
          ...(owesAdminPassword(me) ? { passwordChange: 'required' as const } : {}),
        };
      }
      if (!actsAsAdmin(me)) throw new NotFoundError('No user with that e-mail.', 'USER_NOT_FOUND');
      const target = await getProfile(app.db, req.params.email);
      return { admin: isAdmin(target) };
    },
  );

  app.get(
    '/users',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['users'],
        summary:
          "Every account (admin): the spec's array, or with ?page=&limit=&q= one page, administrators first, then the newest; q searches names and e-mails",
        security: [{ bearerAuth: [] }],
        querystring: userListQuerySchema,
        response: { 200: z.union([userListSchema, userPageSchema]), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => {
      const { page, limit, q } = req.query;
      if (page === undefined && limit === undefined && q === undefined) return listUsers(app.db);
      return pageUsers(app.db, page ?? 1, limit ?? USERS_PAGE_DEFAULT_LIMIT, q);
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['users'],
        summary: 'Promote a user to admin (admin)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: setRoleSchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req) => {
      await promoteToAdmin(app.db, req.params.id, { id: req.user!.id, email: req.user!.email });
      return { ok: true as const };
    },
  );

  app.delete(
    '/users/:id/admin',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['users'],
        summary:
          "Issue #25: take the admin role back from another admin (admin); never your own (409 SELF_DEMOTE) nor the last admin's (409 LAST_ADMIN); audited as user.demote",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: demoteResultSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => {
      const { role } = await demoteAdmin(app.db, req.params.id, { id: req.user!.id, email: req.user!.email });
      return { ok: true as const, role };
    },
  );

  app.put(
    '/users/:id/tax-exemption',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['users'],
        summary: 'Issue #24: mark a business customer tax-exempt with their VAT or resale number, or not (admin); their next orders carry no tax',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: taxExemptionSchema,
        response: {
          200: taxExemptionViewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req) => setTaxExemption(app.db, req.params.id, req.body, { id: req.user!.id, email: req.user!.email }),
  );
};
