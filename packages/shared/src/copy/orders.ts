export const ordersCopy = {
  pay: 'pay',
  pending: 'Pending...',
  paid: 'Paid',
  notPaid: 'Not paid',
  deliverButton: 'Dleverd',
  cancel: 'Cancel',
  confirmCancel: (product: string) => `Are you sure? Cancel order for ${product}`,
  confirmDeliver: 'Deleverd order for',
  confirmDelete: 'for Delete',
  confirmMakeAdmin: 'for make admin',
  adminLabel: 'Admin',
  // Issue #8: reservations that expire.
  reservedFor: (minutes: number) => `Reserved for ${minutes} min`,
  expired: 'Expired',
  /** Issue #25 item 5: a cancelled order stays in My Orders. */
  cancelled: 'Cancelled',
  expiredHint: 'The reservation ran out and the parts went back into stock. Order again to buy them.',
  refundDue: 'Paid after expiry: refund',
  /** What the customer sees for the same order (the admin refunds it). */
  refundDueCustomer: 'Refund on its way',
  refundDueCustomerHint: 'Your payment arrived after the reservation ran out and the parts were sold. We refund it to your card.',
} as const;
