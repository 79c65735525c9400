import { shop } from '@shop/shared';
import type { MailMessage } from './mailer';
import type { RefundMail } from './refund-email';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue #39 item 9 (decision 189): "Your order TT-… is cancelled": the customer cancelled their paid order before it
 * shipped; what was cancelled, the amount refunded and when the card sees it, with the credit note attached.
 */
export function orderCancelledEmail(m: RefundMail, publicUrl: string, creditNotePdf: Buffer | null): MailMessage {
  const amount = usd(m.totalCents);
  const subject = `Your order ${m.number} is cancelled: ${amount} refunded`;
  const orderUrl = `${publicUrl}/dashboard/myorders/${m.number}`;
  const what = [
    ...m.lines.map((l) => `${l.productName} × ${l.quantity.toLocaleString('en-US')}`),
    ...(m.shippingCents > 0 ? [`Shipping (${usd(m.shippingCents)})`] : []),
  ];
  const intro = `As you asked, we cancelled your order ${m.number} before it shipped. We refunded ${amount}, everything you paid, to the card you paid with. Banks usually show it within 5 to 10 business days.`;
  const text = [
    `Hello ${m.userName},`,
    '',
    intro,
    '',
    'Cancelled:',
    ...what,
    ...(m.creditNote ? ['', `Credit note ${m.creditNote.number} is attached.`] : []),
    '',
    `Your order: ${orderUrl}`,
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(m.userName)},<br>${escapeHtml(intro)}</p>
<p><strong>Cancelled:</strong></p>
<ul>${what.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>
${m.creditNote ? `<p>Credit note ${escapeHtml(m.creditNote.number)} is attached.</p>` : ''}
<p><a href="${escapeHtml(orderUrl)}">Your order ${escapeHtml(m.number)}</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;
  return {
    to: m.to,
    subject,
    text,
    html,
    ...(m.creditNote && creditNotePdf
      ? { attachments: [{ filename: `${m.creditNote.number}.pdf`, contentType: 'application/pdf', content: creditNotePdf }] }
      : {}),
  };
}
