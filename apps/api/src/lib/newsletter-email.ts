import { NEWSLETTER_CONFIRM_TTL_HOURS, shop } from '@shop/shared';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The shop's page a person opens to unsubscribe (it asks before it acts, so a link checker cannot unsubscribe anyone). */
export const newsletterUnsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/unsubscribe?token=${token}`;
/** The address a mail program posts `List-Unsubscribe=One-Click` to (RFC 8058): it unsubscribes at once. */
export const newsletterOneClickUrl = (publicUrl: string, token: string) => `${publicUrl}/api/newsletter/unsubscribe?token=${token}`;
export const newsletterConfirmUrl = (publicUrl: string, token: string) => `${publicUrl}/newsletter/confirm?token=${token}`;

export interface NewsletterContent {
  subject: string;
  /** Plain-text body, without the unsubscribe footer (added here). */
  text: string;
  /** HTML body fragment, without the unsubscribe footer (added here). */
  html: string;
}

/**
 * Issue #39 (decision 186): every newsletter e-mail goes through here, so every one carries the subscriber's
 * unsubscribe link in its text and HTML, and the `List-Unsubscribe` + `List-Unsubscribe-Post` headers of RFC 8058
 * that let a mail program unsubscribe in one click.
 */
export function newsletterEmail(to: { email: string; unsubscribeToken: string }, content: NewsletterContent, publicUrl: string): MailMessage {
  const page = newsletterUnsubscribePageUrl(publicUrl, to.unsubscribeToken);
  const text = [
    content.text,
    '',
    '—',
    `You get this e-mail because ${to.email} was entered in the newsletter box of ${shop.name}.`,
    `Unsubscribe: ${page}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
${content.html}
<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">
<p style="color:#57606a;font-size:13px">You get this e-mail because ${escapeHtml(to.email)} was entered in the newsletter box of ${escapeHtml(shop.name)}.<br>
<a href="${escapeHtml(page)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to: to.email,
    subject: content.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${newsletterOneClickUrl(publicUrl, to.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The double opt-in e-mail: its first link confirms the subscription. */
export function newsletterConfirmationEmail(to: { email: string; unsubscribeToken: string }, confirmToken: string, publicUrl: string): MailMessage {
  const link = newsletterConfirmUrl(publicUrl, confirmToken);
  const days = NEWSLETTER_CONFIRM_TTL_HOURS / 24;
  return newsletterEmail(
    to,
    {
      subject: `Confirm your ${shop.name} newsletter subscription`,
      text: [
        `Please confirm that you want the ${shop.name} newsletter: new parts, restocks and workshop deals, once a month.`,
        '',
        `Confirm your subscription: ${link}`,
        '',
        `The link works for ${days} days. If you did not ask for the newsletter, ignore this e-mail: you will get nothing more.`,
      ].join('\n'),
      html: `<h1 style="font-size:20px">Confirm your newsletter subscription</h1>
<p>Please confirm that you want the ${escapeHtml(shop.name)} newsletter: new parts, restocks and workshop deals, once a month.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#b91c1c;color:#fff;text-decoration:none;border-radius:6px">Confirm my subscription</a></p>
<p>The link works for ${days} days. If you did not ask for the newsletter, ignore this e-mail: you will get nothing more.</p>`,
    },
    publicUrl,
  );
}
