import { deliveryEstimate, formatAddressLines, formatUsd, fromCents, orderNumber, shop, type AddressLike } from '@shop/shared';
import type { MailMessage } from './mailer';

/** A paid order line as the receipt needs it (an orders row). */
export interface ReceiptOrder {
  id: string;
  productName: string;
  sku?: string;
  userName: string;
  email: string;
  quantity: number;
  priceCents: number;
  taxCents?: number;
  transactionId: string | null;
  country: string;
  address: string;
  paidAt: Date | null;
  number?: number | null;
}

/** The invoice issued when the order was paid. */
export interface ReceiptInvoice {
  number: string;
  pdf: Buffer;
}

/** Issue #24: the order the lines belong to, when it is a checkout (its address, method and figures). */
export interface ReceiptCheckout {
  number: number;
  shipTo: AddressLike | null;
  shippingMethodName: string;
  shippingCarrier: string;
  shippingMinDays: number | null;
  shippingMaxDays: number | null;
  shippingCents: number;
  shippingTaxCents: number;
  taxIncluded: boolean;
  taxExempt: boolean;
  taxId: string;
  /** Issue #39: the buyer's EU VAT ID and the reverse charge (absent: none). */
  vatId?: string;
  reverseCharge?: boolean;
  /** Issue #37 item 4 (decision 205): the buyer's purchase-order number ('' or absent: none). */
  poNumber?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The receipt a customer gets once, when their order becomes paid (issue #24:
 * one receipt per order, headed "Paid" with the order number, listing each
 * line, then goods, shipping, tax and the total paid). A lone spec order is
 * an order of one line, with its own shipping and tax (decision 160).
 */
export function orderReceiptEmail(
  lines: ReceiptOrder[],
  checkout: ReceiptCheckout | null,
  publicUrl: string,
  /** Issue #25 (decision 156): the order's invoice, attached as its PDF. */
  invoice: ReceiptInvoice | null = null,
  /** Decision 188: a guest's order is followed through its signed link instead of My Orders. */
  guestUrl: string | null = null,
): MailMessage {
  const first = lines[0]!;
  const number = orderNumber(checkout?.number ?? first.number ?? 0);
  const goods = lines.reduce((s, o) => s + o.priceCents, 0);
  const shipping = checkout?.shippingCents ?? 0;
  const tax = lines.reduce((s, o) => s + (o.taxCents ?? 0), 0) + (checkout?.shippingTaxCents ?? 0);
  const taxIncluded = checkout?.taxIncluded ?? false;
  const total = formatUsd(fromCents(goods + shipping + (taxIncluded ? 0 : tax)));
  const paidAt = (first.paidAt ?? new Date()).toUTCString();
  const orderUrl = guestUrl ?? `${publicUrl}/dashboard/myorders/${number}`;
  const shipTo = checkout?.shipTo ? formatAddressLines(checkout.shipTo, true) : [first.address, first.country].filter(Boolean);
  const rows = lines.map((o) => ({
    product: o.productName,
    sku: o.sku ?? '',
    quantity: String(o.quantity),
    amount: formatUsd(fromCents(o.priceCents)),
  }));
  const method = checkout?.shippingMethodName
    ? `${checkout.shippingMethodName}, ${checkout.shippingCarrier}` +
      (checkout.shippingMinDays !== null && checkout.shippingMaxDays !== null
        ? ` (${deliveryEstimate(checkout.shippingMinDays, checkout.shippingMaxDays)})`
        : '')
    : '';
  const figures: [string, string][] = [
    ['Goods', formatUsd(fromCents(goods))],
    ...(checkout ? ([['Shipping', shipping === 0 ? 'Free' : formatUsd(fromCents(shipping))]] as [string, string][]) : []),
    ...(checkout
      ? ([[checkout.reverseCharge ? 'VAT 0 % (reverse charge)' : taxIncluded ? 'Tax included' : 'Tax', formatUsd(fromCents(tax))]] as [string, string][])
      : []),
    ['Total paid', total],
  ];
  const facts: [string, string][] = [
    ['Order', number],
    ...(checkout?.poNumber ? ([['Your PO number', checkout.poNumber]] as [string, string][]) : []),
    ...(invoice ? ([['Invoice', `${invoice.number} (PDF attached)`]] as [string, string][]) : []),
    ['Status', 'Paid'],
    ['Transaction id', first.transactionId ?? ''],
    ['Paid on', paidAt],
    ...(method ? ([['Shipping method', method]] as [string, string][]) : []),
    ...(checkout?.taxExempt ? ([['Tax exempt', checkout.taxId]] as [string, string][]) : []),
    ...(checkout?.vatId ? ([['VAT ID', `${checkout.vatId}${checkout.reverseCharge ? ' (reverse charge)' : ''}`]] as [string, string][]) : []),
    ...(shipTo.length ? ([['Ship to', shipTo.join(', ')]] as [string, string][]) : []),
    ...(checkout?.shipTo?.phone ? ([['Phone', checkout.shipTo.phone]] as [string, string][]) : []),
  ];
  const parts = lines.length === 1 ? `${first.productName} × ${first.quantity}` : `${lines.length} parts`;

  const text = [
    `Hello ${first.userName},`,
    '',
    `Paid: order ${number}. Thank you for your order at ${shop.name}. We have received your payment of ${total}${lines.length > 1 ? ` for ${lines.length} parts` : ''}.`,
    '',
    ...rows.map((l) => `${l.product} × ${l.quantity}: ${l.amount}${l.sku ? ` (part no. ${l.sku})` : ''}`),
    '',
    ...figures.map(([k, v]) => `${k}: ${v}`),
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    `Follow your order: ${orderUrl}`,
    ...(guestUrl
      ? [
          'This link opens your order without an account; keep it to yourself.',
          `To see the order in My Orders, create an account with ${first.email} and confirm the address from the e-mail we send.`,
        ]
      : []),
    '',
    `Questions? Reply to this e-mail or call us at ${shop.phone}.`,
    shop.name,
    shop.address,
  ].join('\n');

  const cell = 'style="border-bottom:1px solid #ddd"';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328">
<h1 style="font-size:20px">Paid — order ${escapeHtml(number)}</h1>
<p>Hello ${escapeHtml(first.userName)},<br>thank you for your order at ${escapeHtml(shop.name)}. We have received your payment of <strong>${escapeHtml(total)}</strong>.</p>
<table cellpadding="6" style="border-collapse:collapse"><tr><th align="left" ${cell}>Part</th><th align="right" ${cell}>Quantity</th><th align="right" ${cell}>Amount</th></tr>${rows
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.product)}${l.sku ? `<br><small>Part no. ${escapeHtml(l.sku)}</small>` : ''}</td><td align="right" ${cell}>${escapeHtml(l.quantity)}</td><td align="right" ${cell}>${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('')}${figures
    .map(([k, v]) => `<tr><th align="left" colspan="2" ${cell}>${escapeHtml(k)}</th><td align="right" ${cell}>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<table cellpadding="6" style="border-collapse:collapse;margin-top:12px">${facts
    .map(([k, v]) => `<tr><th align="left" ${cell}>${escapeHtml(k)}</th><td ${cell}>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<p><a href="${escapeHtml(orderUrl)}">Follow your order</a></p>${
    guestUrl
      ? `<p>This link opens your order without an account; keep it to yourself. To see the order in My Orders, create an account with ${escapeHtml(first.email)} and confirm the address from the e-mail we send.</p>`
      : ''
  }
<p style="color:#57606a">${escapeHtml(shop.name)} · ${escapeHtml(shop.address)} · ${escapeHtml(shop.phone)}</p>
</body></html>`;

  return {
    to: first.email,
    subject: `Your receipt from ${shop.name}: order ${number} paid, ${parts}, ${total}`,
    text,
    html,
    ...(invoice ? { attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.pdf }] } : {}),
  };
}

/** What the receipt of the spec's one-product purchase reads of its order (decision 160); empty method: placed before shipping existed. */
type SingleHead = Omit<ReceiptCheckout, 'shipTo'>;

/** The receipt of the spec's one-product purchase: its address is the one line the modal took. */
export const receiptEmail = (order: ReceiptOrder, head: SingleHead, publicUrl: string, invoice: ReceiptInvoice | null = null) =>
  orderReceiptEmail(
    [order],
    head.shippingMethodName
      ? {
          number: head.number,
          shipTo: null,
          shippingMethodName: head.shippingMethodName,
          shippingCarrier: head.shippingCarrier,
          shippingMinDays: head.shippingMinDays,
          shippingMaxDays: head.shippingMaxDays,
          shippingCents: head.shippingCents,
          shippingTaxCents: head.shippingTaxCents,
          taxIncluded: head.taxIncluded,
          taxExempt: head.taxExempt,
          taxId: head.taxId,
        }
      : null,
    publicUrl,
    invoice,
  );

/** Issue #24: what the receipt needs of a checkout row. */
export function receiptCheckoutOf(c: {
  number: number;
  shipName: string;
  shipCompany: string;
  shipLine1: string;
  shipLine2: string;
  shipCity: string;
  shipRegion: string;
  shipPostalCode: string;
  shipCountry: string;
  shipPhone: string;
  shippingMethodName: string;
  shippingCarrier: string;
  shippingMinDays: number | null;
  shippingMaxDays: number | null;
  shippingCents: number;
  shippingTaxCents: number;
  taxIncluded: boolean;
  taxExempt: boolean;
  taxId: string;
  vatId?: string;
  reverseCharge?: boolean;
  poNumber?: string;
}): ReceiptCheckout {
  return {
    ...c,
    shipTo: c.shipCountry
      ? {
          name: c.shipName,
          company: c.shipCompany,
          line1: c.shipLine1,
          line2: c.shipLine2,
          city: c.shipCity,
          region: c.shipRegion,
          postalCode: c.shipPostalCode,
          country: c.shipCountry,
          phone: c.shipPhone,
        }
      : null,
  };
}
