import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyDetailSchema,
  companyInputSchema,
  companyInviteInputSchema,
  companyInviteSchema,
  companyJoinSchema,
  companyListSchema,
  companyMemberPatchSchema,
  companyMemberSchema,
  companyOrderListSchema,
  companyPatchSchema,
  companySchema,
  errorResponseSchema,
  myCompanySchema,
  companyAddressInputSchema,
  companyAddressListSchema,
  companyAddressSchema,
} from '@shop/shared';
import {
  companyAdminOf,
  companyOrders,
  createCompany,
  getCompanyAdmin,
  inviteToCompany,
  joinCompany,
  listCompanies,
  myCompany,
  removeMember,
  updateCompany,
  updateMember,
  withdrawInvite,
  type SentInvite,
} from './companies.service';
import { companyInviteEmail } from './invite-email';
import { addCompanyAddress, listCompanyAddresses, removeCompanyAddress } from './company-addresses.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const idParams = z.object({ id: z.string().max(100) });
const memberParams = z.object({ userId: z.string().max(100) });

/** Issue #37 item 1 (decision 204): trade accounts — the shop's admin's companies, and a company's own page. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (req: { user?: { id: string; email: string } | null }) => ({ id: req.user!.id, email: req.user!.email });
  const mail = async (sent: SentInvite) =>
    app.mailer.send(companyInviteEmail({ to: sent.invite.email, company: sent.companyName, role: sent.invite.role, token: sent.token }, app.config.publicUrl));

  // ── The shop's admin ──

  app.get(
    '/admin/companies',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Every trade account, A to Z, with its number of members (admin)',
        response: { 200: companyListSchema, ...errors },
      },
    },
    async () => listCompanies(app.db),
  );

  app.post(
    '/admin/companies',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Create a trade account: name, tax number, billing address, payment terms and credit limit (admin)',
        body: companyInputSchema,
        response: { 201: companySchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createCompany(app.db, req.body, actor(req))),
  );

  app.get(
    '/admin/companies/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'A trade account with its members and open invitations (admin)',
        params: idParams,
        response: { 200: companyDetailSchema, ...errors },
      },
    },
    async (req) => getCompanyAdmin(app.db, req.params.id, app.clock.now()),
  );

  app.patch(
    '/admin/companies/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Change a trade account (admin)',
        params: idParams,
        body: companyPatchSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    async (req) => updateCompany(app.db, req.params.id, req.body, actor(req)),
  );

  app.post(
    '/admin/companies/:id/invites',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Invite a person by e-mail to buy for the company, as its admin or a buyer (admin)',
        params: idParams,
        body: companyInviteInputSchema,
        response: { 201: companyInviteSchema, ...errors },
      },
    },
    async (req, reply) => {
      const sent = await inviteToCompany(app.db, req.params.id, req.body, actor(req), app.clock.now());
      await mail(sent);
      return reply.status(201).send(sent.invite);
    },
  );

  app.delete(
    '/admin/companies/:id/members/:userId',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Remove a member from a trade account (admin)',
        params: idParams.extend(memberParams.shape),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removeMember(app.db, req.params.id, req.params.userId, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/admin/companies/:id/invites/:inviteId',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Withdraw an open invitation to a trade account (admin)',
        params: idParams.extend({ inviteId: z.string().max(100) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await withdrawInvite(app.db, req.params.id, req.params.inviteId, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/admin/companies/:id/members/:userId',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['companies'],
        summary: 'Make a member of a trade account its admin or a buyer, or let a buyer see every order of the company (admin)',
        params: idParams.extend(memberParams.shape),
        body: companyMemberPatchSchema,
        response: { 200: companyMemberSchema, ...errors },
      },
    },
    async (req) => updateMember(app.db, req.params.id, req.params.userId, req.body, actor(req)),
  );

  // ── A company's own people ──

  app.get(
    '/company',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'The trade account the caller buys for; its admin also sees the members and open invitations (404 for no company)',
        response: { 200: myCompanySchema, ...errors },
      },
    },
    async (req) => myCompany(app.db, req.user!.id, app.clock.now()),
  );

  app.get(
    '/company/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'The company’s orders, newest first: all of them for its admin and buyers allowed to see them, else the buyer’s own',
        response: { 200: companyOrderListSchema, ...errors },
      },
    },
    async (req) => companyOrders(app.db, req.user!.id),
  );

  app.post(
    '/company/invites',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Invite a buyer (or another admin) by e-mail (the company’s admin)',
        body: companyInviteInputSchema,
        response: { 201: companyInviteSchema, ...errors },
      },
    },
    async (req, reply) => {
      const m = await companyAdminOf(app.db, req.user!.id);
      const sent = await inviteToCompany(app.db, m.companyId, req.body, actor(req), app.clock.now());
      await mail(sent);
      return reply.status(201).send(sent.invite);
    },
  );

  // Issue #37 item 5 (decision 209): the company's delivery addresses, read by every member, kept by its admin.
  app.get(
    '/company/addresses',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'The company’s delivery addresses, offered to every member at checkout (404 for no company)',
        response: { 200: companyAddressListSchema, ...errors },
      },
    },
    async (req) => listCompanyAddresses(app.db, req.user!.id),
  );

  app.post(
    '/company/addresses',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Add a delivery address of the company (the company’s admin; a buyer 403)',
        body: companyAddressInputSchema,
        response: { 201: companyAddressSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await addCompanyAddress(app.db, req.user!.id, req.body)),
  );

  app.delete(
    '/company/addresses/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Remove a delivery address of the company (the company’s admin)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removeCompanyAddress(app.db, req.user!.id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/company/invites/:id',
    {
      onRequest: [app.authenticate],
      schema: { tags: ['companies'], summary: 'Withdraw an open invitation (the company’s admin)', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      const m = await companyAdminOf(app.db, req.user!.id);
      await withdrawInvite(app.db, m.companyId, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/company/members/:userId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Make a member admin or buyer, or let a buyer see every order of the company (the company’s admin)',
        params: memberParams,
        body: companyMemberPatchSchema,
        response: { 200: companyMemberSchema, ...errors },
      },
    },
    async (req) => {
      const m = await companyAdminOf(app.db, req.user!.id);
      return updateMember(app.db, m.companyId, req.params.userId, req.body, actor(req));
    },
  );

  app.delete(
    '/company/members/:userId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Remove a member from the company; they lose its orders at once (the company’s admin)',
        params: memberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const m = await companyAdminOf(app.db, req.user!.id);
      await removeMember(app.db, m.companyId, req.params.userId, actor(req));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/company/join',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['companies'],
        summary: 'Accept an invitation: the signed-in person it was sent to joins the company (404 for a used, withdrawn or expired link)',
        body: companyJoinSchema,
        response: { 200: myCompanySchema, ...errors },
      },
    },
    async (req) => joinCompany(app.db, actor(req), req.body.token, app.clock.now()),
  );
};
