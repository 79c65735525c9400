import { formatCount } from '../intl';
/**
 * Issue #25 item 3 (decision 162): refunds — the admin's Refund… dialog and the
 * order page's Refunds section.
 */
export const refundsCopy = {
  // The order page.
  title: 'Refunds',
  refundedBadge: (full: boolean) => (full ? 'Refunded' : 'Partly refunded'),
  refundOf: (amount: string) => `Refund of ${amount}`,
  pending: 'waiting for the payment provider',
  refundedLine: (part: string, quantity: number) => `${formatCount(quantity)} × ${part}`,
  shippingLine: 'Shipping',
  extraLine: 'Other credit',
  restocked: 'Units back in stock',
  reason: 'Reason',
  creditNote: (n: string) => `Credit note ${n}`,
  downloadCreditNote: (n: string) => `Download credit note ${n} (PDF)`,
  totalRefunded: 'Refunded in all',
  // Issue #39 item 6 (decision 184): the order summary's last two rows once something went back.
  summaryRefunded: 'Refunded',
  summaryNetPaid: 'Net paid',
  summaryNetPaidHint: 'Total less what was refunded',
  // The admin's dialog.
  refundButton: 'Refund…',
  refundDueButton: 'Refund now…',
  dialogTitle: (order: string) => `Refund order ${order}`,
  dialogIntro: 'The money goes back to the card that paid, through the payment provider. The customer gets an e-mail with a credit note.',
  linesLegend: 'Units to refund',
  lineLeft: (left: number, ordered: number) =>
    left === 0 ? 'refunded' : left === ordered ? `${formatCount(ordered)} paid` : `${formatCount(left)} of ${formatCount(ordered)} left`,
  quantityLabel: (part: string) => `Units of ${part} to refund`,
  shippingLabel: (amount: string) => `Refund the shipping (${amount} with its tax)`,
  shippingDone: 'The shipping is refunded already.',
  extraLabel: 'Other amount (USD)',
  extraHint: 'A goodwill credit or a price correction, on top of the lines.',
  extraInvalid: 'Enter an amount in dollars and cents, such as 12.50.',
  reasonLabel: 'Reason',
  reasonHint: 'The customer reads it in the e-mail and on the credit note.',
  restockLabel: 'Put the refunded units back in stock',
  leftToRefund: (amount: string) => `Left to refund on this order: ${amount}`,
  submit: (amount: string) => `Refund ${amount}`,
  cancel: 'Cancel',
  refunded: (amount: string, order: string) => `Refunded ${amount} of order ${order}.`,
} as const;
