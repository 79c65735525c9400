import { shop } from '@shop/shared';
import type { MailMessage } from './mailer';

/** A stored contact-form message, as the shop's e-mail needs it (a contact_messages row). */
export interface ContactEmailMessage {
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Issue #25: a contact-form message, e-mailed to the shop's inbox (SHOP_INBOX_EMAIL). A reply goes to the
 * sender; the link opens the admin's Messages page, where it is marked handled.
 */
export function contactMessageEmail(msg: ContactEmailMessage, inbox: string, publicUrl: string): MailMessage {
  // One line, whatever the sender typed: a subject is a header.
  const subject = msg.subject.replace(/\s+/g, ' ').trim();
  const messagesUrl = `${publicUrl}/dashboard/messages`;
  const received = msg.createdAt.toUTCString();
  const text = [
    `A message from the contact form of ${shop.name}.`,
    '',
    `From: ${msg.email}`,
    `Subject: ${subject}`,
    `Received: ${received}`,
    '',
    msg.message,
    '',
    '—',
    `Reply to this e-mail to answer ${msg.email}.`,
    `Mark it handled on the Messages page: ${messagesUrl}`,
  ].join('\n');
  const cell = 'style="border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">Contact form: ${escapeHtml(subject)}</h1>
<table cellpadding="6" style="border-collapse:collapse">
<tr><th align="left" ${cell}>From</th><td ${cell}><a href="mailto:${escapeHtml(msg.email)}">${escapeHtml(msg.email)}</a></td></tr>
<tr><th align="left" ${cell}>Subject</th><td ${cell}>${escapeHtml(subject)}</td></tr>
<tr><th align="left" ${cell}>Received</th><td ${cell}>${escapeHtml(received)}</td></tr>
</table>
<p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>
<p>Reply to this e-mail to answer ${escapeHtml(msg.email)}.<br><a href="${escapeHtml(messagesUrl)}">Open the Messages page</a> to mark it handled.</p>
<p style="color:#57606a">${escapeHtml(shop.name)}</p>
</body></html>`;
  return { to: inbox, replyTo: msg.email, subject: `Contact form: ${subject}`, text, html };
}
