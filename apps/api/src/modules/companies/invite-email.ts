import { COMPANY_INVITE_TTL_DAYS, shop, type CompanyRole } from '@shop/shared';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page the invited person opens: it asks them to sign in (or create the account) with the invited address. */
export const companyJoinUrl = (publicUrl: string, token: string) => `${publicUrl}/company/join?token=${token}`;

/** Issue #37 item 1 (decision 204): the invitation to buy for a company, with its one-time link. */
export function companyInviteEmail(invite: { to: string; company: string; role: CompanyRole; token: string }, publicUrl: string): MailMessage {
  const url = companyJoinUrl(publicUrl, invite.token);
  const as = invite.role === 'admin' ? 'as its admin' : 'as a buyer';
  const text = [
    `You are invited to buy for ${invite.company} at ${shop.name}, ${as}.`,
    '',
    `Accept the invitation (sign in or create your account with ${invite.to} first): ${url}`,
    '',
    `The link works for ${COMPANY_INVITE_TTL_DAYS} days, once. If you did not expect this e-mail, ignore it.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<p>You are invited to buy for <strong>${escapeHtml(invite.company)}</strong> at ${escapeHtml(shop.name)}, ${as}.</p>
<p><a href="${escapeHtml(url)}">Accept the invitation</a> (sign in or create your account with ${escapeHtml(invite.to)} first).</p>
<p style="color:#57606a;font-size:13px">The link works for ${COMPANY_INVITE_TTL_DAYS} days, once. If you did not expect this e-mail, ignore it.</p>
</body></html>`;
  return { to: invite.to, subject: `Buy for ${invite.company} at ${shop.name}`, text, html };
}
