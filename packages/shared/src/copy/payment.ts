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
} as const;
