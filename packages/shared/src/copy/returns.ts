import { formatCount } from '../intl';
/**
 * Issue #25 item 4 (decision 163): returns — the customer's Return parts…
 * dialog, the order page's Returns section and the admin's steps.
 */
export const returnsCopy = {
  title: 'Returns',
  status: {
    requested: 'Requested',
    approved: 'Approved: send the parts back',
    rejected: 'Not accepted',
    received: 'Received',
    refunded: 'Refunded',
  },
  requestedOn: (day: string) => `Asked for on ${day}`,
  reason: 'Reason',
  yourNote: 'Your note',
  shopNote: 'From the shop',
  // The customer's dialog.
  returnButton: 'Return parts…',
  windowOpen: (day: string) => `You can ask to return parts until ${day}.`,
  dialogTitle: (order: string) => `Return parts of order ${order}`,
  dialogIntro: 'Choose the parts and why. We answer within two business days and tell you where to send them; please do not send anything before.',
  linesLegend: 'Units to return',
  lineLeft: (left: number) => (left === 0 ? 'nothing to return' : `up to ${formatCount(left)}`),
  quantityLabel: (part: string) => `Units of ${part} to return`,
  nothingChosen: 'Enter how many units of at least one part you return.',
  reasonLabel: 'Why do you return them?',
  reasonPlaceholder: 'Choose a reason',
  reasonMissing: 'Choose why you return them.',
  noteLabel: 'Anything we should know? (optional)',
  submit: 'Ask to return',
  cancel: 'Cancel',
  requested: (order: string) => `Return of parts of order ${order} asked for. We have e-mailed you a copy.`,
  // The admin's steps.
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Mark received',
  /** Issue #39 item 2 (decision 180): marking a return received asks first. */
  receiveTitle: 'Mark this return received?',
  receiveAsk: (order: string) => `Have these parts of order ${order} arrived back at the shop?`,
  receiveHint: 'The customer is e-mailed that they arrived; the return can then be refunded.',
  refund: 'Refund…',
  stepTitle: { approve: 'Approve this return', reject: 'Reject this return' },
  stepNoteLabel: 'Note to the customer (optional)',
  stepNoteHint: 'It is in the e-mail the customer gets.',
  refundTitle: 'Refund this return',
  refundIntro: (amount: string) => `The returned units are refunded through the payment provider: ${amount}.`,
  restockLabel: 'Put the returned units back in stock',
  shippingLabel: 'Refund the shipping too',
  refundSubmit: (amount: string) => `Refund ${amount}`,
  done: {
    approve: 'Return approved: the customer is told where to send the parts.',
    reject: 'Return rejected: the customer is told.',
    receive: 'Return marked received.',
    refund: (amount: string) => `Return refunded: ${amount}.`,
  },
} as const;
