/** Issue #11 part 5: quantity price tiers (decision 131). */
export const priceTiersCopy = {
  title: 'Bulk prices',
  quantityHeader: 'Quantity',
  /** Issue #39: the price of one piece first, the lot's beside it. */
  priceHeader: 'Price each',
  lotHeader: 'Per lot',
  base: (minOrder: string) => `From ${minOrder} units`,
  from: (minQuantity: string) => `From ${minQuantity} units`,
  perLot: (price: string) => `${price} per lot`,
  /** One line, as the cart shows the tier that applies: "from 20 units: $4.00 each ($8.00 per lot)". */
  line: (minQuantity: string, each: string, lot: string) => `from ${minQuantity} units: ${each} (${lot} per lot)`,
  applies: 'Applies',
  appliesTo: (quantity: string) => `Your quantity of ${quantity} units gets this price.`,
  nextTier: (more: string, minQuantity: string, each: string, lot: string) => `Order ${more} more units (${minQuantity} in all) for ${each} (${lot} per lot).`,
  note: 'The price of the largest quantity reached applies to the whole order.',
  // The product form (dashboard).
  formTitle: 'Bulk prices (optional)',
  formHint: 'From a quantity above the minimum order on, a lower price per lot applies to the whole order. At most 10 tiers.',
  fromQuantity: 'From quantity',
  tierPrice: 'Price per lot ($)',
  tierQuantityLabel: (n: number) => `Tier ${n}: from quantity`,
  tierPriceLabel: (n: number) => `Tier ${n}: price per lot`,
  addTier: 'Add a price tier',
  removeTier: (n: number) => `Remove tier ${n}`,
  none: 'No bulk prices: every quantity is priced at the unit price.',
  quantityRequired: 'Tier quantity is Required',
  priceRequired: 'Tier price is Required',
} as const;
