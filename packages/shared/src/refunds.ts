/**
 * Issue #25 item 3 (decision 162): what a refund of a paid order gives back,
 * in integer cents. Used by the API (which decides) and the refund dialog
 * (which previews the same figures).
 *
 * - A line refunds whole units: goods and tax in proportion to the units,
 *   counted on the units refunded so far, so that refunding a line in parts
 *   never gives back a cent more or less than refunding it at once
 *   (round(P·(done+q)/Q) − round(P·done/Q), half-up).
 * - Shipping is refunded whole, with its tax, once.
 * - An extra amount (a goodwill credit, a price correction) is free, up to what
 *   is left of the payment.
 * - With prices including tax, the tax is inside the goods and shipping; else
 *   it is added, as it was charged.
 */

export interface RefundableLine {
  orderId: string;
  quantity: number;
  priceCents: number;
  taxCents: number;
  /** Units refunded already. */
  refundedQuantity: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  shippingCents: number;
  shippingTaxCents: number;
  shippingRefunded: boolean;
  taxIncluded: boolean;
  /** What the payment took. */
  paidCents: number;
  /** What refunds gave back already (or are giving back). */
  refundedCents: number;
}

export interface RefundWanted {
  lines: readonly { orderId: string; quantity: number }[];
  shipping: boolean;
  extraCents: number;
}

export interface RefundFigures {
  lines: { orderId: string; quantity: number; goodsCents: number; taxCents: number }[];
  goodsCents: number;
  shippingCents: number;
  /** Tax of the lines and of the shipping refunded. */
  taxCents: number;
  extraCents: number;
  /** What goes back to the card. */
  totalCents: number;
}

export const REFUND_MESSAGES = {
  nothing: 'Choose lines, the shipping or an amount to refund.',
  unknownLine: 'That line is not part of this order.',
  tooMany: (left: number) => `Only ${left} unit${left === 1 ? '' : 's'} of that line are left to refund.`,
  shippingDone: 'The shipping of this order is refunded already.',
  noShipping: 'This order has no shipping charge to refund.',
  tooMuch: (left: string) => `That is more than is left to refund on this order (${left}).`,
  fullyRefunded: 'This order is refunded in full already.',
} as const;

const share = (cents: number, part: number, whole: number) => Math.floor((cents * part * 2 + whole) / (2 * whole));
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The figures of this refund, or the reason it cannot be made. */
export function refundFigures(order: RefundableOrder, wanted: RefundWanted): { ok: true; figures: RefundFigures } | { ok: false; message: string } {
  const left = order.paidCents - order.refundedCents;
  if (left <= 0) return { ok: false, message: REFUND_MESSAGES.fullyRefunded };
  const lines: RefundFigures['lines'] = [];
  for (const want of wanted.lines) {
    if (want.quantity === 0) continue;
    const line = order.lines.find((l) => l.orderId === want.orderId);
    if (!line) return { ok: false, message: REFUND_MESSAGES.unknownLine };
    const open = line.quantity - line.refundedQuantity;
    if (want.quantity > open) return { ok: false, message: REFUND_MESSAGES.tooMany(open) };
    const done = line.refundedQuantity;
    const to = done + want.quantity;
    lines.push({
      orderId: line.orderId,
      quantity: want.quantity,
      goodsCents: share(line.priceCents, to, line.quantity) - share(line.priceCents, done, line.quantity),
      taxCents: share(line.taxCents, to, line.quantity) - share(line.taxCents, done, line.quantity),
    });
  }
  if (wanted.shipping && order.shippingRefunded) return { ok: false, message: REFUND_MESSAGES.shippingDone };
  if (wanted.shipping && order.shippingCents === 0) return { ok: false, message: REFUND_MESSAGES.noShipping };
  const shippingCents = wanted.shipping ? order.shippingCents : 0;
  const shippingTaxCents = wanted.shipping ? order.shippingTaxCents : 0;
  const goodsCents = lines.reduce((s, l) => s + l.goodsCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0) + shippingTaxCents;
  const totalCents = goodsCents + shippingCents + (order.taxIncluded ? 0 : taxCents) + wanted.extraCents;
  if (totalCents <= 0) return { ok: false, message: REFUND_MESSAGES.nothing };
  if (totalCents > left) return { ok: false, message: REFUND_MESSAGES.tooMuch(usd(left)) };
  return { ok: true, figures: { lines, goodsCents, shippingCents, taxCents, extraCents: wanted.extraCents, totalCents } };
}
