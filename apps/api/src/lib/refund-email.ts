import { shop } from '@shop/shared';
import type { MailMessage } from './mailer';

/** What the refund e-mail says (issue #25 item 3, decision 162). */
export interface RefundMail {
  /** TT-10042 */
  number: string;
  to: string;
  userName: string;
  totalCents: number;
  lines: { productName: string; quantity: number }[];
  shippingCents: number;
  extraCents: number;
  reason: string;
  /** Nothing is left to refund on the order. */
  fullyRefunded: boolean;
  creditNote: { number: string; documentId: string } | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "We refunded $X of your order TT-…": what, why, when the card sees it, with the credit note attached. */
export function refundEmail(
  m: RefundMail,
  publicUrl: string,
  creditNotePdf: Buffer | null,
  orderUrl = `${publicUrl}/dashboard/myorders/${m.number}`,
): MailMessage {
  const amount = usd(m.totalCents);
  const subject = `We refunded ${amount} of your order ${m.number}`;
  const what = [
    ...m.lines.map((l) => `${l.productName} × ${l.quantity.toLocaleString('en-US')}`),
    ...(m.shippingCents > 0 ? [`Shipping (${usd(m.shippingCents)})`] : []),
    ...(m.extraCents > 0 ? [`Other credit (${usd(m.extraCents)})`] : []),
  ];
  const intro = `${amount} of your order ${m.number} is on its way back to the card you paid with. Banks usually show it within 5 to 10 business days.${
    m.fullyRefunded ? ' Your order is now refunded in full.' : ''
  }`;
  const text = [
    `Hello ${m.userName},`,
    '',
    intro,
    '',
    'Refunded:',
    ...what,
    '',
    `Reason: ${m.reason}`,
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
<p><strong>Refunded:</strong></p>
<ul>${what.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>
<p>Reason: ${escapeHtml(m.reason)}</p>
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
