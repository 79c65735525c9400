import { shop } from '@shop/shared';
import type { MailMessage } from './mailer';

/** What the shipment e-mail says (issue #25, decision 157). */
export interface ShipmentMail {
  /** TT-10042 */
  number: string;
  to: string;
  userName: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: Date;
  lines: { productName: string; sku: string; quantity: number }[];
  /** Every line of the order has shipped with this one. */
  complete: boolean;
  /** Units of the order still to ship after this one (0 when complete). */
  unitsLeft: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "Your order TT-… has shipped" (the last parts) or "Part of your order TT-… has shipped": its lines, carrier and tracking link. */
export function shipmentEmail(m: ShipmentMail, publicUrl: string, orderUrl = `${publicUrl}/dashboard/myorders/${m.number}`): MailMessage {
  const subject = m.complete ? `Your order ${m.number} has shipped` : `Part of your order ${m.number} has shipped`;
  const when = day.format(m.shippedAt);
  const intro = m.complete
    ? `Good news: your order ${m.number} is on its way. This parcel left our warehouse on ${when}.`
    : `Part of your order ${m.number} left our warehouse on ${when}. The rest (${m.unitsLeft.toLocaleString('en-US')} ${m.unitsLeft === 1 ? 'unit' : 'units'}) follows in another parcel.`;
  const tracking = m.trackingUrl ? `Track it: ${m.trackingUrl}` : `Tracking number: ${m.trackingNumber}`;
  const text = [
    `Hello ${m.userName},`,
    '',
    intro,
    '',
    'In this parcel:',
    ...m.lines.map((l) => `${l.productName} × ${l.quantity.toLocaleString('en-US')}${l.sku ? ` (part no. ${l.sku})` : ''}`),
    '',
    `Carrier: ${m.carrierName}`,
    `Tracking number: ${m.trackingNumber}`,
    `Shipped on: ${when}`,
    ...(m.trackingUrl ? ['', tracking] : []),
    '',
    `Your order: ${orderUrl}`,
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');

  const cell = 'style="border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>Hello ${escapeHtml(m.userName)},<br>${escapeHtml(intro)}</p>
<table cellpadding="6" style="border-collapse:collapse"><tr><th align="left" ${cell}>Part</th><th align="right" ${cell}>Quantity</th></tr>${m.lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.productName)}${l.sku ? `<br><small>Part no. ${escapeHtml(l.sku)}</small>` : ''}</td><td align="right" ${cell}>${escapeHtml(l.quantity.toLocaleString('en-US'))}</td></tr>`,
    )
    .join('')}</table>
<table cellpadding="6" style="border-collapse:collapse;margin-top:12px">
<tr><th align="left" ${cell}>Carrier</th><td ${cell}>${escapeHtml(m.carrierName)}</td></tr>
<tr><th align="left" ${cell}>Tracking number</th><td ${cell}>${
    m.trackingUrl ? `<a href="${escapeHtml(m.trackingUrl)}">${escapeHtml(m.trackingNumber)}</a>` : escapeHtml(m.trackingNumber)
  }</td></tr>
<tr><th align="left" ${cell}>Shipped on</th><td ${cell}>${escapeHtml(when)}</td></tr>
</table>
${m.trackingUrl ? `<p><a href="${escapeHtml(m.trackingUrl)}">Track your parcel with ${escapeHtml(m.carrierName)}</a></p>` : ''}
<p><a href="${escapeHtml(orderUrl)}">Your order ${escapeHtml(m.number)}</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;

  return { to: m.to, subject, text, html };
}
