import { RETURN_REASON_LABELS, formatUsd, fromCents, shop, type ReturnReason } from '@shop/shared';
import type { MailMessage } from './mailer';

/**
 * Issue #39 item 2 (decision 180): what the shop's inbox (SHOP_INBOX_EMAIL) hears of, besides the contact form:
 * an order that became paid (it waits to be shipped) and a customer's return request (it waits for a decision,
 * promised "within two business days"). A reply goes to the customer; the link opens the order's page, where an
 * admin ships it or decides on the return.
 */

export interface OwnerMailLine {
  productName: string;
  sku?: string;
  quantity: number;
  /** The line's goods, in cents (the paid-order mail). */
  priceCents?: number;
}

export interface OrderPaidNotice {
  /** TT-10042 */
  number: string;
  userName: string;
  email: string;
  /** The ship-to country (ISO code), or '' when the order has none. */
  country: string;
  lines: OwnerMailLine[];
  totalCents: number;
  paymentMode: string;
  /** Issue #37 item 4 (decision 205): the buyer's purchase-order number ('' or absent: none). */
  poNumber?: string;
}

export interface ReturnRequestNotice {
  number: string;
  userName: string;
  email: string;
  reason: ReturnReason;
  /** The customer's note, '' when none. */
  note: string;
  lines: OwnerMailLine[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The admin's page of one order: the order-detail page, which shows an admin its shipping, return and refund steps. */
export const adminOrderUrl = (publicUrl: string, number: string) => `${publicUrl}/dashboard/myorders/${number}`;

const lineText = (l: OwnerMailLine) =>
  `${l.productName} × ${l.quantity.toLocaleString('en-US')}${l.priceCents !== undefined ? `: ${formatUsd(fromCents(l.priceCents))}` : ''}${l.sku ? ` (part no. ${l.sku})` : ''}`;

function ownerMail(
  to: string,
  replyTo: string,
  subject: string,
  heading: string,
  facts: [string, string][],
  lines: OwnerMailLine[],
  url: string,
  action: string,
): MailMessage {
  const text = [
    heading,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Parts:',
    ...lines.map(lineText),
    '',
    '—',
    `Reply to this e-mail to write to the customer.`,
    `${action}: ${url}`,
  ].join('\n');
  const cell = 'style="border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(heading)}</p>
<table cellpadding="6" style="border-collapse:collapse">${facts
    .map(([k, v]) => `<tr><th align="left" ${cell}>${escapeHtml(k)}</th><td ${cell} style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<ul>${lines.map((l) => `<li>${escapeHtml(lineText(l))}</li>`).join('')}</ul>
<p>Reply to this e-mail to write to the customer.<br><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)}</p>
</body></html>`;
  return { to, replyTo, subject, text, html };
}

/** An order became paid: it waits to be shipped. */
export function orderPaidOwnerEmail(n: OrderPaidNotice, inbox: string, publicUrl: string): MailMessage {
  const total = formatUsd(fromCents(n.totalCents));
  const parts = n.lines.length === 1 ? `${n.lines[0]!.productName} × ${n.lines[0]!.quantity.toLocaleString('en-US')}` : `${n.lines.length} parts`;
  return ownerMail(
    inbox,
    n.email,
    `Paid: order ${n.number}, ${parts}, ${total}${n.country ? ` to ${n.country}` : ''}`,
    `Order ${n.number} is paid and waits to be shipped.`,
    [
      ['Order', n.number],
      ['Customer', `${n.userName} <${n.email}>`],
      ...(n.poNumber ? ([['Their PO number', n.poNumber]] as [string, string][]) : []),
      ['Ship to', n.country || '—'],
      ['Total paid', `${total}${n.paymentMode === 'test' ? ' (test payment, no real money)' : ''}`],
    ],
    n.lines,
    adminOrderUrl(publicUrl, n.number),
    'Ship it from the order page',
  );
}

/** Decision 208: an order placed on a company's account waits to be shipped now; its invoice is due later. */
export function orderOnAccountOwnerEmail(n: OrderPaidNotice & { company: string; dueDay: string }, inbox: string, publicUrl: string): MailMessage {
  const total = formatUsd(fromCents(n.totalCents));
  const parts = n.lines.length === 1 ? `${n.lines[0]!.productName} × ${n.lines[0]!.quantity.toLocaleString('en-US')}` : `${n.lines.length} parts`;
  return ownerMail(
    inbox,
    n.email,
    `On account: order ${n.number}, ${parts}, ${total}${n.country ? ` to ${n.country}` : ''}`,
    `Order ${n.number} was placed on the account of ${n.company} and waits to be shipped. Its invoice is due on ${n.dueDay}.`,
    [
      ['Order', n.number],
      ['Company', n.company],
      ['Customer', `${n.userName} <${n.email}>`],
      ...(n.poNumber ? ([['Their PO number', n.poNumber]] as [string, string][]) : []),
      ['Ship to', n.country || '—'],
      ['Invoiced', `${total}, due on ${n.dueDay}`],
    ],
    n.lines,
    adminOrderUrl(publicUrl, n.number),
    'Ship it from the order page',
  );
}

/** A customer asked to return parts: the request waits for a decision (promised within two business days). */
export function returnRequestedOwnerEmail(n: ReturnRequestNotice, inbox: string, publicUrl: string): MailMessage {
  const reason = RETURN_REASON_LABELS[n.reason];
  return ownerMail(
    inbox,
    n.email,
    `Return requested: order ${n.number}, ${reason.toLowerCase()}`,
    `${n.userName} asks to return parts of order ${n.number}. We promised an answer within two business days.`,
    [
      ['Order', n.number],
      ['Customer', `${n.userName} <${n.email}>`],
      ['Reason', reason],
      ['Note', n.note || '—'],
    ],
    n.lines,
    adminOrderUrl(publicUrl, n.number),
    'Approve or reject it on the order page',
  );
}

export interface OrderCancelledNotice {
  number: string;
  userName: string;
  email: string;
  lines: OwnerMailLine[];
  /** What went back to the customer's card, in cents. */
  refundedCents: number;
}

/** Issue #39 item 9 (decision 189): a customer cancelled their paid order before it shipped; it was refunded in full. */
export function orderCancelledOwnerEmail(n: OrderCancelledNotice, inbox: string, publicUrl: string): MailMessage {
  const refunded = formatUsd(fromCents(n.refundedCents));
  return ownerMail(
    inbox,
    n.email,
    `Order cancelled by customer: ${n.number}, ${refunded} refunded`,
    `${n.userName} cancelled paid order ${n.number} before it shipped. ${refunded} went back to their card and the parts are back in stock: do not ship it.`,
    [
      ['Order', n.number],
      ['Customer', `${n.userName} <${n.email}>`],
      ['Refunded', refunded],
    ],
    n.lines,
    adminOrderUrl(publicUrl, n.number),
    'See the order page',
  );
}
