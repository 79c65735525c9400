export const partPageCopy = {
  back: 'Back to all parts',
  loading: 'Loading the part…',
  gallery: 'Pictures of this part',
  choosePicture: 'Choose a picture',
  showPicture: (n: number, total: number) => `Show picture ${n} of ${total}`,
  pictureAlt: (name: string, n: number, total: number) => (total > 1 ? `${name}, picture ${n} of ${total}` : name),
  lotPrice: (minOrder: string) => `per lot of ${minOrder} units`,
  /**
   * Issue #24: the lot price in a workshop's words, "$249 per lot of 10 · $24.90 each";
   * "about" when a unit's price is rounded to the cent (a lot of 3 at $10: "about $3.33 each").
   */
  lotAndEach: (lotPrice: string, minOrder: string, each: string, exact: boolean) => `${lotPrice} per lot of ${minOrder} · ${exact ? '' : 'about '}${each} each`,
  /** Any whole quantity from the minimum order up to the stock is valid (isValidQuantity): no need to buy whole lots. */
  anyQuantity: (minOrder: string) => `Order any quantity from ${minOrder}, not only whole lots.`,
  perUnitNote: 'Price rule: unit price ÷ minimum order × quantity.',
  inStock: 'In stock',
  soldOut: 'Sold out: fewer units are left than the minimum order.',
  units: (n: string) => `${n} units`,
  details: 'Part details',
  description: 'Description',
  orderHint: 'You choose the quantity on the next page; visitors sign in first.',
  /** Issue #26 item 5: the bikes a part fits, and a fit check for the rider's bike. */
  fitmentTitle: 'Fits these bikes',
  fitmentList: 'Bikes this part fits',
  universal: 'Fits every bike (universal part)',
  checkFit: 'Check fit',
  checkAnother: 'Check another bike',
  checkFitHint: 'Choose your bike to see whether this part fits it.',
  fitsYour: (vehicle: string) => `Fits your ${vehicle}`,
  doesNotFitYour: (vehicle: string) => `Does not fit your ${vehicle}`,
  doesNotFitHint: 'Compare with the bikes listed here, or choose another part.',
  notFoundTitle: 'Part not found',
  notFoundText: 'We could not find this part. It may have been removed from the catalogue, or the link is mistyped.',
  browseParts: 'Browse all parts',
  metaDescription: (name: string, sku: string, brand: string, price: string, minOrder: number) =>
    `${name} (${brand}, part no. ${sku}): ${price} per lot of ${minOrder}. Bulk motorcycle parts for workshops and dealers.`,
} as const;
