/**
 * The API's answers to the order rules of issue #22, shown by the web app as
 * the server's message (toasts, the checkout modal, the payment page).
 */
export const orderRulesCopy = {
  /** One account's unpaid reservations, all its unpaid orders together (spec orders and checkout lines). */
  tooManyLines: (lines: number, max: number) =>
    `This would bring your unpaid orders to ${lines.toLocaleString('en-US')} lines, more than one customer may reserve at once (limit: ${max.toLocaleString('en-US')} lines). Pay or cancel an unpaid order, or wait until one expires, then order again.`,
  cartTooLong: (lines: number, max: number) =>
    `Your cart has ${lines.toLocaleString('en-US')} lines, more than one customer may reserve at once (limit: ${max.toLocaleString('en-US')} lines). Remove some lines and check out again.`,
  tooManyUnits: (units: number, max: number) =>
    `This would bring your unpaid orders to ${units.toLocaleString('en-US')} units, more than one customer may reserve at once (limit: ${max.toLocaleString('en-US')} units). Pay or cancel an unpaid order, or order fewer units.`,
  valueTooHigh: (value: string, max: string) =>
    `This would bring your unpaid orders to ${value}, more than one customer may reserve at once (limit: ${max}). Pay or cancel an unpaid order, or order less.`,
} as const;
