import { formatCount } from '../intl';
/**
 * The API's answers to the order rules of issue #22, shown by the web app as
 * the server's message (toasts, the checkout modal, the payment page).
 */
export const orderRulesCopy = {
  /** A quantity outside minOrder..stock (the spec's toast, with the range the server allows). */
  quantityRange: (minOrder: number, stock: number) => `Please enter a valid quantity! Order between ${minOrder} and ${stock} units.`,
  /** One account's unpaid reservations, all its unpaid orders together (spec orders and checkout lines). */
  tooManyLines: (lines: number, max: number) =>
    `This would bring your unpaid orders to ${formatCount(lines)} lines, more than one customer may reserve at once (limit: ${formatCount(max)} lines). Pay or cancel an unpaid order, or wait until one expires, then order again.`,
  cartTooLong: (lines: number, max: number) =>
    `Your cart has ${formatCount(lines)} lines, more than one customer may reserve at once (limit: ${formatCount(max)} lines). Remove some lines and check out again.`,
  tooManyUnits: (units: number, max: number) =>
    `This would bring your unpaid orders to ${formatCount(units)} units, more than one customer may reserve at once (limit: ${formatCount(max)} units). Pay or cancel an unpaid order, or order fewer units.`,
  valueTooHigh: (value: string, max: string) =>
    `This would bring your unpaid orders to ${value}, more than one customer may reserve at once (limit: ${max}). Pay or cancel an unpaid order, or order less.`,
  /** A line of a multi-line checkout is never paid on its own. */
  payWithCheckout:
    'This order is one line of a checkout and is paid only together with the other lines: pay the whole checkout (Pay in My Orders opens its payment page).',
  /** Told after the reason when a payment that succeeded could not be recorded (a second payment, a line paid on its own). */
  paymentRefunded: 'That payment could not be recorded and has been refunded in full.',
  paymentRefundDue: 'That payment could not be recorded: the shop will refund it in full; you do not need to do anything.',
  /** Issue #34: the reason on the refund (and its credit note) the shop makes on its own for a payment that came too late. */
  paidAfterSoldOutReason: 'Paid after the order expired, when its parts were sold out: refunded by the shop.',
  /** Reserving stock needs a verified e-mail address (issue #22): 403 EMAIL_NOT_VERIFIED on POST /order and POST /checkout. */
  emailNotVerified:
    'Please verify your e-mail address before ordering: we sent you a link. Open it, then place your order again; no e-mail? Send the link again.',
  /** The button beside that message, and what it says once the e-mail went out. */
  resendVerification: 'Send the verification e-mail again',
  verificationSent: 'Verification e-mail sent. Open the link in it, then place your order again.',
  paymentWasRefunded: 'This payment could not be recorded and was refunded (or is being refunded) in full: it cannot pay anything any more.',
} as const;
