import { formatUsd, fromCents, shop } from '@shop/shared';
import type { MailMessage } from './mailer';

export interface ReceiptOrder {
  id: string;
  productName: string;
  userName: string;
  email: string;
  quantity: number;
  priceCents: number;
  transactionId: string | null;
  country: string;
  address: string;
  paidAt: Date | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The receipt a customer gets once, when their order becomes paid. */
export function receiptEmail(order: ReceiptOrder, publicUrl: string): MailMessage {
  const total = formatUsd(fromCents(order.priceCents));
  const unit = formatUsd(fromCents(Math.round(order.priceCents / order.quantity)));
  const paidAt = (order.paidAt ?? new Date()).toUTCString();
  const ordersUrl = `${publicUrl}/dashboard/myorders`;
  const shipTo = [order.address, order.country].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    ['Order', order.id],
    ['Product', order.productName],
    ['Quantity', String(order.quantity)],
    ['Average unit price', unit],
    ['Total paid', total],
    ['Transaction id', order.transactionId ?? ''],
    ['Paid on', paidAt],
    ...(shipTo ? ([['Ship to', shipTo]] as [string, string][]) : []),
  ];

  const text = [
    `Hello ${order.userName},`,
    '',
    `thank you for your order at ${shop.name}. We have received your payment of ${total}.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `Follow your order: ${ordersUrl}`,
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">Payment received — thank you!</h1>
<p>Hello ${escapeHtml(order.userName)},<br>thank you for your order at ${escapeHtml(shop.name)}. We have received your payment of <strong>${escapeHtml(total)}</strong>.</p>
<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(k)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(ordersUrl)}">Follow your order</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;

  return { to: order.email, subject: `Your receipt from ${shop.name}: ${order.productName} × ${order.quantity}`, text, html };
}

/**
 * One receipt for a checkout paid with one payment (issue #9): every line,
 * then the total. A checkout of one line gets the single-order receipt.
 */
export function checkoutReceiptEmail(orders: ReceiptOrder[], publicUrl: string): MailMessage {
  if (orders.length === 1) return receiptEmail(orders[0]!, publicUrl);
  const first = orders[0]!;
  const totalCents = orders.reduce((sum, o) => sum + o.priceCents, 0);
  const total = formatUsd(fromCents(totalCents));
  const paidAt = (first.paidAt ?? new Date()).toUTCString();
  const ordersUrl = `${publicUrl}/dashboard/myorders`;
  const shipTo = [first.address, first.country].filter(Boolean).join(', ');
  const lines = orders.map((o) => ({ order: o.id, product: o.productName, quantity: String(o.quantity), amount: formatUsd(fromCents(o.priceCents)) }));
  const facts: [string, string][] = [
    ['Total paid', total],
    ['Transaction id', first.transactionId ?? ''],
    ['Paid on', paidAt],
    ...(shipTo ? ([['Ship to', shipTo]] as [string, string][]) : []),
  ];

  const text = [
    `Hello ${first.userName},`,
    '',
    `thank you for your order at ${shop.name}. We have received your payment of ${total} for ${orders.length} parts.`,
    '',
    ...lines.map((l) => `${l.product} × ${l.quantity}: ${l.amount} (order ${l.order})`),
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `Follow your orders: ${ordersUrl}`,
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');

  const cell = 'style="border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">Payment received — thank you!</h1>
<p>Hello ${escapeHtml(first.userName)},<br>thank you for your order at ${escapeHtml(shop.name)}. We have received your payment of <strong>${escapeHtml(total)}</strong> for ${orders.length} parts.</p>
<table cellpadding="6" style="border-collapse:collapse"><tr><th align="left" ${cell}>Product</th><th align="right" ${cell}>Quantity</th><th align="right" ${cell}>Amount</th><th align="left" ${cell}>Order</th></tr>${lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.product)}</td><td align="right" ${cell}>${escapeHtml(l.quantity)}</td><td align="right" ${cell}>${escapeHtml(l.amount)}</td><td ${cell}>${escapeHtml(l.order)}</td></tr>`,
    )
    .join('')}</table>
<table cellpadding="6" style="border-collapse:collapse;margin-top:12px">${facts
    .map(([k, v]) => `<tr><th align="left" ${cell}>${escapeHtml(k)}</th><td ${cell}>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<p><a href="${escapeHtml(ordersUrl)}">Follow your orders</a></p>
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;

  return { to: first.email, subject: `Your receipt from ${shop.name}: ${orders.length} parts, ${total}`, text, html };
}
