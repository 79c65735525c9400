/**
 * Issue #39 item 9 (decision 189): the customer cancels a paid order that has not shipped, on its order page, and is
 * refunded in full.
 */
export const cancelPaidCopy = {
  button: 'Cancel order',
  hint: 'Nothing has shipped yet: you can still cancel this order and get all your money back.',
  dialogTitle: (number: string) => `Cancel order ${number}?`,
  dialogBody: (amount: string) => `We refund ${amount}, everything you paid, to the card you paid with, and the parts go back on sale. This cannot be undone.`,
  dialogNote: 'Banks usually show a refund within 5 to 10 business days. You get an e-mail with the credit note.',
  confirm: (amount: string) => `Cancel and refund ${amount}`,
  keep: 'Keep my order',
  done: (number: string, amount: string) => `Order ${number} is cancelled: ${amount} refunded.`,
  cancelledHint: (amount: string, pending: boolean) =>
    pending
      ? `You cancelled this order before it shipped. The refund of ${amount} is waiting for the payment provider; it completes on its own.`
      : `You cancelled this order before it shipped, and ${amount}, everything you paid, was refunded to your card. Its parts went back on sale.`,
} as const;
