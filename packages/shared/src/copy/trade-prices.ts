/** Issue #37 item 2 (decision 206): a trade buyer's own prices, shown over the public ones once signed in. */
export const tradePricesCopy = {
  /** The part page's box and a card's line. */
  title: 'Your trade price',
  cardLabel: 'Your price',
  /** The public price beside it, for comparison. */
  publicPrice: (lot: string) => `List price ${lot} per lot`,
  tiers: 'Your bulk prices',
  note: 'Your company’s price list: the cart and checkout charge it.',
};
