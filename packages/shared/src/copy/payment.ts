export const paymentCopy = {
  success: 'Congrats! Your payment is completed.',
  pay: 'Pay',
  testMode: 'Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date and any CVC.',
  /** On every page when production runs the test processor (ALLOW_TEST_PAYMENTS=true, issue #7). */
  testModeBanner: 'Test mode: no real payments are taken',
  testModeRegion: 'Test mode',
  /** The admin's mark on an order paid without real money. */
  testBadge: 'TEST',
  testBadgeLabel: 'Test payment: no real money was taken',
  // Decision 208: the test processor's invoice page (Stripe's hosted invoice page in test mode).
  /** '' gives the words before the order number, which the page sets apart so it never breaks. */
  invoiceTitle: (number: string | null) => (number === null ? 'Invoice' : `Invoice for order ${number}`.trimEnd()),
  invoiceDescription: 'Pay an invoice of an order placed on account.',
  invoiceAmount: 'Amount due',
  invoiceDue: 'Due on',
  invoiceOpen: 'Open',
  invoicePaid: 'Paid',
  invoiceVoid: 'Void',
  invoicePaidNote: 'This invoice is paid. Thank you!',
  invoiceVoidNote: 'This invoice was voided: its order was changed or cancelled. The order page has its current invoice.',
  invoiceNotFound: 'There is no invoice at this address. Please use the link in your invoice e-mail.',
  invoiceSuccess: 'Payment received: the invoice is paid.',
  viewOrder: 'View the order',
} as const;
