import { RETURN_REASON_LABELS, shop, type ReturnReason } from '@shop/shared';
import type { MailMessage } from './mailer';

/** What a return e-mail says at each step (issue #25 item 4, decision 163). The refund's own e-mail tells the last step. */
export interface ReturnMail {
  step: 'requested' | 'approved' | 'rejected' | 'received';
  /** TT-10042 */
  number: string;
  to: string;
  userName: string;
  reason: ReturnReason;
  lines: { productName: string; quantity: number }[];
  /** The admin's note to the customer (approved, rejected, received). */
  note: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SUBJECTS: Record<ReturnMail['step'], (n: string) => string> = {
  requested: (n) => `We have your return request for order ${n}`,
  approved: (n) => `Your return for order ${n} is approved: send the parts back`,
  rejected: (n) => `Your return for order ${n} was not accepted`,
  received: (n) => `We received the parts you returned from order ${n}`,
};

function intro(m: ReturnMail): string {
  switch (m.step) {
    case 'requested':
      return `We have your request to return parts of order ${m.number} (${RETURN_REASON_LABELS[m.reason].toLowerCase()}). We answer within two business days; please do not send anything until we have approved it.`;
    case 'approved':
      return `Your return is approved. Please send the parts below, in their packaging, to ${shop.name}, Returns, ${shop.address}, with the order number ${m.number} on a note inside. We refund them once they arrive.`;
    case 'rejected':
      return `We cannot accept this return of parts of order ${m.number}.`;
    case 'received':
      return `The parts you returned from order ${m.number} have arrived. Your refund follows shortly; you will get an e-mail when it is on its way.`;
  }
}

/** The customer's e-mail for one step of a return. */
export function returnEmail(m: ReturnMail, publicUrl: string): MailMessage {
  const subject = SUBJECTS[m.step](m.number);
  const orderUrl = `${publicUrl}/dashboard/myorders/${m.number}`;
  const lines = m.lines.map((l) => `${l.productName} × ${l.quantity.toLocaleString('en-US')}`);
  const text = [
    `Hello ${m.userName},`,
    '',
    intro(m),
    '',
    'Parts:',
    ...lines,
    ...(m.note ? ['', `From the shop: ${m.note}`] : []),
    '',
    `Your order: ${orderUrl}`,
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(m.userName)},<br>${escapeHtml(intro(m))}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
${m.note ? `<p><strong>From the shop:</strong> ${escapeHtml(m.note)}</p>` : ''}
<p><a href="${escapeHtml(orderUrl)}">Your order ${escapeHtml(m.number)}</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;
  return { to: m.to, subject, text, html };
}
