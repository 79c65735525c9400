export const purchaseCopy = {
  placeOrder: 'Place Order',
  ratingsHint: 'Give Ratings Between 1-5',
} as const;
